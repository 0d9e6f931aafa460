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

function render(el, st, ctx) {
  const { h, s } = ctx;
  const v = st.view;
  const ui = ctx.ui;
  const legal = ctx.legalWithText();
  const cols = v.map.cols, rows = v.map.rows;
  const W = R * 1.5 * (cols - 1) + 2 * R + 8;
  const H = R * SQ3 * (rows + 0.5) + 8;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "hexmap", id: "hexmap", role: "img", "aria-label": "Hex map" });
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

  // Units.
  for (const [key, list] of Object.entries(byHex)) {
    const [q, r] = key.split(",").map(Number);
    const c = centreOf({ q, r });
    list.forEach((u, i) => {
      const dx = list.length > 1 ? (i - (list.length - 1) / 2) * 9 : 0;
      const g = s("g", { class: "unit" + (sel && sel.id === u.id ? " selected" : "") + (targets[u.id] ? " target" : ""), "data-unit": u.id, tabindex: "0", role: "button", "aria-label": unitName(u), transform: `translate(${c.x + dx},${c.y})` });
      const colour = ctx.colours[u.owner] || "#ccc";
      if (u.kind.ship) {
        const f = ANGLE[u.kind.ship.facing];
        g.append(s("g", { transform: `rotate(${f + 90})` },
          s("polygon", { points: "0,-13 9,9 0,5 -9,9", fill: colour, stroke: "#111", "stroke-width": 1.2 })));
        g.append(s("text", { y: 4, class: "unit-letter" }, u.kind.ship.letter));
        if (u.kind.ship.flagship) g.append(s("circle", { r: 15, class: "flag-ring" }));
      } else {
        g.append(s("rect", { x: -6, y: -6, width: 12, height: 12, rx: 2, fill: colour, stroke: "#111", transform: "rotate(45)", opacity: u.kind.squadron.active ? 1 : 0.5 }));
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

  const host = el.querySelector(".hexwrap") || ctx.h("div", { class: "hexwrap" });
  const old = host.querySelector("svg");
  if (old) host.replaceChild(svg, old); else host.append(svg);
  if (!host.parentNode) { el.textContent = ""; el.append(host); }

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

export default {
  render,
  oddsRows,
};
