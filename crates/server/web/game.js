// A game, for any ruleset: the board (drawn by the ruleset's own module), the
// actions the server says are legal, odds and previews before committing, who has
// committed, the event log, resigning. Every rule is the server's.
import { h, s, clear, toast, setConnection, pct, SEAT_COLOURS, sameAction } from "/web/ui.js";
import { api, tokenFor, rulesets, board as loadBoard } from "/web/api.js";

export async function showGame(app, id, { spectate }) {
  const token = spectate ? null : tokenFor(id);
  const { boardMod, rulesetName } = await loadBoardFor(id, token);
  const el = {
    head: h("div", { class: "game-head", id: "game-head" }),
    board: h("section", { class: "board", id: "board", "aria-label": "Board" }),
    seats: h("div", { id: "seat-status", class: "seat-status" }),
    panel: h("div", { id: "ruleset-panel" }),
    pending: h("div", { id: "pending", class: "pending", "aria-live": "polite" }),
    actions: h("div", { id: "actions", class: "actions" }),
    card: h("div", { id: "unit-card", class: "card" }),
    log: h("ol", { id: "log", class: "log", "aria-label": "Event log" }),
  };
  app.append(h("div", { class: "game" },
    h("div", { class: "board-area" }, zoomBar(el.board), el.board),
    h("aside", { class: "side" },
      el.head, el.seats, el.pending, el.panel,
      h("details", { open: true, class: "panel" }, h("summary", { text: "Actions" }), el.actions),
      el.card,
      h("details", { open: true, class: "panel" }, h("summary", { text: "Log" }), el.log))));

  const g = {
    id, token, st: null, pending: null, ui: {}, filter: "", closed: false, events: [],
  };
  const ctx = {
    h, s, pct, colours: SEAT_COLOURS,
    get seat() { return g.st ? g.st.seat : null; },
    ui: g.ui,
    panel: el.panel,
    card: el.card,
    choose: (action) => choose(action),
    preview: (action) => api("POST", `/api/games/${id}/preview`, { action }, token).then((r) => r.preview),
    odds: (action) => api("POST", `/api/games/${id}/odds`, { action }, token),
    rerender: () => render(),
    legalWithText: () => (g.st ? g.st.legal.map((a, i) => ({ action: a, text: (g.st.legal_text || [])[i] || plainText(a) })) : []),
  };

  async function choose(action) {
    const i = g.st.legal.findIndex((a) => sameAction(a, action));
    const text = i >= 0 && g.st.legal_text ? g.st.legal_text[i] : plainText(action);
    g.pending = { action, text, odds: null, preview: null };
    const mine = g.pending;
    drawPending();
    const [odds, preview] = await Promise.all([
      ctx.odds(action).then((r) => (r.odds ? r : null)).catch(() => null),
      ctx.preview(action).catch(() => null),
    ]);
    if (g.pending !== mine) return;
    mine.odds = odds;
    mine.preview = preview;
    drawPending();
    render();
  }

  async function commit() {
    const p = g.pending;
    if (!p) return;
    g.pending = null;
    drawPending();
    // The choice is made: the selection and its narrowing go (the new state may
    // arrive on the WebSocket before the POST answers).
    g.ui.selected = null;
    g.ui.actionFilter = null;
    g.ui.facingAt = null;
    render();
    try {
      await api("POST", `/api/games/${id}/actions`, { action: p.action }, token);
    } catch (e) {
      toast(e.message);
    }
  }

  function drawPending() {
    clear(el.pending);
    const p = g.pending;
    ctx.ui.pending = p;
    if (!p) return;
    const items = [h("div", { class: "pending-text" }, h("strong", { text: "Your choice: " }), p.text)];
    // The odds' and previews' shapes are the ruleset's: its board reads them.
    const rows = p.odds && boardMod && boardMod.oddsRows ? boardMod.oddsRows(p.odds.odds, g.st.view) : [];
    if (p.odds && (p.odds.text || rows.length)) items.push(oddsBox(p.odds.text, rows));
    const pv = p.preview && boardMod && boardMod.previewBox ? boardMod.previewBox(p.preview, ctx) : null;
    if (pv) items.push(pv);
    items.push(h("div", { class: "row" },
      h("button", { id: "confirm", class: "primary", onclick: commit, text: "Confirm (Enter)" }),
      " ",
      h("button", { id: "cancel", onclick: () => { g.pending = null; drawPending(); render(); }, text: "Cancel (Esc)" })));
    el.pending.append(...items);
    el.pending.querySelector("#confirm").focus();
  }

  function render() {
    if (!g.st) return;
    const st = g.st;
    const v = st.view;
    el.head.dataset.hash = st.status.hash;
    el.head.dataset.events = String(st.next);
    clear(el.head).append(...[
      h("h2", {}, `${st.ruleset_name || ""} ${v.scenario || ""}`.trim()),
      h("div", {}, `Turn ${st.status.turn} · ${st.status.phase.replaceAll("_", " ")} · `,
        st.seat === null ? "spectating" : h("span", { style: `color:${SEAT_COLOURS[st.seat]}` }, `you are seat ${st.seat}`)),
      st.status.terminal ? h("div", { class: "outcome", id: "outcome" }, outcomeText(st)) : null,
      h("div", { class: "row" },
        st.seat !== null && !st.status.terminal ? h("button", { id: "resign", onclick: resign, text: "Resign" }) : null,
        " ", h("a", { href: `#/replay/${id}`, text: st.status.terminal ? "Replay" : "Replay so far" }))].filter(Boolean));
    drawSeats(st);
    drawActions();
    if (boardMod) {
      try {
        boardMod.render(el.board, st, ctx);
      } catch (e) {
        console.warn("board:", e);
        clear(el.board).append(h("pre", { text: JSON.stringify(v, null, 1) }));
      }
    } else {
      clear(el.board).append(h("pre", { class: "raw", text: JSON.stringify(v, null, 1) }));
    }
  }

  function drawSeats(st) {
    clear(el.seats);
    const n = (st.outcome && st.outcome.scores) ? st.outcome.scores.length : 2;
    // Simultaneous decisions: a seat that owed one and no longer does has committed.
    const simultaneous = st.status.to_move.length > 1;
    g.owed = simultaneous ? new Set(st.status.to_move)
      : g.owed && st.status.to_move.length && st.status.to_move.every((x) => g.owed.has(x)) ? g.owed : new Set();
    for (let i = 0; i < n; i++) {
      const owes = st.status.to_move.includes(i);
      let state = owes ? "deciding…" : "waiting";
      if (g.owed.has(i) && !owes && !st.status.terminal) state = "committed ✓";
      if (st.status.terminal) state = st.outcome.winners && st.outcome.winners.includes(i) ? "won" : "—";
      el.seats.append(h("span", { class: "chip" + (owes ? " owes" : ""), "data-seat": i, style: `border-color:${SEAT_COLOURS[i]}` },
        `Seat ${i}${i === st.seat ? " (you)" : ""}: ${state}`));
    }
    if (st.seat !== null && st.status.to_move.includes(st.seat) && !st.status.terminal) {
      el.seats.append(h("div", { class: "your-turn", id: "your-turn", text: "Your decision." }));
    }
  }

  function drawActions() {
    clear(el.actions);
    const st = g.st;
    if (st.seat === null) return el.actions.append(h("p", { text: "Spectating: no actions." }));
    if (g.offline) return el.actions.append(h("p", { class: "bad", id: "offline", text: "The connection is lost: actions wait until it is back." }));
    if (!st.legal.length) return el.actions.append(h("p", { text: st.status.terminal ? "The game is over." : "Nothing to decide now; waiting for the others." }));
    const filter = h("input", { id: "filter", type: "search", placeholder: "filter actions (e.g. a hex, a ship)", value: g.filter, "aria-label": "Filter actions" });
    const list = h("ul", { class: "action-list", id: "action-list" });
    let keep = ctx.ui.actionFilter;
    // A selection with nothing to decide narrows nothing.
    if (keep && !st.legal.some((a) => keep(a))) keep = null;
    const drawList = () => {
      clear(list);
      const f = g.filter.toLowerCase();
      let shown = 0;
      ctx.legalWithText().forEach(({ action, text }, i) => {
        if (keep && !keep(action)) return;
        if (f && !text.toLowerCase().includes(f)) return;
        if (shown++ >= 200) return;
        list.append(h("li", {}, h("button", { class: "action", "data-index": i, onclick: () => choose(action), text })));
      });
      if (shown > 200) list.append(h("li", { text: `… ${shown - 200} more: filter to see them` }));
      if (!shown) list.append(h("li", { text: "No action matches." }));
    };
    filter.addEventListener("input", () => { g.filter = filter.value; drawList(); });
    drawList();
    el.actions.append(...[
      keep ? h("p", { class: "hint" }, `Showing ${ctx.ui.actionFilterName || "the selection"}'s actions. `,
        h("button", { onclick: () => { ctx.ui.actionFilter = null; ctx.ui.selected = null; render(); }, text: "Show all" })) : null,
      filter, list].filter(Boolean));
  }

  async function resign() {
    if (!confirm("Resign this game? The other seats win.")) return;
    try {
      await api("POST", `/api/games/${id}/resign`, {}, token);
    } catch (e) {
      toast(e.message);
    }
  }

  function addEvents(events) {
    for (const e of events) {
      el.log.append(h("li", { class: "event", text: e.text || JSON.stringify(e.event) }));
    }
    el.log.scrollTop = el.log.scrollHeight;
  }

  // An action without the ruleset's words (a long list comes without texts): its
  // fields as they read, "place · x 1 · y 34 · course 0 · speed 0".
  function plainText(a) {
    if (a === null || typeof a !== "object") return String(a);
    const parts = [];
    if ("kind" in a) parts.push(String(a.kind).replaceAll("_", " "));
    for (const [k, v] of Object.entries(a)) {
      if (k === "kind") continue;
      parts.push(`${k.replaceAll("_", " ")} ${v !== null && typeof v === "object" ? JSON.stringify(v) : v}`);
    }
    return parts.join(" · ");
  }

  // A compact legal list (docs/server.md): each product's fields, every combination
  // an action the server listed. Decoding only: which actions exist is the server's.
  function expandLegal(compact) {
    const out = [];
    for (const c of compact) {
      if ("one" in c) { out.push(c.one); continue; }
      let acc = [{}];
      for (const [k, vals] of Object.entries(c.product || {})) {
        acc = acc.flatMap((m) => vals.map((v) => ({ ...m, [k]: v })));
      }
      out.push(...acc);
    }
    return out;
  }

  // The WebSocket: one state message on connect and after every change.
  let ws = null;
  let retry = 500;
  function connect() {
    if (g.closed) return;
    // Whole states on every change; a long legal list comes as products (`legal=auto`).
    const q = new URLSearchParams({ describe: "1", push: "full", legal: "auto" });
    if (token) q.set("token", token);
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws?${q}`);
    setConnection("connecting…", "wait");
    let first = true;
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === "state") {
        if (first) {
          clear(el.log);
          first = false;
        }
        retry = 500;
        g.offline = false;
        setConnection("connected", "ok");
        if (msg.legal_compact) msg.legal = expandLegal(msg.legal_compact);
        g.st = msg;
        g.st.ruleset_name = g.rulesetName;
        addEvents(msg.events || []);
        if (msg.timed_out !== undefined) toast(`Seat ${msg.timed_out}'s clock ran out: the default action was played.`, "info");
        render();
      } else if (msg.type === "error" || msg.ok === false) {
        toast((msg.error && msg.error.message) || "error");
      }
    };
    ws.onclose = () => {
      if (g.closed) return;
      setConnection("connection lost — reconnecting…", "bad");
      g.offline = true;
      g.pending = null;
      drawPending();
      render();
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  const keys = (e) => {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT")) return;
    if (e.key === "Escape" && g.pending) { g.pending = null; drawPending(); render(); }
    if (e.key === "+" || e.key === "=") zoomBy(el.board, 1.25);
    if (e.key === "-") zoomBy(el.board, 0.8);
  };
  document.addEventListener("keydown", keys);

  try {
    const info = await api("GET", `/api/games/${id}?describe=1`, undefined, token);
    g.rulesetName = rulesetName;
    g.st = info;
    addEvents([]);
  } catch (e) {
    clear(app).append(h("div", { class: "panel" }, h("h2", { text: "This game cannot be opened" }), h("p", { text: e.message }), h("a", { href: "#/", text: "Back to the lobby" })));
    return null;
  }
  connect();
  return () => {
    g.closed = true;
    document.removeEventListener("keydown", keys);
    if (ws) ws.close();
  };
}

