// Launch Fighters! board for the browser (served by `orrery serve`, see docs/web.md).
// It draws the server's view and offers the server's legal actions; it decides no
// rule. The map is flat-topped hexes in "odd-q" columns, as `orrery-hex` lays them
// out; hexes are labelled CCRR like the terminal map.

const R = 20; // hex radius in SVG units
const SQ3 = Math.sqrt(3);
const DIRS = ["n", "ne", "se", "s", "sw", "nw"];
// Screen angle of each facing (flat-topped: north is up, then clockwise every 60°).
const ANGLE = { n: -90, ne: -30, se: 30, s: 90, sw: 150, nw: 210 };

const offset = (h) => ({ col: h.q, row: h.r + (h.q - (h.q & 1)) / 2 });
const centre = (col, row) => ({ x: R * 1.5 * col + R + 4, y: R * SQ3 * (row + 0.5 * (col & 1)) + (R * SQ3) / 2 + 4 });
const centreOf = (h) => { const o = offset(h); return centre(o.col, o.row); };
const label = (col, row) => String(col).padStart(2, "0") + String(row).padStart(2, "0");
const hexKey = (h) => `${h.q},${h.r}`;
const corners = (c) => [0, 1, 2, 3, 4, 5].map((i) => {
  const a = (Math.PI / 3) * i;
  return `${(c.x + R * Math.cos(a)).toFixed(1)},${(c.y + R * Math.sin(a)).toFixed(1)}`;
}).join(" ");

// Which unit an action is about, and the hex it goes to or acts on.
function unitOf(a) {
  return a.unit ?? a.ship ?? a.squadron ?? null;
}
function hexOf(a) {
  return a.to || a.at || null;
}

function unitName(u) {
  if (u.kind.ship) return `${u.kind.ship.design.name} (P${u.owner}-${u.kind.ship.letter})`;
  return `Squadron #${u.id} (P${u.owner})`;
}

// The board's own look (lighter than the page's defaults: the map is mostly empty
// space, and a ship must read at a glance).
const STYLE = `
svg.hexmap.lf { background: #111a2e; }
svg.hexmap.lf .hex { fill: #18223b; stroke: #34446b; }
svg.hexmap.lf .hex.nebula { fill: #4b2e6e; }
svg.hexmap.lf .hex.asteroid { fill: #4a3d30; }
svg.hexmap.lf .hex.moon, svg.hexmap.lf .hex.planetoid { fill: #243050; }
svg.hexmap.lf .hex.exit { fill: #17425f; }
svg.hexmap.lf .hex.dest { fill: #23603a; stroke: #7bd88f; stroke-width: 2; }
svg.hexmap.lf .hex.dest:hover, svg.hexmap.lf .hex.dest:focus { fill: #35904f; }
svg.hexmap.lf .hexlabel { font-size: 6.5px; fill: #6f7fa6; }
svg.hexmap.lf .unit-letter { font-size: 11px; }
svg.hexmap.lf .hit-area { fill: transparent; stroke: none; }
svg.hexmap.lf .ghost { opacity: 0.55; pointer-events: none; }
svg.hexmap.lf .ghost polygon { stroke: #fff; stroke-dasharray: 3 2; }
svg.hexmap.lf .ghost-path { fill: none; stroke: #e0c341; stroke-width: 2.5; stroke-dasharray: 5 4; pointer-events: none; }
svg.hexmap.lf .aim { stroke: #ff6b6b; stroke-width: 2; stroke-dasharray: 6 4; pointer-events: none; }
.lf-view { position: absolute; bottom: 8px; left: 10px; z-index: 2; opacity: 0.9; }
`;
function injectStyle(h) {
  if (document.getElementById("lf-board-style")) return;
  document.head.append(h("style", { id: "lf-board-style" }, STYLE));
}

