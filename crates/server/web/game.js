// A game, for any ruleset: the board (drawn by the ruleset's own module), the
// actions the server says are legal, odds and previews before committing, undo,
// who has committed, clocks, the event log, the end. Every rule is the server's:
// what may be undone, what ends the game, what is legal.
import { h, s, clear, toast, setConnection, pct, num, playerName, nameTag, settings, SEAT_COLOURS, sameAction } from "/web/ui.js";
import { api, tokenFor, learnSeats, dropToken, rulesets, startLessons, board as loadBoard } from "/web/api.js";
import * as anim from "/web/anim.js";
import * as rules from "/web/rules.js";
import { endingScreen, outcomeLine, pendingLinks } from "/web/ending.js";
import { seatLink } from "/web/lobby.js";
import { startTalk } from "/web/talk.js";

/** Lists longer than this are folded behind "show all" when the board has targets. */
const FOLD_OVER = 12;

export async function showGame(app, id, { spectate }) {
  const held = spectate ? {} : await learnSeats(id);
  const heldSeats = Object.keys(held).filter((k) => k !== "?").map(Number).sort((a, b) => a - b);
  let token = spectate ? null : tokenFor(id, heldSeats[0]);
  const { boardMod, rulesetName, ruleset } = await loadBoardFor(id, token);
  if (ruleset && rules.preloadRules) rules.preloadRules(ruleset).catch(() => {});
  const el = {
    head: h("div", { class: "game-head", id: "game-head" }),
    board: h("section", { class: "board", id: "board", "aria-label": "Board" }),
    seats: h("div", { id: "seat-status", class: "seat-status" }),
    links: h("div", { id: "links" }),
    panel: h("div", { id: "ruleset-panel" }),
    pending: h("div", { id: "pending", class: "pending", "aria-live": "polite" }),
    chance: h("div", { id: "chance", class: "chance", hidden: true }),
    lessons: h("div", { id: "lessons", class: "lessons", hidden: true, "aria-live": "polite" }),
    hint: h("div", { id: "hint", class: "hint-box", hidden: true, "aria-live": "polite" }),
    actions: h("div", { id: "actions", class: "actions" }),
    card: h("div", { id: "unit-card", class: "card" }),
    log: h("ol", { id: "log", class: "log", "aria-label": "Event log" }),
    talk: h("details", { open: true, class: "panel talk", id: "talk-panel", hidden: true }),
    cover: h("div", { id: "pass-cover", class: "pass-cover", hidden: true }),
    ending: h("div", { id: "ending-layer", class: "ending-layer", hidden: true }),
  };
  const boardArea = h("div", { class: "board-area" }, zoomBar(el.board, settingsButton(() => render())), el.board, el.ending);
  app.append(h("div", { class: "game" },
    boardArea,
    h("aside", { class: "side" },
      el.head, el.lessons, el.seats, el.chance, el.links, el.pending, el.hint, el.panel,
      h("details", { open: true, class: "panel" }, h("summary", { text: "Actions" }), el.actions),
      el.card,
      h("details", { open: true, class: "panel" }, h("summary", { text: "Log" }), el.log),
      el.talk)),
    el.cover);
  const links = pendingLinks(id);
  if (links) el.links.append(links);

  const g = {
    id, token, st: null, pending: null, ui: {}, filter: "", closed: false, showAll: false,
    seat: spectate ? null : heldSeats.length ? heldSeats[0] : null,
    autoTaken: null, endingShown: false, lastNext: 0, run: null, clockAt: 0, wasMyTurn: false,
    // An action or an undo on its way to the server; the state shown when it was
    // sent (its choices are gone once the server took it); the newest state message
    // received, which may wait behind an animation (its `can_undo` is the server's
    // latest word).
    sending: false, sentFrom: null, latest: null,
    // The AI's word for the position shown (issue 41): the hint asked for, the
    // position it is for, and the last chance the bar showed.
    hint: null, hintShown: false, hinted: null, chance: null,
  };
  // The players' talk (started once the game is read; see below).
  let talk = null;
  const glossed = (text) => (ruleset && rules.glossedSync ? rules.glossedSync(ruleset, text) : text);
  // Every text node under `root` (not in a field, a link or a term already) glossed.
  const glossTree = (root) => {
    if (!ruleset || !rules.glossedSync) return;
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.nodeValue.trim() && !n.parentElement.closest("abbr, a, input, textarea, select, option, script, style, svg")
        ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
    });
    const nodes = [];
    while (walk.nextNode()) nodes.push(walk.currentNode);
    for (const n of nodes) {
      const frag = rules.glossedSync(ruleset, n.nodeValue);
      if (frag.childNodes.length > 1 || (frag.firstChild && frag.firstChild.nodeType !== Node.TEXT_NODE)) n.replaceWith(frag);
    }
  };
  const ctx = {
    h, s, pct, colours: SEAT_COLOURS,
    get seat() { return g.st ? g.st.seat : null; },
    ui: g.ui,
    panel: el.panel,
    card: el.card,
    choose: (action) => choose(action),
    preview: (action) => api("POST", `/api/games/${id}/preview`, { action }, g.token).then((r) => r.preview),
    odds: (action) => api("POST", `/api/games/${id}/odds`, { action }, g.token),
    rerender: () => render(),
    legalWithText: () => (g.st ? g.st.legal.map((a, i) => ({ action: a, text: (g.st.legal_text || [])[i] || plainText(a) })) : []),
    name: (seat) => playerName(g.st && g.st.players, seat),
  };

  function textOf(action) {
    const i = g.st.legal.findIndex((a) => sameAction(a, action));
    return i >= 0 && g.st.legal_text ? g.st.legal_text[i] : plainText(action);
  }

  async function choose(action, { show = false } = {}) {
    // A click on a choice of a state the page no longer holds (the server has moved
    // on, or an answer is on its way) is not sent: it would be refused.
    if (busy()) return toast(waitText(), "info");
    g.pending = { action, text: textOf(action), odds: null, preview: null, endsGame: false, loading: true };
    const mine = g.pending;
    drawPending();
    const [odds, pv] = await Promise.all([
      ctx.odds(action).then((r) => (r.odds ? r : null)).catch(() => null),
      api("POST", `/api/games/${id}/preview`, { action }, g.token).catch(() => null),
    ]);
    if (g.pending !== mine) return;
    mine.loading = false;
    // A long list comes without texts: the server words the choice.
    if (pv && pv.text) mine.text = pv.text;
    mine.odds = odds;
    mine.preview = pv ? pv.preview : null;
    mine.endsGame = Boolean(pv && pv.ends_game);
    // Nothing to read before it is done (no odds, no preview, not the end): one
    // click does it (the "quick" setting; undo takes back a slip).
    if (!show && !mine.odds && !mine.preview && !mine.endsGame && settings.get("quick", true)) return commit(mine);
    drawPending();
    render();
  }

  async function commit(p = g.pending) {
    if (!p) return;
    if (busy()) return toast(waitText(), "info");
    if (p.endsGame && !confirm(`This ends the game: ${p.text}. Are you sure?`)) return;
    g.pending = null;
    drawPending();
    // The choice is made: the selection and its narrowing go (the new state may
    // arrive on the WebSocket before the POST answers).
    g.ui.selected = null;
    g.ui.actionFilter = null;
    g.ui.facingAt = null;
    g.showAll = false;
    await send(`/api/games/${id}/actions`, { action: p.action });
  }

  // An undo only when the server's latest word allows it; otherwise its reason.
  async function undo() {
    const why = undoRefusal();
    if (why) return toast(`Undo is not possible now: ${why}.`, "info");
    g.pending = null;
    drawPending();
    // Between players' accounts the server takes a move back only when the others
    // accept: the undo becomes a request to them (the Talk panel shows its answer).
    const ask = (e) => {
      if (e.code !== "ask_takeback") return false;
      api("POST", `/api/games/${id}/takeback`, { say: "ask" }, g.token)
        .then(() => { toast("Asked the other players to let you take your move back.", "info"); if (talk) talk.poll(); })
        .catch((e2) => toast(e2.message));
      return true;
    };
    if (await send(`/api/games/${id}/undo`, {}, ask)) toast("Taken back.", "info");
  }

  // Send an action or an undo. Until the server answers, and then until the state
  // after it arrives, the choices shown belong to a state the server has left: the
  // list and the undo control wait. Whether the server took it.
  async function send(path, body, handled) {
    g.sending = true;
    g.sentFrom = g.st;
    render();
    try {
      await api("POST", path, body, g.token);
      return true;
    } catch (e) {
      // Refused: nothing changed, the state shown is the server's still.
      g.sentFrom = null;
      if (!(handled && handled(e))) toast(e.message);
      return false;
    } finally {
      g.sending = false;
      refreshControls();
    }
  }

  // The page shows a state the server has left (a newer one waits behind an
  // animation, or the state after our own decision has not arrived yet), or an
  // answer is on its way, or the connection is lost: no choice may be sent.
  function behind() {
    return queue.some((q) => q.socket === ws) || Boolean(g.sentFrom && g.st === g.sentFrom);
  }
  function busy() {
    return g.sending || g.offline || behind();
  }
  function waitText() {
    if (g.offline) return "The connection is lost: actions wait until it is back.";
    if (g.sending) return "Your decision is on its way to the server…";
    return "The game has moved on: its new state is on its way…";
  }

  // Why an undo would be refused now (null: it would not), from the newest state
  // the server sent (`can_undo`, `undo_refusal`), even one still waiting to be shown.
  function undoRefusal() {
    const last = g.latest || g.st;
    if (!last) return "the game is loading";
    if (g.offline) return "the connection is lost";
    if (g.sending) return "your last decision is on its way to the server";
    if (last.can_undo) return null;
    return last.undo_refusal || "nothing of yours can be taken back now";
  }

  // The undo control, shown whenever a seat is played here (as a takeback button
  // is): enabled exactly when the server's latest state says `can_undo`; otherwise
  // greyed out, its reason on hover and on a tap.
  function undoButton() {
    const why = undoRefusal();
    return h("button", {
      id: "undo", class: "undo", onclick: undo, "aria-disabled": why ? "true" : "false", "data-reason": why || "",
      title: why ? `Undo is not possible now: ${why}` : "Take back your last decision (Ctrl+Z): possible until a die is rolled, a secret revealed or another player acts (in a guided battle, the AI's answers go back with it)",
      text: "↶ Undo",
    });
  }

  // What waits on the server follows its latest word at once, without redrawing the
  // board (an animation may be running): the undo control, the action list, the
  // pending choice's Confirm, the board's panel.
  function refreshControls() {
    if (!g.st) return;
    const old = el.head.querySelector("#undo");
    if (old) old.replaceWith(undoButton());
    const turn = el.seats.querySelector("#your-turn");
    if (turn) turn.hidden = behind();
    const wait = busy();
    el.board.classList.toggle("busy", wait);
    el.panel.inert = wait;
    el.panel.classList.toggle("busy", wait);
    const confirmBtn = el.pending.querySelector("#confirm");
    if (confirmBtn) confirmBtn.disabled = wait;
    // The lessons and the action list are drawn from one state, always together.
    drawLessons();
    drawActions();
    // Caught up (our answer came after the state it led to): a forced choice of the
    // state shown is taken now.
    if (!wait) autoTake();
  }

  function drawPending() {
    clear(el.pending);
    const p = g.pending;
    ctx.ui.pending = p;
    // While the server is asked for the choice's odds and preview (tests wait for it).
    if (p && p.loading) el.pending.dataset.loading = "1";
    else delete el.pending.dataset.loading;
    if (!p) return;
    const items = [h("div", { class: "pending-text" }, h("strong", { text: "Your choice: " }), glossed(p.text))];
    if (p.endsGame) items.push(h("p", { class: "bad", id: "ends-game", text: "This choice ends the game." }));
    // The odds' and previews' shapes are the ruleset's: its board reads them.
    const rows = p.odds && boardMod && boardMod.oddsRows ? boardMod.oddsRows(p.odds.odds, g.st.view) : [];
    if (p.odds && (p.odds.text || rows.length)) items.push(oddsBox(p.odds.text, rows));
    const pv = p.preview && boardMod && boardMod.previewBox ? boardMod.previewBox(p.preview, ctx) : null;
    if (pv) items.push(pv);
    if (p.loading) {
      el.pending.append(...items, h("p", { class: "hint", text: "…" }));
      return;
    }
    items.push(h("div", { class: "row" },
      h("button", { id: "confirm", class: p.endsGame ? "danger" : "primary", onclick: () => commit(), disabled: busy(), text: p.endsGame ? "End the game (Enter)" : "Confirm (Enter)" }),
      " ",
      h("button", { id: "cancel", onclick: () => { g.pending = null; drawPending(); render(); }, text: "Cancel (Esc)" })));
    el.pending.append(...items);
    el.pending.querySelector("#confirm").focus({ preventScroll: true });
  }

  function render() {
    if (!g.st) return;
    const st = g.st;
    const v = st.view;
    const mine = st.seat !== null && st.seat !== undefined;
    const myTurn = mine && st.status.to_move.includes(st.seat) && !st.status.terminal;
    el.head.dataset.hash = st.status.hash;
    el.head.dataset.events = String(st.next);
    clear(el.head).append(...[
      h("h2", {}, `${g.rulesetName || ""} ${v.scenario || ""}`.trim(),
        ruleset ? h("a", { class: "rules-link", href: `#/rules/${ruleset}`, target: "_blank", title: "The rules and the glossary (new tab)", text: " rules" }) : null),
      h("div", {}, `Turn ${st.status.turn} · ${st.status.phase.replaceAll("_", " ")} · `,
        mine ? h("span", { style: `color:${SEAT_COLOURS[st.seat]}` }, "you are ", nameTag(ctx.name(st.seat))) : "spectating"),
      st.status.terminal ? h("div", { class: "outcome", id: "outcome" }, glossed(outcomeLine(st))) : null,
      h("div", { class: "row head-buttons" },
        mine && !st.status.terminal ? undoButton() : null,
        mine && !st.status.terminal ? h("button", { id: "resign", onclick: resign, text: "Resign" }) : null,
        st.status.terminal && !g.endingOpen ? h("button", { id: "show-ending", onclick: () => openEnding(), text: "Result" }) : null,
        h("a", { href: `#/replay/${id}`, text: st.status.terminal ? "Replay" : "Replay so far" }),
        mine ? h("button", { class: "linklike", id: "move-seat", onclick: moveSeat, text: "Move this seat to another device" }) : null)].filter(Boolean));
    drawSeats(st);
    drawLessons();
    refreshHint();
    drawActions();
    updateChance();
    const wait = busy();
    el.board.classList.toggle("busy", wait);
    el.panel.inert = wait;
    el.panel.classList.toggle("busy", wait);
    document.title = myTurn ? `● Your turn — ${g.rulesetName || "Orrery"}` : st.status.terminal ? `Game over — ${g.rulesetName || "Orrery"}` : `${g.rulesetName || "Orrery"} — Orrery`;
    if (myTurn && !g.wasMyTurn && settings.get("sound", false)) beep();
    g.wasMyTurn = myTurn;
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
    // The rings are drawn apart: one that fails leaves the board as it is.
    try { drawBoardMarks(); } catch (e) { console.warn("board marks:", e); }
    // The board's own panel and card get the glossary's tooltips too.
    glossTree(el.panel);
    glossTree(el.card);
    if (st.status.terminal && !g.endingShown) {
      g.endingShown = true;
      openEnding();
    }
    autoTake();
  }

  function openEnding() {
    g.endingOpen = true;
    clear(el.ending).append(endingScreen(g.st, {
      id, rulesetName: g.rulesetName, me: g.st.seat,
      onClose: () => { g.endingOpen = false; el.ending.hidden = true; render(); },
    }));
    el.ending.hidden = false;
  }

  // A forced single choice is taken for the player (a setting, on by default),
  // unless it ends the game: the engine's answer decides, never the client.
  async function autoTake() {
    const st = g.st;
    if (!settings.get("auto-forced", true) || g.pending || busy()) return;
    if (st.seat === null || st.status.terminal || !st.status.to_move.includes(st.seat)) return;
    if (st.legal.length !== 1) return;
    // A guided battle's lesson is said before its choice, even an only one.
    if (st.lessons && st.lessons.lesson) return;
    const key = `${st.status.hash}:${st.next}`;
    if (g.autoTaken === key) return;
    g.autoTaken = key;
    const action = st.legal[0];
    const text = textOf(action);
    const pv = await api("POST", `/api/games/${id}/preview`, { action }, g.token).catch(() => null);
    if (g.st !== st) {
      // A newer copy of the state came while the preview was asked for (a push of
      // the same state, say): it was drawn while this key was marked taken, so
      // nothing would take the choice. Look again, at what is shown now.
      if (g.autoTaken === key) {
        g.autoTaken = null;
        autoTake();
      }
      return;
    }
    if (pv && pv.ends_game) return;
    if (busy()) {
      // The page moved meanwhile (a newer state queued behind an animation, say):
      // commit would send nothing, and the mark would keep the choice from being
      // taken once the page settles. Unmarked, the next redraw takes it.
      if (g.autoTaken === key) g.autoTaken = null;
      return;
    }
    toast(`Taken for you (the only choice): ${text}`, "info");
    await commit({ action, text, endsGame: false });
  }

  function drawSeats(st) {
    clear(el.seats);
    const n = (st.players && st.players.length) || ((st.outcome && st.outcome.scores) ? st.outcome.scores.length : 2);
    // Simultaneous decisions: a seat that owed one and no longer does has committed.
    const simultaneous = st.status.to_move.length > 1;
    g.owed = simultaneous ? new Set(st.status.to_move)
      : g.owed && st.status.to_move.length && st.status.to_move.every((x) => g.owed.has(x)) ? g.owed : new Set();
    const left = (st.clock && st.clock.remaining_ms) || [];
    for (let i = 0; i < n; i++) {
      const owes = st.status.to_move.includes(i);
      let state = owes ? "deciding…" : "waiting";
      if (g.owed.has(i) && !owes && !st.status.terminal) state = "committed ✓";
      if (st.status.terminal) state = st.outcome.winners && st.outcome.winners.includes(i) ? (st.outcome.winners.length === n ? "draw" : "won") : "lost";
      const you = i === st.seat ? " (you)" : heldSeats.includes(i) ? " (here)" : "";
      const chip = h("span", { class: "chip" + (owes ? " owes" : ""), "data-seat": i, style: `border-color:${SEAT_COLOURS[i]}` },
        nameTag(ctx.name(i)), `${you}: ${state}`);
      if (owes && left[i] !== null && left[i] !== undefined) {
        chip.append(" ", h("span", { class: "clock", "data-clock": i, "data-left": left[i], text: clockText(left[i]) }));
      }
      el.seats.append(chip);
    }
    g.clockAt = performance.now();
    // Your turn to act now: not while the state shown is one the server has left.
    if (st.seat !== null && st.status.to_move.includes(st.seat) && !st.status.terminal) {
      el.seats.append(h("div", { class: "your-turn", id: "your-turn", hidden: behind(), text: "● Your turn." }));
    }
  }

  // The clocks count down between states (the server plays the default action when
  // one runs out; its state then says so).
  const tick = setInterval(() => {
    const gone = performance.now() - g.clockAt;
    for (const c of el.seats.querySelectorAll("[data-clock]")) {
      const ms = Math.max(0, Number(c.dataset.left) - gone);
      c.textContent = clockText(ms);
      c.classList.toggle("low", ms < 15000);
    }
  }, 500);

  // Hints and the win-chance bar (issue 41): the server's search from this seat's
  // view alone, offered where the game allows help (against the AI, or between
  // people who agreed at set-up). One answer per position serves both.
  const positionKey = () => `${g.st.status.hash}:${g.st.next}`;
  const helpNow = () => Boolean(g.st && g.st.help && g.st.seat !== null && !g.st.status.terminal
    && g.st.status.to_move.includes(g.st.seat) && !behind());

  async function askHint() {
    const key = positionKey();
    if (g.hint && g.hint.key === key) return g.hint.answer;
    const answer = api("GET", `/api/games/${id}/hint`, undefined, g.token).then((r) => r.hint);
    g.hint = { key, answer };
    answer.catch(() => { if (g.hint && g.hint.key === key) g.hint = null; });
    return answer;
  }

  function drawChance() {
    const on = g.st && g.st.help && settings.get("chance-bar", false) && g.st.seat !== null;
    el.chance.hidden = !on;
    if (!on) return;
    const c = g.chance;
    const value = c ? Math.round(c.value * 100) : null;
    clear(el.chance).append(
      h("div", { class: "chance-label" }, "Your chance: ",
        h("strong", { id: "chance-value", text: value === null ? "…" : `${value}%` }),
        c && c.key !== positionKey() ? h("span", { class: "hint", text: " (at your last decision)" }) : null),
      h("div", { class: "chance-track", role: "meter", "aria-valuemin": 0, "aria-valuemax": 100, "aria-valuenow": value ?? 50, "aria-label": "Your chance to win, as the AI sees it from your side" },
        h("div", { class: "chance-fill", style: `width:${value ?? 50}%;background:${SEAT_COLOURS[g.st.seat]}` })));
  }

  // At each of the seat's decisions, with the bar on: its chance from the search.
  function updateChance() {
    if (!helpNow() || !settings.get("chance-bar", false)) return drawChance();
    const key = positionKey();
    if (g.chance && g.chance.key === key) return drawChance();
    drawChance();
    askHint().then((hint) => {
      g.chance = { key, value: hint.chance };
      drawChance();
    }).catch(() => {});
  }

  async function showHint() {
    const key = positionKey();
    g.hintShown = true;
    clear(el.hint).append(h("p", { class: "hint", text: "The AI is looking…" }));
    el.hint.hidden = false;
    let hint;
    try {
      hint = await askHint();
    } catch (e) {
      clear(el.hint).append(h("p", { class: "bad", text: e.message }));
      return;
    }
    if (!g.st || positionKey() !== key) return;
    g.chance = { key, value: hint.chance };
    drawChance();
    clear(el.hint).append(
      h("strong", { text: "The AI's top choices" }),
      h("ol", { class: "hint-list", id: "hint-list" }, ...hint.choices.map((c, rank) => h("li", {},
        h("span", { class: "hint-rank", text: `${rank + 1}.` }),
        h("button", { class: "hint-choice", "data-rank": rank, "data-index": c.index ?? "", onclick: () => choose(c.action, { show: true }) },
          glossed(c.text)),
        h("span", { class: "hint-chance", text: ` ${Math.round(c.chance * 100)}%` })))),
      h("p", { class: "hint", text: `A click shows a choice on the board before you confirm it. Searched from what you can see (${hint.iterations} iterations).` }),
      h("button", { class: "linklike", id: "hint-close", onclick: () => { g.hintShown = false; el.hint.hidden = true; markHinted(); }, text: "Hide the hint" }));
    markHinted(hint);
  }

  // The hinted choices stand out in the action list and on the board too.
  function markHinted(hint) {
    for (const b of el.actions.querySelectorAll("button.action[data-index]")) {
      const rank = hint ? hint.choices.findIndex((c) => String(c.index) === b.dataset.index) : -1;
      b.classList.toggle("hinted", rank >= 0);
      if (rank >= 0) b.dataset.rank = rank; else delete b.dataset.rank;
    }
    if ((hint || null) !== g.hinted) {
      g.hinted = hint || null;
      drawBoardMarks();
    }
  }

  // A new position: the old hint goes.
  function refreshHint() {
    if (g.hintShown && (!helpNow() || !g.hint || g.hint.key !== positionKey())) {
      g.hintShown = false;
      el.hint.hidden = true;
    }
    if (!g.hintShown) g.hinted = null;
  }

  // Rings on the board round where the hint's choices (numbered) and the lesson's
  // go or act (the board's `marks` hook says where; docs/web.md).
  function drawBoardMarks() {
    const st = g.st;
    if (!st || !boardMod) return;
    const marks = [];
    if (g.hinted) g.hinted.choices.forEach((c, rank) => marks.push({ action: c.action, kind: "hint", label: String(rank + 1) }));
    // A lesson's choices; not when there are many and every legal choice is one (the
    // board's own markers show them all already: "all").
    const lesson = st.lessons && st.lessons.lesson;
    const every = lesson && lesson.actions.length === st.legal.length && st.legal.length > 12;
    if (lesson && !every && !behind()) {
      for (const i of lesson.actions.slice(0, 400)) if (st.legal[i]) marks.push({ action: st.legal[i], kind: "lesson" });
    }
    const drawn = anim.drawMarks(el.board, boardMod, marks, st.view, st.seat);
    el.board.dataset.marks = every && !drawn ? "all" : String(drawn);
  }

  // A guided first battle (issue 41): the server says which lesson the learner's
  // question teaches and which of its legal actions it asks for; this draws it.
  function drawLessons() {
    const l = g.st && g.st.lessons;
    el.lessons.hidden = !l;
    if (!l) return;
    const ruleLink = (rule) => (rule && ruleset
      ? h("a", { class: "rule-link", href: rules.ruleHref(ruleset, rule), target: "_blank", title: "The rule (new tab)", text: rule })
      : null);
    const items = [h("div", { class: "lessons-title" }, h("strong", { text: l.title }), h("span", { class: "hint", id: "lessons-count", text: ` · ${l.done} of ${l.of} lessons done` }))];
    if (l.actions === 0) items.push(h("p", { class: "lessons-intro", text: l.intro }));
    if (l.then) {
      items.push(h("p", { class: "lessons-then", id: "lessons-then" }, "✓ ", h("strong", { text: `${l.then.idea}: ` }), glossed(l.then.text), " ", ruleLink(l.then.rule)));
    }
    if (l.lesson) {
      const asked = l.lesson.actions.map((i) => g.st.legal[i]).filter(Boolean);
      items.push(h("div", { class: "lesson", id: "lesson", "data-number": l.lesson.number, "data-actions": l.lesson.actions.join(",") },
        h("div", { class: "lesson-head" }, h("strong", { text: `Lesson ${l.lesson.number} of ${l.of}: ${l.lesson.idea}` }), " ", ruleLink(l.lesson.rule)),
        h("p", {}, glossed(l.lesson.say)),
        h("div", { class: "row" },
          h("button", { id: "lesson-show", disabled: !asked.length, onclick: () => showLesson(l.lesson.actions), title: "Show one of the lesson's choices on the board", text: "Show me" }),
          " ",
          h("button", { id: "lesson-again", onclick: tryAgain, title: "Take your last choice back and try again", text: "Try again" }))));
    } else {
      items.push(h("p", { class: `lessons-said lessons-${l.kind}`, id: "lessons-said" }, glossed(l.said), " ", ruleLink(l.rule)));
      if (l.kind !== "end" && l.actions > 0) items.push(h("button", { id: "lesson-again", onclick: tryAgain, text: "Try again" }));
    }
    clear(el.lessons).append(...items);
  }

  // "Show me": the lesson's choice the AI likes best (where its hint names one),
  // else its first, pending on the board to confirm or cancel.
  async function showLesson(indices) {
    let pick = indices[0];
    if (helpNow()) {
      const hint = await askHint().catch(() => null);
      const liked = hint && hint.choices.find((c) => indices.includes(c.index));
      if (liked) pick = liked.index;
    }
    if (g.st && g.st.legal[pick] !== undefined) choose(g.st.legal[pick], { show: true });
  }

  // Try again: the last choice taken back with the AI's answers after it where the
  // server allows it (no die rolled, nothing hidden shown since), else the battle
  // from its start.
  async function tryAgain() {
    if (!undoRefusal()) return undo();
    if (!confirm(`Your last choice cannot be taken back now (${undoRefusal()}). Start the battle again?`)) return;
    try {
      await startLessons(ruleset);
    } catch (e) {
      toast(e.message);
    }
  }

  function drawActions() {
    clear(el.actions);
    const st = g.st;
    el.actions.setAttribute("aria-busy", busy() ? "true" : "false");
    if (st.seat === null) return el.actions.append(h("p", { text: "Spectating: no actions." }));
    if (g.offline) return el.actions.append(h("p", { class: "bad", id: "offline", text: "The connection is lost: actions wait until it is back." }));
    if (!st.legal.length) return el.actions.append(h("p", { text: st.status.terminal ? "The game is over." : "Nothing to decide now; waiting for the others." }));
    // The server has left this state: its choices are not shown (they would be
    // refused). While an answer is on its way they stay, disabled.
    if (behind() && !g.sending) return el.actions.append(h("p", { class: "hint", id: "actions-wait", text: waitText() }));
    const off = g.sending;
    const all = ctx.legalWithText();
    // One choice: one click does it.
    if (all.length === 1) {
      const only = all[0];
      return el.actions.append(h("button", { class: "action primary only", id: "only-action", "data-index": 0, disabled: off, onclick: () => choose(only.action), text: only.text }),
        h("p", { class: "hint", text: settings.get("auto-forced", true) ? "The only choice: taken for you." : "The only choice." }));
    }
    // A lesson's choices first, highlighted (the others are refused while it is taught).
    const lesson = st.lessons && st.lessons.lesson;
    const lessonList = !lesson ? null : lesson.actions.length === all.length
      ? h("p", { class: "hint", id: "lesson-choices", text: "Every choice here is the lesson's." })
      : h("div", { class: "lesson-choices", id: "lesson-choices" },
        h("p", { class: "hint", text: `The lesson's choices (${lesson.actions.length}; the others wait for a later turn):` }),
        h("ul", { class: "action-list" }, ...lesson.actions.slice(0, 12).map((i) => h("li", {},
          h("button", { class: "action lesson-action", "data-lesson-index": i, disabled: off, onclick: () => choose(all[i].action) }, glossed(all[i].text))))),
        lesson.actions.length > 12 ? h("p", { class: "hint", text: `… and ${lesson.actions.length - 12} more: pick one on the board.` }) : null);
    const hintButton = helpNow()
      ? h("button", { id: "hint-button", disabled: off, onclick: showHint, title: "The AI's top three choices for you, with their chances", text: "💡 Hint" })
      : null;
    const filter = h("input", { id: "filter", type: "search", placeholder: "filter actions (e.g. a hex, a ship)", value: g.filter, "aria-label": "Filter actions" });
    const list = h("ul", { class: "action-list", id: "action-list" });
    let keep = ctx.ui.actionFilter;
    // A selection with nothing to decide narrows nothing.
    if (keep && !st.legal.some((a) => keep(a))) keep = null;
    // The board shows these choices already: the list waits behind "show all".
    const folded = boardMod && !keep && !g.filter && !g.showAll && all.length > FOLD_OVER;
    const drawList = () => {
      clear(list);
      const f = g.filter.toLowerCase();
      let shown = 0;
      all.forEach(({ action, text }, i) => {
        if (keep && !keep(action)) return;
        if (f && !text.toLowerCase().includes(f)) return;
        if (shown++ >= 200) return;
        list.append(h("li", {}, h("button", { class: "action", "data-index": i, disabled: off, onclick: () => choose(action) }, glossed(text))));
      });
      if (shown > 200) list.append(h("li", { text: `… ${shown - 200} more: filter to see them` }));
      if (!shown) list.append(h("li", { text: "No action matches." }));
    };
    filter.addEventListener("input", () => { g.filter = filter.value; g.showAll = true; drawList(); list.hidden = false; });
    if (!folded) drawList();
    el.actions.append(...[
      keep ? h("p", { class: "hint" }, `Showing ${ctx.ui.actionFilterName || "the selection"}'s actions. `,
        h("button", { onclick: () => { ctx.ui.actionFilter = null; ctx.ui.selected = null; render(); }, text: "Show all" })) : null,
      folded ? h("p", { class: "hint" }, `${all.length} choices: pick one on the board, or `,
        h("button", { id: "show-all", disabled: off, onclick: () => { g.showAll = true; drawActions(); }, text: `show all ${all.length}` })) : null,
      lessonList, hintButton, filter, folded ? null : list].filter(Boolean));
    if (g.hintShown && g.hint) g.hint.answer.then((hint) => markHinted(hint)).catch(() => {});
  }

  async function resign() {
    if (!confirm("Resign this game? The other seats win.")) return;
    try {
      await api("POST", `/api/games/${id}/resign`, {}, g.token);
    } catch (e) {
      toast(e.message);
    }
  }

  // The seat link of this seat: open it on the other device; this browser then
  // forgets the seat (a token is the seat: keep it secret).
  function moveSeat() {
    const link = seatLink(id, g.token);
    clear(el.links).append(h("div", { class: "panel", id: "move-seat-panel" },
      h("p", {}, "Open this link on the other device to play ", h("strong", {}, nameTag(ctx.name(g.st.seat))), " there. Anyone with it plays this seat."),
      h("input", { readonly: true, id: "move-seat-link", value: link, onfocus: (e) => e.target.select() }),
      h("div", { class: "row" },
        h("button", { onclick: () => navigator.clipboard && navigator.clipboard.writeText(link).then(() => toast("Copied.", "info")), text: "Copy" }), " ",
        h("button", { onclick: () => { if (confirm("Forget this seat in this browser? Only the link will open it.")) { dropToken(id, g.token); location.hash = "#/"; } }, text: "Forget it here" }), " ",
        h("button", { onclick: () => clear(el.links), text: "Close" }))));
  }

  function addEvents(events, fresh) {
    for (const e of events) {
      const li = h("li", { class: "event" + (fresh ? " new" : ""), "data-index": e.index !== undefined ? e.index : "" }, glossed(e.text || JSON.stringify(e.event)));
      el.log.append(li);
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
      parts.push(`${k.replaceAll("_", " ")} ${v !== null && typeof v === "object" ? JSON.stringify(v) : typeof v === "number" ? num(v) : v}`);
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

  // Hot seat: several seats of this game are held here. When the seat shown owes
  // nothing and another held seat does, the page passes to it behind a cover (the
  // next player's secrets are not shown to the one before).
  function passIfNeeded(st) {
    if (heldSeats.length < 2 || st.status.terminal) return false;
    const owes = st.status.to_move;
    if (owes.includes(g.seat)) return false;
    const next = heldSeats.find((x) => owes.includes(x));
    if (next === undefined) return false;
    g.seat = next;
    g.token = tokenFor(id, next);
    clear(el.board);
    clear(el.cover).append(h("div", { class: "pass-box" },
      h("h2", {}, nameTag(playerName(st.players, next)), " to play"),
      h("p", { text: "Hand the device over, then show the board." }),
      h("button", { class: "primary", id: "pass-show", onclick: () => { el.cover.hidden = true; reconnect(); } }, "Show ", nameTag(playerName(st.players, next)), "'s board")));
    el.cover.hidden = false;
    return true;
  }

  // The WebSocket: one state message on connect and after every change.
  let ws = null;
  let retry = 500;
  function connect() {
    if (g.closed) return;
    // Whole states on every change; a long legal list comes as products (`legal=auto`).
    const q = new URLSearchParams({ describe: "1", push: "full", legal: "auto" });
    if (g.token) q.set("token", g.token);
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws?${q}`);
    ws = socket;
    setConnection("connecting…", "wait");
    let first = true;
    socket.onmessage = (m) => {
      if (socket !== ws) return;
      const msg = JSON.parse(m.data);
      // The players said something (issue 42): the Talk panel reads it now.
      if (msg.type === "talk") {
        if (talk) talk.poll();
        return;
      }
      if (msg.type === "state") {
        g.latest = msg;
        queue.push({ msg, first, socket });
        first = false;
        if (!draining) drain();
        // Still behind an animation: the controls follow the server's latest word now.
        else refreshControls();
      } else if (msg.type === "error" || msg.ok === false) {
        toast((msg.error && msg.error.message) || "error");
      }
    };
    socket.onclose = () => {
      if (g.closed || socket !== ws) return;
      setConnection("connection lost — reconnecting…", "bad");
      g.offline = true;
      g.pending = null;
      drawPending();
      render();
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  // States are shown one after another: each waits for the animation of the one
  // before (at most 4 s), so an AI's several quick moves each glide instead of
  // jumping. A long backlog is caught up without animations.
  const queue = [];
  let draining = false;
  async function drain() {
    draining = true;
    while (queue.length) {
      const { msg, first, socket } = queue.shift();
      if (socket !== ws) continue;
      show(msg, first);
      if (g.run && g.run.done && queue.length < 4) {
        await Promise.race([g.run.done, new Promise((r) => setTimeout(r, 4000))]);
      } else if (g.run && g.run.skip) {
        g.run.skip();
      }
    }
    draining = false;
  }

  function show(msg, first) {
    if (first) {
      clear(el.log);
      g.lastNext = 0;
    }
    retry = 500;
    g.offline = false;
    setConnection("connected", "ok");
    if (msg.legal_compact) msg.legal = expandLegal(msg.legal_compact);
    // An undo took events back: the log loses them too.
    if (msg.next < g.lastNext) {
      for (const li of [...el.log.children]) if (Number(li.dataset.index) >= msg.next) li.remove();
    }
    const before = !first && anim.capture ? anim.capture(el.board) : null;
    g.st = msg;
    // A choice waiting for Confirm that this state no longer offers goes.
    if (g.pending && !(msg.legal || []).some((a) => sameAction(a, g.pending.action))) {
      g.pending = null;
      drawPending();
    }
    addEvents(msg.events || [], !first);
    g.lastNext = msg.next;
    if (msg.timed_out !== undefined) toast(`${playerName(msg.players, msg.timed_out)}'s clock ran out: the default action was played.`, "info");
    if (passIfNeeded(msg)) return;
    render();
    g.run = null;
    if (before && anim.animate) {
      try {
        g.run = anim.animate(el.board, before, { events: msg.events || [], view: msg.view, board: boardMod, seat: msg.seat });
      } catch (e) {
        console.warn("animation:", e);
      }
    }
  }

  function reconnect() {
    const old = ws;
    ws = null;
    if (old) old.close();
    g.latest = null;
    g.sentFrom = null;
    g.pending = null;
    g.endingShown = false;
    drawPending();
    connect();
  }

  const keys = (e) => {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT")) return;
    if (e.key === "Escape" && g.pending) { g.pending = null; drawPending(); render(); }
    if ((e.ctrlKey || e.metaKey) && e.key === "z" && g.st && g.st.seat !== null && !g.st.status.terminal) { e.preventDefault(); undo(); }
    if (e.key === " " && g.run && g.run.skip) g.run.skip();
    if (e.key === "+" || e.key === "=") zoomBy(el.board, 1.25);
    if (e.key === "-") zoomBy(el.board, 0.8);
  };
  document.addEventListener("keydown", keys);
  // Phones: a tap where several of the board's targets lie within a finger's width
  // (40 px) zooms in around it first, until they are a finger apart; an unambiguous
  // tap goes through. Keyboard clicks (no pointer position) always go through.
  el.board.addEventListener("click", (e) => {
    if (e.detail === 0 || !(matchMedia("(pointer: coarse)").matches || innerWidth <= 900)) return;
    const zoom = Number(el.board.style.getPropertyValue("--zoom")) || 1;
    const z = nextZoom(el.board, e.clientX, e.clientY, zoom);
    if (!z) return;
    e.stopPropagation();
    e.preventDefault();
    zoomAround(el.board, z, e.clientX, e.clientY);
  }, true);
  // A click on the board finishes a running animation.
  el.board.addEventListener("pointerdown", () => { if (g.run && g.run.skip) g.run.skip(); }, true);

  try {
    const info = await api("GET", `/api/games/${id}?describe=1`, undefined, g.token);
    g.rulesetName = rulesetName;
    g.st = info;
    // Hot seat: start with the held seat that owes a decision.
    const owing = heldSeats.find((x) => info.status.to_move.includes(x));
    if (owing !== undefined && owing !== g.seat) {
      g.seat = owing;
      g.token = tokenFor(id, owing);
    }
  } catch (e) {
    clear(app).append(h("div", { class: "panel" }, h("h2", { text: "This game cannot be opened" }), h("p", { text: e.message }), h("a", { href: "#/", text: "Back to the lobby" })));
    return null;
  }
  connect();
  // The players' talk and draw offers (a seat's only; none when spectating).
  const seated = g.st && g.st.seat !== null && g.st.seat !== undefined;
  talk = spectate || !seated ? null : startTalk(el.talk, id, {
    token: () => g.token,
    me: () => (g.st ? g.st.seat : null),
    name: (seat) => ctx.name(seat),
    over: () => Boolean(g.st && g.st.status.terminal),
  });
  return () => {
    if (talk) talk.stop();
    g.closed = true;
    clearInterval(tick);
    document.title = "Orrery";
    document.removeEventListener("keydown", keys);
    if (ws) ws.close();
  };
}

function clockText(ms) {
  const s = Math.ceil(ms / 1000);
  if (s >= 3600) return `⏱ ${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `⏱ ${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// A short tone when it becomes your turn (the "sound" setting).
function beep() {
  try {
    const a = new AudioContext();
    const o = a.createOscillator();
    const v = a.createGain();
    o.frequency.value = 660;
    v.gain.value = 0.08;
    o.connect(v).connect(a.destination);
    o.start();
    o.stop(a.currentTime + 0.15);
  } catch (e) {
    /* no audio here */
  }
}

// The settings a player changes while playing: animation speed, taking a forced
// single choice automatically, a sound when it is your turn.
function settingsButton(changed) {
  const box = h("div", { class: "settings-box", id: "settings-box", hidden: true });
  const check = (name, dflt, label, id) => {
    const c = h("input", { type: "checkbox", id, checked: settings.get(name, dflt) });
    c.addEventListener("change", () => { settings.set(name, c.checked); if (changed) changed(); });
    return h("label", { class: "setting" }, c, " ", label);
  };
  box.append(
    h("strong", { text: "Settings" }),
    anim.speedControl ? h("div", { class: "setting" }, "Animations ", anim.speedControl()) : null,
    check("auto-forced", true, "Take a forced single choice for me", "set-auto-forced"),
    check("quick", true, "One click for a choice with nothing to read (no odds, no preview)", "set-quick"),
    check("sound", false, "Sound when it is my turn", "set-sound"),
    check("chance-bar", false, "Show my chance to win (where the game allows hints)", "set-chance-bar"));
  const btn = h("button", { id: "settings", "aria-label": "Settings", title: "Settings", onclick: () => { box.hidden = !box.hidden; }, text: "⚙" });
  return h("span", { class: "settings-wrap" }, btn, box);
}

/** The zoom a tap at (x, y) needs so that the board's targets around it are 40 px
 * apart (at most 8×), or null when the tap is unambiguous already. */
function nextZoom(board, x, y, zoom) {
  const near = [];
  for (const t of board.querySelectorAll("svg [role=button], svg [tabindex]")) {
    if (t.parentElement.closest("[role=button]")) continue;
    const r = t.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    if (Math.hypot(cx - x, cy - y) < 40) near.push([cx, cy]);
  }
  if (near.length < 2 || zoom >= 8) return null;
  let gap = Infinity;
  for (let i = 0; i < near.length; i++) {
    for (let j = i + 1; j < near.length; j++) gap = Math.min(gap, Math.hypot(near[i][0] - near[j][0], near[i][1] - near[j][1]));
  }
  if (gap >= 40) return null;
  return Math.min(8, zoom * Math.max(2, 40 / Math.max(gap, 1)));
}

/** Zoom the board to `z`, keeping the point under (x, y) where it is. */
function zoomAround(board, z, x, y) {
  const svg = board.querySelector("svg");
  const r0 = svg ? svg.getBoundingClientRect() : null;
  board.style.setProperty("--zoom", z.toFixed(3));
  board.dataset.zoom = z.toFixed(2);
  if (!r0 || !r0.width || !r0.height) return;
  const fx = (x - r0.left) / r0.width;
  const fy = (y - r0.top) / r0.height;
  const r1 = svg.getBoundingClientRect();
  board.scrollLeft += r1.left + fx * r1.width - x;
  board.scrollTop += r1.top + fy * r1.height - y;
}

// Zoom for the board, whatever draws it: the board's drawing scales with `--zoom`
// and the board area scrolls. Buttons, or + and − on the keyboard.
function zoomBy(board, f) {
  const z = Math.min(4, Math.max(1, (Number(board.style.getPropertyValue("--zoom")) || 1) * f));
  board.style.setProperty("--zoom", z.toFixed(3));
  board.dataset.zoom = z.toFixed(2);
}

export function zoomBar(board, extra) {
  return h("div", { class: "zoom", role: "group", "aria-label": "Zoom" },
    extra || null,
    h("button", { id: "zoom-in", "aria-label": "Zoom in (+)", title: "Zoom in (+)", onclick: () => zoomBy(board, 1.25), text: "+" }),
    h("button", { id: "zoom-out", "aria-label": "Zoom out (−)", title: "Zoom out (−)", onclick: () => zoomBy(board, 0.8), text: "−" }),
    h("button", { id: "zoom-fit", "aria-label": "Fit to the window", title: "Fit", onclick: () => zoomBy(board, 0), text: "fit" }));
}

async function loadBoardFor(id, token) {
  try {
    const r = await api("GET", `/api/games/${id}/record`, undefined, token);
    const all = await rulesets();
    const info = all.find((x) => x.id === r.record.ruleset);
    return { boardMod: await loadBoard(r.record.ruleset), rulesetName: info ? info.name : r.record.ruleset, ruleset: r.record.ruleset };
  } catch (e) {
    return { boardMod: null, rulesetName: "", ruleset: null };
  }
}

/** The outcome in one line (the replay's head uses it too). */
export function outcomeText(st) {
  return outcomeLine(st);
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