// Zoom for the board, whatever draws it: the board's drawing scales with `--zoom`
// and the board area scrolls. Buttons, or + and − on the keyboard.
function zoomBy(board, f) {
  const z = Math.min(4, Math.max(1, (Number(board.style.getPropertyValue("--zoom")) || 1) * f));
  board.style.setProperty("--zoom", z.toFixed(3));
  board.dataset.zoom = z.toFixed(2);
}

export function zoomBar(board) {
  return h("div", { class: "zoom", role: "group", "aria-label": "Zoom" },
    h("button", { id: "zoom-in", "aria-label": "Zoom in (+)", title: "Zoom in (+)", onclick: () => zoomBy(board, 1.25), text: "+" }),
    h("button", { id: "zoom-out", "aria-label": "Zoom out (−)", title: "Zoom out (−)", onclick: () => zoomBy(board, 0.8), text: "−" }),
    h("button", { id: "zoom-fit", "aria-label": "Fit to the window", title: "Fit", onclick: () => zoomBy(board, 0), text: "fit" }));
}

async function loadBoardFor(id, token) {
  try {
    const r = await api("GET", `/api/games/${id}/record`, undefined, token);
    const all = await rulesets();
    const info = all.find((x) => x.id === r.record.ruleset);
    return { boardMod: await loadBoard(r.record.ruleset), rulesetName: info ? info.name : r.record.ruleset };
  } catch (e) {
    return { boardMod: null, rulesetName: "" };
  }
}