// The part of the map in play: every unit on the map and every hex a legal action
// goes to, with two hexes round them (at least 16 columns by 11 rows), in SVG units.
function areaInPlay(hexes, W, H) {
  if (!hexes.length) return null;
  const cs = hexes.map(centreOf);
  const xs = cs.map((c) => c.x), ys = cs.map((c) => c.y);
  let x0 = Math.min(...xs) - 3.2 * R, x1 = Math.max(...xs) + 3.2 * R;
  let y0 = Math.min(...ys) - 2.4 * R * SQ3, y1 = Math.max(...ys) + 2.4 * R * SQ3;
  const grow = (a, b, min, max) => {
    if (b - a < min) { const m = (a + b) / 2; a = m - min / 2; b = m + min / 2; }
    if (a < 0) { b -= a; a = 0; }
    if (b > max) { a -= b - max; b = max; }
    return [Math.max(0, a), Math.min(max, b)];
  };
  [x0, x1] = grow(x0, x1, 16 * 1.5 * R, W);
  [y0, y1] = grow(y0, y1, 11 * SQ3 * R, H);
  if (x1 - x0 > 0.85 * W && y1 - y0 > 0.85 * H) return null;
  return [x0, y0, x1, y1];
}

// The view keeps its frame while what is in play fits in it (a frame that follows
// every move would shift the whole map under the player's eyes).
function frame(ui, need) {
  const old = ui.lfFrame;
  if (need && old && need[0] >= old[0] && need[1] >= old[1] && need[2] <= old[2] && need[3] <= old[3]) return old;
  ui.lfFrame = need;
  return need;
}

// A unit's condition, for the animation's flash when it changes: a ship's current
// stats and missiles, a squadron active or flipped.
function unitState(u) {
  if (u.kind.ship) {
    const t = u.kind.ship.stats;
    return `c${t.cannons} l${t.launchers} b${t.bays} d${t.defense} m${t.move} x${u.kind.ship.missiles}`;
  }
  return u.kind.squadron.active ? "active" : "flipped";
}

// A ship's arrow in its facing; `data-rotate` lets the animation turn it.
function shipShape(s, colour, facing, scale) {
  const deg = ANGLE[facing] + 90;
  return s("g", { transform: `rotate(${deg})`, "data-rotate": deg },
    s("polygon", { points: "0,-14 10,10 0,5 -10,10", fill: colour, stroke: "#0b0f1a", "stroke-width": 1.4, transform: `scale(${scale})` }));
}

