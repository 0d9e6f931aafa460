// Replays: step through a finished game (or your own view of a running one), jump
// to a turn, export the record, import one. Each position is replayed by the server.
import { h, s, clear, toast, download, pct, SEAT_COLOURS } from "/web/ui.js";
import { api, tokenFor, board as loadBoard } from "/web/api.js";
import { outcomeText, zoomBar } from "/web/game.js";

export async function showReplay(app, id) {
  const top = h("div", { class: "panel replay-head" });
  const boardEl = h("section", { class: "board", id: "board" });
  const log = h("ol", { class: "log", id: "log" });
  const card = h("div", { id: "unit-card" });
  const panel = h("div", { id: "ruleset-panel" });
  const analysisEl = h("div", { id: "analysis-body" });
  const analysisBox = h("details", { class: "panel", id: "analysis", open: true, hidden: true }, h("summary", { text: "Analysis" }), analysisEl);
  app.append(top, h("div", { class: "game replay" }, h("div", { class: "board-area" }, zoomBar(boardEl), boardEl), h("div", { class: "side" }, analysisBox, panel, card, h("details", { open: true, class: "panel" }, h("summary", { text: "Log up to here" }), log))));
  let analysis = null; // the server's analysis of a finished game, once asked for

  let record = null; // an imported record (no game id)
  let ruleset = null;
  let step = 0;
  let at = null;
  const token = id ? tokenFor(id) : null;
  const ui = {};

  const fileIn = h("input", { type: "file", id: "import", accept: ".json,application/json", "aria-label": "Import a record" });
  fileIn.addEventListener("change", async () => {
    const f = fileIn.files[0];
    if (!f) return;
    try {
      const parsed = JSON.parse(await f.text());
      record = parsed.record || parsed;
      ruleset = record.ruleset;
      step = 0;
      await go(0);
    } catch (e) {
      toast("This file is not a record: " + e.message);
    }
  });

  async function fetchAt(n) {
    if (record) return api("POST", "/api/replay", { record, step: n });
    return api("GET", `/api/games/${id}/replay?step=${n}`, undefined, token);
  }

  async function go(n) {
    try {
      at = await fetchAt(Math.max(0, n));
    } catch (e) {
      return toast(e.message);
    }
    step = at.step;
    ruleset = at.ruleset;
    draw();
  }

  async function exportRecord() {
    try {
      const r = record ? { record } : await api("GET", `/api/games/${id}/record`, undefined, token);
      download(`orrery-${id || "replay"}.json`, JSON.stringify(r.record, null, 1));
    } catch (e) {
      toast(e.message);
    }
  }

  // The AI's reading of the finished game (GET /api/games/{id}/analysis): each
  // seat's chance at its decisions as a graph, the marked decisions (a click goes
  // there), a line per seat. The server computes it; this only draws it.
  async function analyse() {
    clear(analysisEl).append(h("p", { text: "Analysing… (a few seconds)" }));
    try {
      analysis = (await api("GET", `/api/games/${id}/analysis`)).analysis;
    } catch (e) {
      clear(analysisEl).append(h("p", { text: e.message }));
      return;
    }
    drawAnalysis();
  }

  function drawAnalysis() {
    const a = analysis;
    const W = 320, H = 120, n = Math.max(1, at.steps);
    const x = (i) => 4 + (i / n) * (W - 8);
    const y = (v) => 4 + (1 - v) * (H - 8);
    const graph = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "analysis-graph", role: "img", "aria-label": "Each seat's chance at its decisions" },
      s("line", { x1: 0, x2: W, y1: y(0.5), y2: y(0.5), class: "even" }),
      s("line", { x1: x(step), x2: x(step), y1: 0, y2: H, class: "now" }));
    a.seats.forEach((seat) => {
      const mine = a.decisions.filter((d) => d.seat === seat.seat);
      if (!mine.length) return;
      graph.append(s("polyline", { points: mine.map((d) => `${x(d.index)},${y(d.before)}`).join(" "), fill: "none", stroke: SEAT_COLOURS[seat.seat % SEAT_COLOURS.length], "stroke-width": 2 }));
      for (const d of mine.filter((d) => d.mark)) {
        graph.append(s("circle", { cx: x(d.index), cy: y(d.after), r: 4, class: `mark ${d.mark}`, fill: SEAT_COLOURS[seat.seat % SEAT_COLOURS.length], onclick: () => go(d.index) }, s("title", { text: `${d.mark}: ${d.played_text}` })));
      }
    });
    const marks = h("ol", { class: "marks" });
    for (const d of a.decisions.filter((d) => d.mark)) {
      marks.append(h("li", {},
        h("button", { class: "linklike", onclick: () => go(d.index), text: `#${d.index}` }), ` P${d.seat} `,
        h("b", { class: `mark ${d.mark}`, text: d.mark }), ` ${pct(d.before)} → ${pct(d.after)}: ${d.played_text}`,
        d.best_text ? h("div", { class: "better", text: `better: ${d.best_text}` }) : null));
    }
    const table = h("table", { class: "analysis-seats" },
      h("tr", {}, ...[["seat", "seat"], ["loss", "mean loss of its seat's chance per decision"], ["?!", "inaccuracies"], ["?", "mistakes"], ["??", "blunders"], ["luck", "what the dice and the other side did after its decisions"]].map(([t, title]) => h("th", { text: t, title }))),
      ...a.seats.map((seat) => h("tr", {},
        h("td", { text: `P${seat.seat}` }), h("td", { text: seat.mean_loss.toFixed(3) }),
        h("td", { text: seat.inaccuracies }), h("td", { text: seat.mistakes }), h("td", { text: seat.blunders }),
        h("td", { text: (seat.luck >= 0 ? "+" : "") + seat.luck.toFixed(2) }))));
    clear(analysisEl).append(graph,
      a.decisions.some((d) => d.mark) ? marks : h("p", { text: "No decision lost 10 points of its seat's chance." }),
      table,
      h("p", { class: "hint", text: `?! inaccuracy, ? mistake, ?? blunder: a loss of 10, 20, 30 points of the seat's chance. Chances are the search's (${a.iterations} iterations a search, from each seat's own view). Luck: what the dice and the other side did after each decision.` }));
  }

  const draw = async () => {
    clear(top);
    top.dataset.hash = at.status.hash;
    top.dataset.step = String(step);
    const turnSel = h("select", { id: "turn", "aria-label": "Jump to turn" });
    const seen = new Set();
    (at.turns || []).forEach((t, i) => {
      if (!seen.has(t)) { seen.add(t); turnSel.append(h("option", { value: i, text: `turn ${t}` })); }
    });
    turnSel.value = [...turnSel.options].reverse().find((o) => Number(o.value) <= step)?.value ?? 0;
    turnSel.addEventListener("change", () => go(Number(turnSel.value)));
    top.append(...[
      h("h2", {}, id ? `Replay of ${id}` : "Replay of an imported record"),
      h("div", { class: "row" },
        h("button", { id: "first", onclick: () => go(0), text: "« Start" }), " ",
        h("button", { id: "back", onclick: () => go(step - 1), disabled: step === 0, text: "◀ Back" }), " ",
        h("span", { id: "step", text: `action ${step} of ${at.steps}` }), " ",
        h("button", { id: "forward", onclick: () => go(step + 1), disabled: step >= at.steps, text: "Forward ▶" }), " ",
        h("button", { id: "last", onclick: () => go(at.steps), text: "End »" }), " ",
        turnSel, " ",
        h("button", { id: "export", onclick: exportRecord, text: "Export record" }), " ",
        h("label", {}, "Import: ", fileIn)),
      h("div", {}, `Turn ${at.status.turn} · ${at.status.phase.replaceAll("_", " ")}`,
        at.seat === null || at.seat === undefined ? " · spectator's view" : ` · seat ${at.seat}'s view`),
      at.status.terminal ? h("div", { class: "outcome" }, outcomeText(at)) : null].filter(Boolean));
    // A game by id may be analysed once it is over (the server says so otherwise).
    if (id) {
      analysisBox.hidden = false;
      if (analysis) drawAnalysis();
      else if (!analysisEl.firstChild) analysisEl.append(h("button", { id: "analyse", onclick: analyse, text: "Analyse the game" }));
    }
    clear(log);
    for (const e of at.events.slice(-60)) log.append(h("li", { text: e.text || JSON.stringify(e.event) }));
    log.scrollTop = log.scrollHeight;
    const mod = await loadBoard(ruleset);
    const ctx = {
      h, s, pct, colours: SEAT_COLOURS,
      seat: at.seat, ui, panel, card, choose: () => {}, preview: async () => null, odds: async () => null,
      rerender: () => draw(), legalWithText: () => [],
    };
    if (mod) mod.render(boardEl, { ...at, legal: [], legal_text: [] }, ctx);
    else clear(boardEl).append(h("pre", { text: JSON.stringify(at.view, null, 1) }));
  };

  const keys = (e) => {
    if (!at || (e.target && e.target.tagName === "INPUT")) return;
    if (e.key === "ArrowLeft") go(step - 1);
    if (e.key === "ArrowRight") go(step + 1);
  };
  document.addEventListener("keydown", keys);
  if (id) await go(0);
  else top.append(h("h2", { text: "Open a replay" }), h("p", { text: "Choose a record file (exported from a game here, or saved by `orrery play --save` / `battle --save`)." }), fileIn);
  return () => document.removeEventListener("keydown", keys);
}