export function outcomeText(st) {
  const o = st.outcome || {};
  const w = (o.winners || []).map((x) => `seat ${x}`).join(", ");
  const scores = (o.scores || []).map((x, i) => `seat ${i}: ${x}`).join(", ");
  return `Game over. ${w ? "Winner: " + w + "." : "No winner."} ${o.reason || ""} Scores: ${scores}.`;
}

// The exact odds of an attack, as the server computed them: its one-line summary
// and one row per attack as the board reads the ruleset's odds
// (`{what, p_hit, p_removed, dist, note}`), the damage distribution as bars.
function oddsBox(text, entries) {
  const box = h("div", { class: "odds", id: "odds" }, h("strong", { text: "Odds: " }), text || "");
  const rows = entries.map((a) => h("tr", {},
    h("td", { text: a.what || "attack" }),
    h("td", { text: a.p_hit !== undefined ? pct(a.p_hit) : "" }),
    h("td", { text: a.p_removed !== undefined ? pct(a.p_removed) : "" }),
    h("td", {}, a.dist ? distBars(a.dist) : a.note || "")));
  if (rows.length) {
    box.append(h("table", {}, h("thead", {}, h("tr", {}, ["", "hit", "removed", "damage"].map((t) => h("th", { text: t })))), h("tbody", {}, rows)));
  }
  return box;
}

// A distribution as small bars: [[value, p], …] or {value: p} or [p0, p1, …].
function distBars(d) {
  let pairs = [];
  if (Array.isArray(d)) pairs = d.map((x, i) => (Array.isArray(x) ? x : [i, x]));
  else if (typeof d === "object") pairs = Object.entries(d);
  return h("span", { class: "dist" }, pairs.filter(([, p]) => p > 0.0005).map(([k, p]) =>
    h("span", { class: "bar", title: `${k}: ${pct(p)}` }, h("i", { style: `height:${Math.max(2, 28 * p)}px` }), h("b", { text: String(k) }))));
}