function render(el, st, ctx) {
  const { h, s } = ctx;
  injectStyle(h);
  const v = st.view;
  const ui = ctx.ui;
  const legal = ctx.legalWithText();
  const cols = v.map.cols, rows = v.map.rows;
  const W = R * 1.5 * (cols - 1) + 2 * R + 8;
  const H = R * SQ3 * (rows + 0.5) + 8;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "hexmap lf", id: "hexmap", role: "img", "aria-label": "Hex map" });
  const defs = s("defs", {},
    s("pattern", { id: "rocks", width: 8, height: 8, patternUnits: "userSpaceOnUse" },
      s("circle", { cx: 2, cy: 2, r: 1.6, fill: "#a08770" }), s("circle", { cx: 6, cy: 6, r: 1.2, fill: "#8c7560" })));
  svg.append(defs);

  // Units by hex; the selection and what it may do.
  const units = v.units;
  const onMap = units.filter((u) => u.location && u.location.on_map && !u.eliminated_by);
  const byHex = {};
  for (const u of onMap) (byHex[hexKey(u.location.on_map)] ||= []).push(u);
  const sel = ui.selected !== undefined && ui.selected !== null ? units.find((u) => u.id === ui.selected) : null;
  const mine = (a) => sel && unitOf(a) === sel.id;
  const selActions = sel ? legal.filter(({ action }) => mine(action)) : [];
  // A pending question with no unit in its actions (push, reduce, …) is answered from the list.
  const dests = {};
  for (const x of selActions) {
    const hx = hexOf(x.action);
    if (hx) (dests[hexKey(hx)] ||= { hex: hx, list: [] }).list.push(x);
  }
  // Hexes any legal action without a unit goes to (e.g. where a pushed squadron goes).
  for (const x of legal) {
    if (unitOf(x.action) === null && hexOf(x.action)) (dests[hexKey(hexOf(x.action))] ||= { hex: hexOf(x.action), list: [] }).list.push(x);
  }
  const targets = {};
  for (const x of (sel ? selActions : legal)) if (x.action.target !== undefined) (targets[x.action.target] ||= []).push(x);

  const terrain = {};
  for (const t of v.terrain || []) terrain[`${t.col},${t.row}`] = t.kind;
  const exit = new Set((v.exit_area || []).map((m) => `${m.col},${m.row}`));

  const grid = s("g", { class: "grid" });
  for (let col = 0; col < cols; col++) {
    for (let row = 0; row < rows; row++) {
      const c = centre(col, row);
      const kind = terrain[`${col},${row}`];
      const q = col, r = row - (col - (col & 1)) / 2;
      const key = `${q},${r}`;
      const dest = dests[key];
      const cls = ["hex", kind || "", exit.has(`${col},${row}`) ? "exit" : "", dest ? "dest" : ""].join(" ");
      const poly = s("polygon", { points: corners(c), class: cls, "data-hex": label(col, row) });
      grid.append(poly);
      if (kind === "moon" || kind === "planetoid") grid.append(s("circle", { cx: c.x, cy: c.y, r: kind === "moon" ? R * 0.75 : R * 0.5, class: kind + "-body" }));
      if (kind === "asteroid") grid.append(s("polygon", { points: corners(c), fill: "url(#rocks)", "pointer-events": "none" }));
      if (!dest) grid.append(s("text", { x: c.x, y: c.y + R * 0.62, class: "hexlabel" }, label(col, row)));
      if (dest) {
        poly.setAttribute("tabindex", "0");
        poly.setAttribute("role", "button");
        poly.setAttribute("aria-label", `to ${label(col, row)}`);
        const go = () => pickDest(dest);
        poly.addEventListener("click", go);
        poly.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
      }
    }
  }
  svg.append(grid);

  // The selected ship's flanking arcs: the line through it across its facing divides
  // front from rear (seed "Flanking"); the rear half is shaded.
  if (sel && sel.kind.ship && sel.location.on_map) {
    const c = centreOf(sel.location.on_map);
    const a = (ANGLE[sel.kind.ship.facing] * Math.PI) / 180;
    const fx = Math.cos(a), fy = Math.sin(a); // facing
    const px = -fy, py = fx; // the side line's direction
    const L = 2000;
    const p1 = [c.x + px * L, c.y + py * L], p2 = [c.x - px * L, c.y - py * L];
    svg.append(s("polygon", { points: `${p1} ${p2} ${p2[0] - fx * L},${p2[1] - fy * L} ${p1[0] - fx * L},${p1[1] - fy * L}`, class: "rear-arc", "pointer-events": "none" }));
    svg.append(s("line", { x1: p1[0], y1: p1[1], x2: p2[0], y2: p2[1], class: "side-line", "pointer-events": "none" }));
  }

  // Units: each drawn in a <g data-unit> without a transform of its own (the
  // animation moves it), with a hit area most of the hex wide for fingers.
  for (const [key, list] of Object.entries(byHex)) {
    const [q, r] = key.split(",").map(Number);
    const c = centreOf({ q, r });
    const scale = list.length > 1 ? 0.72 : 1.15;
    list.forEach((u, i) => {
      const dx = list.length > 1 ? (i - (list.length - 1) / 2) * 18 : 0;
      const g = s("g", { class: "unit" + (sel && sel.id === u.id ? " selected" : "") + (targets[u.id] ? " target" : ""), "data-unit": u.id, "data-state": unitState(u), tabindex: "0", role: "button", "aria-label": unitName(u) });
      const at = s("g", { transform: `translate(${(c.x + dx).toFixed(1)},${c.y.toFixed(1)})` });
      g.append(at);
      const colour = ctx.colours[u.owner] || "#ccc";
      at.append(s("circle", { r: list.length > 1 ? R * 0.45 : R * 0.75, class: "hit-area", "data-anchor": "" }));
      if (u.kind.ship) {
        at.append(shipShape(s, colour, u.kind.ship.facing, scale));
        at.append(s("text", { y: 4, class: "unit-letter" }, u.kind.ship.letter));
        if (u.kind.ship.flagship) at.append(s("circle", { r: 17 * scale, class: "flag-ring" }));
      } else {
        const k = scale * 8;
        at.append(s("rect", { x: -k, y: -k, width: 2 * k, height: 2 * k, rx: 2, fill: colour, stroke: "#0b0f1a", transform: "rotate(45)", opacity: u.kind.squadron.active ? 1 : 0.5 }));
      }
      g.append(s("title", {}, unitName(u)));
      const click = () => {
        if (targets[u.id] && !(u.owner === ctx.seat && !sel)) return pickTarget(u);
        // The selected unit's own hex may be a destination (stay, turn in place).
        if (sel && sel.id === u.id && dests[key]) return pickDest(dests[key]);
        select(u);
      };
      g.addEventListener("click", click);
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); click(); } });
      svg.append(g);
    });
  }

  drawGhost(s, svg, ui.pending, units, v, ctx);

  // Facing picker over the chosen destination.
  if (ui.facingAt) {
    const d = dests[hexKey(ui.facingAt)];
    if (d) {
      const c = centreOf(d.hex);
      svg.append(s("circle", { cx: c.x, cy: c.y, r: R * 2.1, class: "picker-bg" }));
      for (const x of d.list) {
        const f = x.action.facing;
        const a = ((f ? ANGLE[f] : -90) * Math.PI) / 180;
        const bx = c.x + Math.cos(a) * R * 1.45, by = c.y + Math.sin(a) * R * 1.45;
        const b = s("g", { class: "facing-btn", tabindex: "0", role: "button", "data-facing": f || "none", "aria-label": x.text, transform: `translate(${bx},${by})` },
          s("circle", { r: 8 }), s("text", { y: 3 }, f ? f.toUpperCase() : "•"), s("title", {}, x.text));
        const go = () => { ui.facingAt = null; ctx.choose(x.action); };
        b.addEventListener("click", go);
        b.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
        svg.append(b);
      }
    }
  }

  // Fit the view to the area in play, or the whole map (the button).
  const crop = ui.lfWhole ? null : frame(ui, areaInPlay([...onMap.map((u) => u.location.on_map), ...legal.map((x) => hexOf(x.action)).filter(Boolean)], W, H));
  if (crop) svg.setAttribute("viewBox", `${crop[0].toFixed(1)} ${crop[1].toFixed(1)} ${(crop[2] - crop[0]).toFixed(1)} ${(crop[3] - crop[1]).toFixed(1)}`);
  const host = el.querySelector(".hexwrap") || ctx.h("div", { class: "hexwrap" });
  const old = host.querySelector("svg");
  if (old) host.replaceChild(svg, old); else host.append(svg);
  if (!host.parentNode) { el.textContent = ""; el.append(host); }
  const viewBtn = el.parentNode && (el.parentNode.querySelector(".lf-view") ||
    el.parentNode.insertBefore(h("button", { class: "lf-view", id: "lf-view" }), el));
  if (viewBtn) {
    viewBtn.textContent = ui.lfWhole ? "Area in play" : "Whole map";
    viewBtn.title = ui.lfWhole ? "Fit the view to the units and where they may go" : "Show the whole map";
    viewBtn.hidden = !crop && !ui.lfWhole;
    viewBtn.onclick = () => { ui.lfWhole = !ui.lfWhole; ctx.rerender(); };
  }

  drawPanel(ctx, st, units, sel, legal);
  drawCard(ctx, sel, units);

  function select(u) {
    ui.selected = sel && sel.id === u.id ? null : u.id;
    ui.facingAt = null;
    ui.actionFilter = ui.selected === null ? null : (a) => unitOf(a) === u.id || a.target === u.id;
    ui.actionFilterName = unitName(u);
    ctx.rerender();
  }
  function pickDest(d) {
    if (d.list.length === 1) { ui.facingAt = null; return ctx.choose(d.list[0].action); }
    ui.facingAt = d.hex;
    ctx.rerender();
  }
  function pickTarget(u) {
    const list = targets[u.id];
    if (list.length === 1) return ctx.choose(list[0].action);
    ui.actionFilter = (a) => a.target === u.id;
    ui.actionFilterName = `attacks on ${unitName(u)}`;
    ctx.rerender();
  }
}

// The chosen action while it waits for Confirm: the unit drawn faintly where it
// goes (a line from where it is), or a line from the active unit to the target.
function drawGhost(s, svg, pending, units, v, ctx) {
  const a = pending && pending.action;
  if (!a || typeof a !== "object") return;
  const byId = Object.fromEntries(units.map((u) => [u.id, u]));
  const push = v.pending && v.pending.decision && v.pending.decision.squadron;
  const u = byId[a.unit ?? a.ship ?? a.squadron ?? (a.type === "push" ? push : undefined)];
  const to = a.to || a.at;
  if (u && to) {
    const c = centreOf(to);
    const colour = ctx.colours[u.owner] || "#ccc";
    const from = u.location && u.location.on_map ? centreOf(u.location.on_map) : null;
    if (from && (from.x !== c.x || from.y !== c.y)) svg.append(s("line", { x1: from.x, y1: from.y, x2: c.x, y2: c.y, class: "ghost-path" }));
    const g = s("g", { class: "ghost", "data-ghost": u.id, transform: `translate(${c.x.toFixed(1)},${c.y.toFixed(1)})` });
    const facing = a.facing || (u.kind.ship && u.kind.ship.facing);
    if (u.kind.ship && facing) g.append(shipShape(s, colour, facing, 1.15));
    else g.append(s("rect", { x: -9, y: -9, width: 18, height: 18, fill: colour, transform: "rotate(45)" }));
    svg.append(g);
    return;
  }
  const target = byId[a.target];
  const shooter = byId[(v.activation && v.activation.unit) ?? -1];
  if (target && shooter && target.location.on_map && shooter.location.on_map) {
    const p = centreOf(shooter.location.on_map), q = centreOf(target.location.on_map);
    svg.append(s("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: "aim" }));
  }
}

// Animation hooks (crates/server/web/anim.js): the hexes a unit went through
// (`moved`'s path, a push, a launch or an advance), and the barrages and dogfights.
function paths(events) {
  const out = {};
  const add = (id, hexes) => {
    const pts = hexes.map((x) => { const c = centreOf(x); return [c.x, c.y]; });
    out[id] = out[id] ? out[id].concat(pts) : pts;
  };
  for (const e of events) {
    if (e.kind === "moved" && e.path) add(e.unit, e.path);
    else if ((e.kind === "pushed" || e.kind === "advanced") && e.to) add(e.squadron, [e.to]);
  }
  return out;
}

function shots(events) {
  const hit = (r) => r === "hit" || r === "direct_hit";
  const out = [];
  for (const e of events) {
    if (e.kind === "barrage") out.push({ from: e.attacker, to: e.target, hit: hit(e.result) });
    else if (e.kind === "dogfight") {
      const loser = e.winner === e.attacker ? e.defender : e.winner === e.defender ? e.attacker : null;
      out.push({ from: e.attacker, to: e.defender, hit: loser === e.defender && hit(e.result) });
      if (loser === e.attacker && hit(e.result)) out.push({ from: e.defender, to: e.attacker, hit: true });
    }
  }
  return out;
}

// The rules' open question in words (the answers are the legal actions).
function question(v, byId) {
  const p = v.pending;
  if (!p) return null;
  const d = p.decision;
  const n = (id) => (byId[id] ? unitName(byId[id]) : `#${id}`);
  const who = `Seat ${p.seat}`;
  switch (d.decision) {
    case "push": return `${who}: where does the pushed ${n(d.squadron)} go? Click a green hex (LF-09).`;
    case "reduce_stats": return `${who}: ${n(d.ship)} loses ${d.levels} stat level${d.levels > 1 ? "s" : ""}: choose which (LF-13).`;
    case "intercept": return `${who}: missiles incoming at ${n(d.target)}: intercept with up to 3 squadrons, or none (LF-05).`;
    case "squadron_hit": return `${who}: ${n(d.squadron)} is hit: flip it or send it back to base (LF-14).`;
    case "return_to_base": return `${who}: ${n(d.squadron)} returns to base: choose the ship it lands on (LF-14).`;
    case "bay_loss": return `${who}: a bay hit on ${n(d.ship)}: choose the squadron aboard that is lost (LF-15).`;
    case "advance": return `${who}: ${n(d.winner)} won the dogfight: advance into the vacated hex, or stay (LF-14).`;
    case "repair_stat": return `${who}: the repair of ${n(d.ship)} succeeded: choose the stat to raise (LF-16).`;
    default: return `${who} has a question to answer: ${d.decision.replaceAll("_", " ")}.`;
  }
}

function activationText(v, byId) {
  const a = v.activation;
  if (!a) return null;
  const u = byId[a.unit];
  const parts = [`Active: ${u ? unitName(u) : "#" + a.unit}`];
  if (a.used.length) parts.push(`systems used: ${a.used.join(", ")}`);
  if (a.pool) {
    const t = byId[a.pool.target];
    parts.push(`${a.pool.dice} ${a.pool.system} dice in hand at ${t ? unitName(t) : "#" + a.pool.target}` +
      (a.pool.flank ? " (flanking)" : "") + (a.pool.note ? ` — ${a.pool.note}` : ""));
  }
  if (a.launching) parts.push(`launching (${a.launched} so far)`);
  return parts.join(" · ");
}

// Every fleet and where each of its units is; click one for its card.
function fleets(ctx, v, byId) {
  const { h } = ctx;
  const where = (u) => {
    if (u.eliminated_by !== null && u.eliminated_by !== undefined) return "destroyed";
    const l = u.location;
    if (l === "unplaced") return "not placed";
    if (l && l.on_map) { const o = offset(l.on_map); return label(o.col, o.row); }
    if (l && l.aboard !== undefined) return `aboard ${byId[l.aboard] ? byId[l.aboard].kind.ship.letter : "#" + l.aboard}`;
    return typeof l === "string" ? l.replaceAll("_", " ") : Object.keys(l || {})[0] || "";
  };
  return h("details", { class: "panel", id: "fleets" }, h("summary", { text: "Fleets" }),
    v.players.map((pl, i) => h("div", { class: "fleet" },
      h("strong", { style: `color:${ctx.colours[i]}`, text: `P${i} ${pl.fleet} — ${v.scores[i] ?? 0} VP` }),
      h("ul", {}, v.units.filter((u) => u.owner === i && u.kind.ship).map((u) =>
        h("li", {}, h("button", { class: "linklike", onclick: () => { ctx.ui.selected = u.id; ctx.rerender(); } }, unitName(u)), ` ${where(u)}`))))));
}

// The question, the active unit, and the units that have actions (ships to place,
// squadrons to launch).
function drawPanel(ctx, st, units, sel, legal) {
  const { h } = ctx;
  const p = ctx.panel;
  p.textContent = "";
  const byId = Object.fromEntries(units.map((u) => [u.id, u]));
  const q = question(st.view, byId);
  const act = activationText(st.view, byId);
  if (q || act) {
    p.append(h("div", { class: "panel question", id: "question" },
      q ? h("div", { class: "your-turn", text: q }) : null,
      act ? h("div", { text: act }) : null));
  }
  p.append(fleets(ctx, st.view, byId));
  const ids = new Set(legal.map((x) => unitOf(x.action)).filter((x) => x !== null));
  const off = units.filter((u) => ids.has(u.id) && !(u.location && u.location.on_map));
  const on = units.filter((u) => ids.has(u.id) && u.location && u.location.on_map);
  if (!ids.size) return;
  const btn = (u) => h("button", { class: "unit-btn" + (sel && sel.id === u.id ? " on" : ""), "data-select": u.id,
    onclick: () => { ctx.ui.selected = u.id; ctx.ui.facingAt = null; ctx.ui.actionFilter = (a) => unitOf(a) === u.id || a.target === u.id; ctx.ui.actionFilterName = unitName(u); ctx.rerender(); } }, unitName(u));
  p.append(h("div", { class: "panel" },
    h("strong", { text: "Units with a decision: " }),
    h("div", { class: "unit-btns" }, [...on, ...off].map(btn)),
    h("p", { class: "hint", text: "Select a unit (or click it on the map), then click a highlighted hex; pick the facing around it. Click a red-ringed enemy to attack it." })));
}

function drawCard(ctx, sel, units) {
  const { h } = ctx;
  const c = ctx.card;
  c.textContent = "";
  if (!sel) return;
  const rows = [];
  if (sel.kind.ship) {
    const sh = sel.kind.ship;
    const stat = (k) => {
      const now = sh.stats[k], base = sh.design[k];
      return h("td", { class: now < base ? "reduced" : "" }, now < base ? `${now} (of ${base})` : String(now));
    };
    rows.push(h("tr", {}, ["Cannons", "Launchers", "Bays", "Defense", "Move"].map((t) => h("th", { text: t }))));
    rows.push(h("tr", {}, ["cannons", "launchers", "bays", "defense", "move"].map(stat)));
    const aboard = units.filter((u) => u.location && u.location.aboard === sel.id).length;
    c.append(h("div", { class: "panel", id: "card" },
      h("h3", {}, unitName(sel), sh.flagship ? " ★ flagship" : ""),
      h("div", { text: `${sh.design.type}, ${sh.cost} points, facing ${sh.facing.toUpperCase()}` }),
      h("table", { class: "stats" }, rows),
      h("div", { text: `Missiles ${sh.missiles} · squadrons aboard ${aboard} · repairs left ${sh.repair_left} · boosters left ${sh.boosters_left}` })));
  } else {
    c.append(h("div", { class: "panel", id: "card" }, h("h3", {}, unitName(sel)),
      h("div", { text: sel.kind.squadron.active ? "active" : "flipped (inactive)" })));
  }
}

// The rows of the odds box from this ruleset's odds (docs/odds.md): a barrage or
// formation per target (levels lost), a dogfight.
function oddsRows(o, v) {
  if (!o) return [];
  const name = (id) => { const u = v.units.find((x) => x.id === id); return u ? unitName(u) : `#${id}`; };
  if (o.kind === "dogfight") {
    return [{ what: `dogfight with ${name(o.defender)}`, p_hit: (o.defender_hit || 0) + (o.defender_direct_hit || 0),
      p_removed: o.p_defender_removed, note: `you are hit ${(100 * ((o.attacker_hit || 0) + (o.attacker_direct_hit || 0))).toFixed(1)}%` }];
  }
  return (o.targets || []).filter(Boolean).map((t) => ({ what: name(t.target), p_hit: t.p_hit, p_removed: t.p_removed, dist: t.levels_lost }));
}

// Where a hinted or lesson action is on the map (game.js rings it; docs/web.md): the
// hex it goes to or acts on, else the unit it attacks or is about; else the ship a
// pending question is about (a stat to reduce), or the target of the dice in hand.
function marks(a, v) {
  if (!a || typeof a !== "object") return null;
  const hx = hexOf(a);
  if (hx && typeof hx.q === "number") { const c = centreOf(hx); return { at: [c.x, c.y] }; }
  if (a.target !== undefined && a.target !== null) return { unit: a.target };
  const u = unitOf(a);
  if (u !== null) return { unit: u };
  const d = v && v.pending && v.pending.decision;
  const asked = d ? d.ship ?? d.squadron ?? d.target : undefined;
  if (asked !== undefined) return { unit: asked };
  const pool = v && v.activation && v.activation.pool;
  return pool && a.type === "barrage" ? { unit: pool.target } : null;
}

export default {
  render,
  marks,
  oddsRows,
  paths,
  shots,
};
