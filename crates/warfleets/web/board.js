// Warfleets board for the browser (served by `orrery serve`, see docs/web.md): the
// table to scale in inches (y = 0 at the bottom, the south edge), terrain, mission
// markers, mines, every model on the table on its base with its heading, the
// selected ship's arcs (FB-05) and weapon ranges, the path of a ship's order (the
// server's `preview`), and the controls for each question: spots to click (markers,
// deployment, squadron flights, mines, launches, squadrons placed aside from under a
// ship), a compass for facings, the order
// planner for ships, targets for shots. Every legal choice, path and odd is the
// server's; this file only draws and sends.

const M = 2; // margin around the table, inches
const key = (a) => JSON.stringify(a);
const rad = (deg) => (deg * Math.PI) / 180;
// SVG units per inch: the table fits 960 units across, at most 20 an inch.
const scaleOf = (v) => Math.min(20, 960 / (v.width + 2 * M));
// A point of the table (inches, y up) in the SVG's units, for the hooks drawn over it.
const tablePoint = (v, p) => [(p.x + M) * scaleOf(v), (v.height - p.y + M) * scaleOf(v)];
const fmt = (n) => String(+Number(n).toFixed(1));
const ORDER_KINDS = ["hold", "move", "cruise", "ram"];
const ORDER_NAMES = { hold: "Hold", move: "Move", cruise: "Cruise", ram: "Ram" };
const CLASS_NAMES = { squadron: "Squadrons", light: "Light ships", medium: "Medium ships", heavy: "Heavy ships" };
// Questions answered by clicking a spot: which action types carry the spot.
const SPOT_TYPES = ["marker", "deploy", "fly", "mine", "relocate", "move_aside"];

// A model's short label: the hull's abbreviation and the number the server gave it
// ("Cruiser 1A" → "Cr1A", "Fighter Squadron 2A" → "F2A").
function label(m) {
  const sq = m.class === "squadron";
  const abbr = sq ? m.hull.split(" ")[0].slice(0, 1) : m.hull.slice(0, 2);
  if (m.name.startsWith(m.hull + " ")) return abbr + m.name.slice(m.hull.length + 1);
  return m.name.length <= 6 ? m.name : m.name.slice(0, 5) + "…";
}
const turnWords = (t) => (t === 0 ? "ahead" : t > 0 ? `${t * 15}° stbd` : `${-t * 15}° port`);
const turnShort = (t) => (t === 0 ? "↑0" : t > 0 ? `${t * 15}→` : `←${-t * 15}`);

function injectStyle() {
  if (document.getElementById("wf-style")) return;
  const st = document.createElement("style");
  st.id = "wf-style";
  st.textContent = `
#wf-table line, #wf-table text, .wf-arc, .wf-range, .wf-path, .wf-ghost, .wf-terrain-label { pointer-events: none; }
.wf-zone { fill-opacity: 0.09; }
.wf-zone-label { font-size: 12px; fill-opacity: 0.8; text-anchor: middle; font-weight: 700; }
.wf-terrain { stroke-width: 1.5; }
.wf-terrain.impassable { fill: #5b4330; stroke: #b08a66; }
.wf-terrain.blocks { fill: #2e3650; stroke: #7f8db5; }
.wf-terrain.dangerous { fill: #5a2327; stroke: #ff6b6b; }
.wf-terrain.difficult { fill: #3d3a22; stroke: #c9b458; stroke-dasharray: 6 3; }
.wf-terrain.cover { fill: #1f4230; stroke: #7bd88f; }
.wf-terrain.plain { fill: #1d2438; stroke: #56607d; }
.wf-terrain-label { font-size: 9px; fill: #9aa4bd; text-anchor: middle; }
.wf-marker { fill: #e0c341; stroke: #fff3b0; stroke-width: 1.5; }
.wf-marker-star { font-size: 11px; fill: #2a2100; text-anchor: middle; font-weight: 700; }
.wf-mine { stroke: #fff; stroke-width: 1; }
.wf-arc.front { fill: rgba(224, 195, 65, 0.10); }
.wf-arc.side { fill: rgba(77, 163, 255, 0.06); }
.wf-arc.rear { fill: rgba(255, 107, 107, 0.09); }
.wf-arc-line { stroke: rgba(224, 195, 65, 0.55); stroke-width: 1; stroke-dasharray: 4 4; }
.wf-arc-name { font-size: 11px; fill: rgba(232, 236, 244, 0.75); text-anchor: middle; font-weight: 700; }
.wf-range { fill: none; stroke-width: 1.4; stroke-dasharray: 7 5; }
.wf-range-fill { stroke: none; }
.wf-range-label { font-size: 10px; font-weight: 700; paint-order: stroke; stroke: #000; stroke-width: 3px; }
.wf-model { cursor: pointer; }
.wf-model .base { stroke-width: 1.8; fill-opacity: 0.55; }
.wf-model .tick { stroke-width: 3; stroke-linecap: round; }
.wf-model .tick-outline { stroke: #000; stroke-width: 5.5; stroke-linecap: round; }
.wf-model.done .base { fill-opacity: 0.12; stroke-dasharray: 3 2; }
.wf-model.done .tick, .wf-model.done .tick-outline { opacity: 0.45; }
.wf-model.done .wf-label { fill: #a9b3c9; font-weight: 400; }
.wf-model.selected .base { stroke: #e0c341 !important; stroke-width: 3; }
.wf-label { font-size: 12px; font-weight: 700; fill: #fff; paint-order: stroke; stroke: #000; stroke-width: 3px; }
.wf-pip { fill: #ff6b6b; stroke: #000; stroke-width: 0.6; }
.wf-pip.marker { fill: #e0c341; }
.wf-ring { fill: none; stroke-width: 3; stroke-dasharray: 5 3; pointer-events: none; }
.wf-ring.activate { stroke: #7bd88f; }
.wf-ring.target { stroke: #ff3b3b; stroke-dasharray: none; }
.wf-cross { stroke: #ff3b3b; stroke-width: 2; pointer-events: none; }
.wf-model.target { filter: drop-shadow(0 0 4px #ff6b6b); }
.wf-spot { cursor: pointer; fill-opacity: 0.75; stroke: #05070d; stroke-width: 1; }
.wf-hit-area { fill: transparent; stroke: none; }
.wf-view { position: absolute; bottom: 8px; left: 10px; z-index: 2; opacity: 0.9; }
.wf-spot-label { font-size: 12px; font-weight: 700; fill: #fff; text-anchor: middle; paint-order: stroke; stroke: #000; stroke-width: 3px; pointer-events: none; }
.wf-ruler { font-size: 10px; fill: #8b97b3; text-anchor: middle; }
.wf-ruler.major { font-size: 12px; fill: #c4cde0; font-weight: 700; }
.wf-aim { stroke: #ff6b6b; stroke-width: 2; stroke-dasharray: 6 4; pointer-events: none; }
.wf-spot.marker { fill: #e0c341; }
.wf-spot.deploy, .wf-spot.move, .wf-spot.mine, .wf-spot.relocate, .wf-spot.move_aside { fill: #7bd88f; }
.wf-reach { fill: none; stroke: #7bd88f; stroke-width: 1.5; stroke-dasharray: 4 3; pointer-events: none; }
.wf-spot.cruise { fill: #ffa657; }
.wf-spot:hover, .wf-spot:focus { fill-opacity: 1; fill: #fff; }
.wf-path { fill: none; stroke: #7bd88f; stroke-width: 3; stroke-linejoin: round; }
.wf-path.exit { stroke: #ff6b6b; }
.wf-ghost { fill: none; stroke: #7bd88f; stroke-width: 2; stroke-dasharray: 3 2; }
.wf-ghost-tick { stroke: #7bd88f; stroke-width: 3; stroke-linecap: round; }
.wf-face { cursor: pointer; }
.wf-face circle { fill: #1f5fae; stroke: #fff; stroke-width: 1; }
.wf-face.on circle, .wf-face:hover circle, .wf-face:focus circle { fill: #e0c341; }
.wf-face text { font-size: 8px; fill: #fff; text-anchor: middle; font-weight: 700; pointer-events: none; }
.wf-face.on text, .wf-face:hover text { fill: #000; }
#wf-compass { display: block; margin: 0.3em auto; }
.wf-row { display: flex; flex-wrap: wrap; gap: 3px; margin: 0.3em 0; align-items: center; }
.wf-row button { padding: 0 0.35em; font-size: 0.85em; }
#wf-controls h3 { font-size: 1.05em; }
#wf-selected { margin-top: 0.3em; font-size: 0.92em; }
.wf-row button.on { border-color: #e0c341; background: #3a3520; }
button.wf-choice { display: block; width: 100%; text-align: left; margin: 2px 0; }
.wf-ups { border-collapse: collapse; width: 100%; font-size: 0.9em; }
.wf-ups td, .wf-ups th { padding: 0.05em 0.35em; text-align: left; }
.wf-ups tr.broken td { color: #ff6b6b; text-decoration: line-through; }
.wf-dmg { color: #ff6b6b; font-weight: 700; }
.wf-key { font-size: 0.82em; color: #a9b3c9; }
.wf-key b { font-weight: 700; }
#wf-status { font-size: 0.95em; }
`;
  document.head.append(st);
}

function render(el, st, ctx) {
  injectStyle();
  const { h, s } = ctx;
  const ui = ctx.ui;
  const v = st.view;
  const W = v.width, H = v.height;
  const K = scaleOf(v); // SVG units per inch
  const X = (x) => (x + M) * K;
  const Y = (y) => (H - y + M) * K; // y grows upwards: the south edge at the bottom
  // A point r inches from (x, y) at `deg` clockwise from +y, in SVG units.
  const at = (x, y, r, deg) => [X(x) + r * K * Math.sin(rad(deg)), Y(y) - r * K * Math.cos(rad(deg))];
  const legal = ctx.legalWithText();
  const of = (...types) => legal.filter((x) => types.includes(x.action.type));
  const q = v.question || {};
  // The owners' choices come before the open step (as the server asks them): a
  // repair's upgrade (FB-15), damage (FB-15), a squadron placed aside (FB-08).
  const aside = v.placing_aside; // [squadron, ship, seat]
  const kind = v.repairing ? "repair" : v.assigning ? "assign" : aside ? "aside" : q.kind;
  const models = v.models;
  const byId = Object.fromEntries(models.map((m) => [m.id, m]));
  const onTable = (m) => m && m.status && m.status.is === "on_table";

  // A new state: forget half-made choices; select the model the question is about.
  if (ui.wfKey !== st.status.hash) {
    ui.wfKey = st.status.hash;
    ui.previews = {};
    ui.order = null;
    ui.fireTarget = null;
    ui.faceHover = null;
    ui.hoverSpot = null;
    const about = v.repairing ? v.repairing[0] : v.assigning ? v.assigning[0] : aside ? aside[0] : q.model !== undefined ? q.model : q.squadron;
    if (about !== undefined && about !== null) ui.selected = about;
    else if (["marker", "edge", "deploy"].includes(q.kind)) ui.selected = null;
    const deployable = [...new Set(of("deploy").map((x) => x.action.model))];
    if (!deployable.includes(ui.deployModel)) ui.deployModel = deployable[0];
  }
  const sel = ui.selected !== null && ui.selected !== undefined ? byId[ui.selected] : null;

  const svg = s("svg", { viewBox: `0 0 ${(W + 2 * M) * K} ${(H + 2 * M) * K}`, class: "table", id: "wf-table", role: "img", "aria-label": `Table ${W}" × ${H}"`, "data-kind": kind || "" });
  svg.append(s("clipPath", { id: "wf-clip" }, s("rect", { x: X(0), y: Y(H), width: W * K, height: H * K })));
  svg.append(s("rect", { x: X(0), y: Y(H), width: W * K, height: H * K, class: "felt" }));
  // Deployment zones: the 12" strip along each side's long edge (FB-20).
  [0, 1].forEach((seat) => {
    const north = v.edges[seat] === "north";
    const y0 = north ? H : 12;
    svg.append(s("rect", { x: X(0), y: Y(y0), width: W * K, height: 12 * K, class: "wf-zone", fill: ctx.colours[seat] }));
    // Its name along the outer edge (not while the dots of a deployment cover it).
    if (!(kind === "deploy" && ctx.seat === seat)) {
      svg.append(s("text", { x: X(W / 2), y: north ? Y(H - 0.6) + 4 : Y(0.6), class: "wf-zone-label", fill: ctx.colours[seat] }, `${v.sides[seat]} deployment zone (12")`));
    }
  });
  for (let x = 0; x <= W; x++) svg.append(s("line", { x1: X(x), y1: Y(0), x2: X(x), y2: Y(H), class: x % 6 ? "grid1" : "grid6" }));
  for (let y = 0; y <= H; y++) svg.append(s("line", { x1: X(0), y1: Y(y), x2: X(W), y2: Y(y), class: y % 6 ? "grid1" : "grid6" }));
  // Rulers on the four edges, in inches as the texts write points, "(41.0, 3.0)":
  // x from the west edge, y from the south edge.
  for (let x = 0; x <= W; x += 3) {
    const cls = x % 6 ? "wf-ruler" : "wf-ruler major";
    svg.append(s("text", { x: X(x), y: Y(0) + K * 0.95, class: cls }, `${x}`), s("text", { x: X(x), y: Y(H) - K * 0.35, class: cls }, `${x}`));
  }
  for (let y = 0; y <= H; y += 3) {
    const cls = y % 6 ? "wf-ruler" : "wf-ruler major";
    svg.append(s("text", { x: X(0) - K * 0.9, y: Y(y) + 4, class: cls }, `${y}`), s("text", { x: X(W) + K * 0.9, y: Y(y) + 4, class: cls }, `${y}`));
  }
  const edgeName = (e) => [0, 1].filter((i) => v.edges[i] === e).map((i) => `${v.sides[i]} (seat ${i})`).join(", ");
  svg.append(s("text", { x: X(W / 2), y: Y(0) + K * 1.8, class: "edge" }, `south edge — ${edgeName("south") || "?"} — inches`));
  svg.append(s("text", { x: X(W / 2), y: Y(H) - K * 1.3, class: "edge" }, `north edge — ${edgeName("north") || "?"}`));

  // Terrain (FB-13): circles and polygons, coloured by what they do.
  for (const t of v.terrain || []) {
    const flags = ["blocks_los", "cover", "difficult", "impassable", "dangerous"].filter((f) => t[f]);
    const cls = "wf-terrain " + (t.impassable ? "impassable" : t.dangerous ? "dangerous" : t.blocks_los ? "blocks" : t.difficult ? "difficult" : t.cover ? "cover" : "plain");
    const tip = s("title", {}, `${t.name}: ${flags.map((f) => f.replace("_", " ")).join(", ") || "no effect"}`);
    let cx, cy;
    if (t.shape === "circle") {
      svg.append(s("circle", { cx: X(t.center.x), cy: Y(t.center.y), r: t.radius * K, class: cls, "data-terrain": t.name }, tip));
      cx = t.center.x; cy = t.center.y;
    } else if (t.points && t.points.length) {
      svg.append(s("polygon", { points: t.points.map((p) => `${X(p.x)},${Y(p.y)}`).join(" "), class: cls, "data-terrain": t.name }, tip));
      cx = t.points.reduce((a, p) => a + p.x, 0) / t.points.length;
      cy = t.points.reduce((a, p) => a + p.y, 0) / t.points.length;
    }
    if (cx !== undefined) {
      const short = flags.map((f) => ({ blocks_los: "LOS", cover: "cover", difficult: "diff.", impassable: "impass.", dangerous: "danger" })[f]).join(" ");
      svg.append(s("text", { x: X(cx), y: Y(cy) - 2, class: "wf-terrain-label" }, t.name));
      if (short) svg.append(s("text", { x: X(cx), y: Y(cy) + 10, class: "wf-terrain-label" }, short));
    }
  }
  // Mission markers (FB-17) and mines (FB-19).
  for (const p of v.markers || []) {
    svg.append(s("g", { transform: `translate(${X(p.x)},${Y(p.y)})`, class: "wf-marker-g", "data-marker": `${p.x},${p.y}` },
      s("circle", { r: Math.max(6, 0.5 * K), class: "wf-marker" }, s("title", {}, `mission marker at (${fmt(p.x)}, ${fmt(p.y)})`)),
      s("text", { y: 4, class: "wf-marker-star" }, "★")));
  }
  for (const mi of v.mines || []) {
    svg.append(s("circle", { cx: X(mi.pos.x), cy: Y(mi.pos.y), r: Math.max(4, 0.35 * K), class: "wf-mine", fill: ctx.colours[mi.seat] }, s("title", {}, `${v.sides[mi.seat]} mine at (${fmt(mi.pos.x)}, ${fmt(mi.pos.y)})`)));
    svg.append(s("text", { x: X(mi.pos.x), y: Y(mi.pos.y) + 4, class: "wf-marker-star" }, "✱"));
  }

  // The selected ship's arcs (FB-05: front |b| ≤ 45°, rear ≥ 135°, sides between)
  // and its guns' ranges (base to base: drawn from the edge of its base).
  const wedge = (m, r, a1, a2) => {
    const [x1, y1] = at(m.x, m.y, r, a1), [x2, y2] = at(m.x, m.y, r, a2);
    return `M${X(m.x)},${Y(m.y)} L${x1},${y1} A${r * K},${r * K} 0 ${a2 - a1 > 180 ? 1 : 0} 1 ${x2},${y2} Z`;
  };
  if (sel && onTable(sel) && kind !== "face") {
    const g = s("g", { "clip-path": "url(#wf-clip)", id: "wf-arcs" });
    svg.append(g);
    const guns = [{ name: "turret", range: sel.turret.range, mount: null }]
      .concat(sel.upgrades.filter((u) => u.gun && u.works).map((u) => ({ name: u.name, range: u.gun.range, mount: u.mount })));
    const hd = sel.heading;
    const R = sel.radius + Math.max(...guns.map((x) => x.range), 6);
    if (sel.class !== "squadron") {
      g.append(s("path", { class: "wf-arc front", d: wedge(sel, R, hd - 45, hd + 45) }));
      g.append(s("path", { class: "wf-arc side", d: wedge(sel, R, hd + 45, hd + 135) }));
      g.append(s("path", { class: "wf-arc rear", d: wedge(sel, R, hd + 135, hd + 225) }));
      g.append(s("path", { class: "wf-arc side", d: wedge(sel, R, hd + 225, hd + 315) }));
      for (const a of [45, 135, 225, 315]) {
        const [x2, y2] = at(sel.x, sel.y, R, hd + a);
        g.append(s("line", { x1: X(sel.x), y1: Y(sel.y), x2, y2, class: "wf-arc-line" }));
      }
      const nameAt = Math.min(R - 1, sel.radius + 4);
      [["front", 0], ["stbd", 90], ["rear", 180], ["port", 270]].forEach(([n, a]) => {
        const [lx, ly] = at(sel.x, sel.y, nameAt, hd + a);
        g.append(s("text", { x: lx, y: ly + 4, class: "wf-arc-name" }, n));
      });
    }
    const COLOURS = ["#c792ea", "#4dd0e1", "#ffa657", "#7bd88f"];
    guns.forEach((gun, i) => {
      const r = sel.radius + gun.range;
      const colour = COLOURS[i % COLOURS.length];
      const spans = gun.mount === "front" ? [[-45, 45]] : gun.mount === "rear" ? [[135, 225]] : gun.mount === "side" ? [[45, 135], [225, 315]] : null;
      if (!spans) g.append(s("circle", { cx: X(sel.x), cy: Y(sel.y), r: r * K, class: "wf-range", stroke: colour }));
      else for (const [a1, a2] of spans) {
        g.append(s("path", { d: wedge(sel, r, hd + a1, hd + a2), class: "wf-range wf-range-fill", fill: colour, "fill-opacity": 0.07 }));
        const [x1, y1] = at(sel.x, sel.y, r, hd + a1), [x2, y2] = at(sel.x, sel.y, r, hd + a2);
        g.append(s("path", { d: `M${x1},${y1} A${r * K},${r * K} 0 0 1 ${x2},${y2}`, class: "wf-range", stroke: colour }));
      }
      const la = spans ? hd + spans[0][0] + 12 : hd + 160 + 22 * i;
      const [lx, ly] = at(sel.x, sel.y, r + 0.4, la);
      g.append(s("text", { x: lx, y: ly, class: "wf-range-label", fill: colour, "text-anchor": "middle" }, `${gun.name} ${gun.range}"`));
    });
  }

  // The legal actions the board answers by clicking.
  const activations = {};
  for (const x of of("activate")) activations[x.action.model] = x;
  const targets = {};
  for (const x of of("fire")) (targets[x.action.target] ||= []).push(x);
  const faceModel = kind === "face" ? byId[q.model] : null;

  // Models on the table.
  const modelLayer = s("g", { id: "wf-models" });
  svg.append(modelLayer);
  for (const m of models) {
    if (!onTable(m)) continue;
    const ship = m.class !== "squadron";
    const colour = ctx.colours[m.seat];
    const r = Math.max(4, m.radius * K);
    const acting = m.id === q.model || m.id === q.squadron;
    const cls = ["wf-model", ship ? "ship" : "squadron", m.activated && !acting ? "done" : "", acting ? "acting" : "", sel && sel.id === m.id ? "selected" : "",
      activations[m.id] ? "can-activate" : "", targets[m.id] ? "target" : ""].filter(Boolean).join(" ");
    // The drawing in a <g data-unit> with no transform of its own (the animation
    // moves it); its condition in data-state (the animation flashes a change).
    const dmg = ship ? m.upgrades.reduce((a, u) => a + u.damage, 0) : m.damage;
    const outer = s("g", { class: cls, "data-unit": m.id, "data-state": `damage ${dmg} markers ${m.markers}`, "data-model": m.id, "data-seat": m.seat, "data-x": m.x, "data-y": m.y, "data-heading": m.heading, "data-class": m.class, tabindex: "0", role: "button", "aria-label": `${m.name} (${v.sides[m.seat]})` });
    const g = s("g", { transform: `translate(${X(m.x)},${Y(m.y)})` });
    outer.append(g);
    g.append(s("circle", { r: r + 3, class: "wf-hit-area", "data-anchor": "" }));
    if (activations[m.id]) g.append(s("circle", { r: r + 6, class: "wf-ring activate" }));
    if (targets[m.id]) {
      g.append(s("circle", { r: r + 6, class: "wf-ring target" }));
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) g.append(s("line", { x1: dx * (r + 3), y1: dy * (r + 3), x2: dx * (r + 11), y2: dy * (r + 11), class: "wf-cross" }));
    }
    g.append(s("circle", { r, class: "base", fill: colour, stroke: colour }));
    if (ship && !(faceModel && faceModel.id === m.id)) {
      // The heading tick, turned by its own rotation (the animation turns it).
      const len = r + 0.7 * K;
      g.append(s("g", { transform: `rotate(${m.heading})`, "data-rotate": m.heading },
        s("line", { x1: 0, y1: 0, x2: 0, y2: -len, class: "tick-outline" }), s("line", { x1: 0, y1: 0, x2: 0, y2: -len, class: "tick", stroke: colour })));
    }
    // Damage pips (red) and carried markers (gold) under the base.
    const pips = [...Array(dmg).fill("wf-pip"), ...Array(m.markers).fill("wf-pip marker")];
    pips.forEach((c, i) => g.append(s("circle", { cx: -((pips.length - 1) * 3.5) + i * 7, cy: r + 5, r: 3, class: c })));
    const extra = [m.hero ? "★" : "", m.sitting_duck ? " ⚓" : "", m.boarding ? ` B${m.boarding}` : ""].join("");
    g.append(s("text", { x: r + 3, y: -r + 2, class: "wf-label" }, label(m) + extra));
    const ups = ship ? m.upgrades.map((u) => `${u.name}${u.mount ? " (" + u.mount + ")" : ""} ${u.damage}/${u.limit}${u.works ? "" : " disabled"}`).join("; ") : `damage ${m.damage}/2`;
    const what = activations[m.id] ? " — click to activate" : targets[m.id] ? " — click to fire at it" : "";
    outer.append(s("title", {}, `${m.name} (${v.sides[m.seat]}), ${m.hull}, heading ${m.heading}°${m.activated ? ", activated" : ""}; ${ups}${what}`));
    const click = (e) => {
      e.stopPropagation();
      if (activations[m.id]) { ui.selected = m.id; return ctx.choose(activations[m.id].action); }
      if (targets[m.id]) {
        ui.fireTarget = m.id;
        if (targets[m.id].length === 1) return ctx.choose(targets[m.id][0].action);
        return ctx.rerender();
      }
      ui.selected = sel && sel.id === m.id ? null : m.id;
      ctx.rerender();
    };
    outer.addEventListener("click", click);
    outer.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); click(e); } });
    modelLayer.append(outer);
  }

  // Spots: every legal action placed at a whole-inch point (markers, deployment of
  // the chosen model, squadron flights, mines, launches, Avenger moves).
  const spotActions = legal.filter((x) => SPOT_TYPES.includes(x.action.type) && typeof x.action.x === "number"
    && (x.action.type !== "deploy" || kind !== "deploy" || x.action.model === ui.deployModel));
  const spotModel = kind === "deploy" ? byId[ui.deployModel] : kind === "aside" ? byId[aside[0]] : (q.squadron !== undefined ? byId[q.squadron] : byId[q.model]);
  // FB-08: the reach of a placement aside, 1" beyond the ship's base (to the squadron's centre).
  if (kind === "aside" && byId[aside[1]] && spotModel) {
    const sh = byId[aside[1]];
    svg.append(s("circle", { cx: X(sh.x), cy: Y(sh.y), r: (sh.radius + spotModel.radius + 1) * K, class: "wf-reach", id: "wf-aside-reach" }));
  }
  const spotLayer = s("g", { id: "wf-spots" });
  const ghost = s("g", { id: "wf-spot-ghost" });
  // Dots big enough to see and point at (spots stand an inch apart); a click between
  // them takes the nearest (below).
  const dotR = Math.max(3, Math.min(5.5, 0.34 * K));
  for (const x of spotActions) {
    const a = x.action;
    const sub = a.type === "fly" ? (/Cruise/.test(x.text) ? "cruise" : "move") : a.type;
    const dot = s("circle", { cx: X(a.x), cy: Y(a.y), r: dotR, class: `wf-spot ${sub}`, "data-x": a.x, "data-y": a.y, "data-type": a.type, tabindex: "-1" }, s("title", {}, x.text));
    const go = (e) => { e.stopPropagation(); ctx.choose(a); };
    dot.addEventListener("click", go);
    dot.addEventListener("keydown", (e) => { if (e.key === "Enter") go(e); });
    // Pointing at a dot: its point in the texts' words above it (and the model's
    // base there).
    dot.addEventListener("mouseenter", () => {
      ghost.textContent = "";
      if (spotModel) ghost.append(s("circle", { cx: X(a.x), cy: Y(a.y), r: spotModel.radius * K, class: "wf-ghost" }));
      ghost.append(s("text", { x: X(a.x), y: Y(a.y) - Math.max(dotR, spotModel ? spotModel.radius * K : 0) - 4, class: "wf-spot-label" }, `(${fmt(a.x)}, ${fmt(a.y)})`));
    });
    spotLayer.append(dot);
  }
  svg.append(spotLayer, ghost);
  // The spot awaiting confirmation: the model's base there, outlined in gold.
  const pa = ui.pending && ui.pending.action;
  if (pa && SPOT_TYPES.includes(pa.type) && typeof pa.x === "number") {
    const pm = pa.model !== undefined ? byId[pa.model] : spotModel;
    svg.append(s("circle", { cx: X(pa.x), cy: Y(pa.y), r: Math.max(5, (pm ? pm.radius : 0.5) * K), fill: pm ? ctx.colours[pm.seat] : "none", "fill-opacity": 0.5, stroke: "#e0c341", "stroke-width": 3, id: "wf-pending-spot", "pointer-events": "none" }));
  }
  // A shot waiting for Confirm: a line from the firing model to its target.
  if (pa && pa.type === "fire" && onTable(byId[pa.target]) && onTable(byId[pa.model ?? q.model])) {
    const a = byId[pa.model ?? q.model], b = byId[pa.target];
    svg.append(s("line", { x1: X(a.x), y1: Y(a.y), x2: X(b.x), y2: Y(b.y), class: "wf-aim" }));
  }
  // A click on the table near the spots takes the nearest (within 2").
  if (spotActions.length) {
    svg.style.cursor = "crosshair";
    svg.addEventListener("click", (e) => {
      const pt = svg.createSVGPoint();
      pt.x = e.clientX;
      pt.y = e.clientY;
      const p = pt.matrixTransform(svg.getScreenCTM().inverse());
      const x = p.x / K - M, y = H - (p.y / K - M);
      let best = null, bd = 2;
      for (const sp of spotActions) {
        const d = Math.hypot(sp.action.x - x, sp.action.y - y);
        if (d < bd) { bd = d; best = sp; }
      }
      if (best) ctx.choose(best.action);
    });
  }

  // Facing: 24 headings round the ship just placed (FB-20, 15° steps).
  if (faceModel && onTable(faceModel)) {
    const faces = of("face");
    const rr = faceModel.radius + Math.max(2.4, 62 / K); // room for 24 buttons
    svg.append(s("circle", { cx: X(faceModel.x), cy: Y(faceModel.y), r: (rr + 0.9) * K, class: "picker-bg" }));
    const shown = ui.faceHover ?? (ui.pending && ui.pending.action.type === "face" ? ui.pending.action.heading : null);
    if (shown !== null && shown !== undefined) {
      const [tx, ty] = at(faceModel.x, faceModel.y, faceModel.radius + 1.6, shown * 15);
      svg.append(s("line", { x1: X(faceModel.x), y1: Y(faceModel.y), x2: tx, y2: ty, class: "wf-ghost-tick" }));
    }
    for (const x of faces) {
      const hd = x.action.heading;
      const [bx, by] = at(faceModel.x, faceModel.y, rr, hd * 15);
      const b = s("g", { class: "wf-face" + (hd === shown ? " on" : ""), transform: `translate(${bx},${by})`, tabindex: "0", role: "button", "data-face": hd, "aria-label": `face ${hd * 15}°` },
        s("circle", { r: hd % 3 ? 5.5 : 8.5 }), s("text", { y: 3 }, hd % 3 ? "" : String(hd * 15)), s("title", {}, x.text));
      b.addEventListener("click", (e) => { e.stopPropagation(); ctx.choose(x.action); });
      b.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); ctx.choose(x.action); } });
      b.addEventListener("mouseenter", () => { ui.faceHover = hd; drawFaceGhost(); });
      b.addEventListener("mouseleave", () => { ui.faceHover = null; drawFaceGhost(); });
      svg.append(b);
    }
  }
  const faceGhost = s("g", { id: "wf-face-ghost" });
  svg.append(faceGhost);
  ui.drawFaceGhost = drawFaceGhost;
  function drawFaceGhost() {
    faceGhost.textContent = "";
    if (!faceModel || ui.faceHover === null || ui.faceHover === undefined) return;
    const [tx, ty] = at(faceModel.x, faceModel.y, faceModel.radius + 1.6, ui.faceHover * 15);
    faceGhost.append(s("line", { x1: X(faceModel.x), y1: Y(faceModel.y), x2: tx, y2: ty, class: "wf-ghost-tick" }));
  }

  // The path of the order being planned or confirmed (the server's preview).
  const paths = s("g", { id: "wf-paths" });
  svg.append(paths);
  ui.drawPaths = () => {
    paths.textContent = "";
    const ship = q.kind === "order" ? byId[q.model] : null;
    if (!ship || !onTable(ship)) return;
    const chosen = ui.pending && ui.pending.action ? ui.pending.action : currentOrder();
    if (!chosen) return;
    if (chosen.type === "hold") {
      const hd = ship.heading + chosen.turn * 15;
      const [tx, ty] = at(ship.x, ship.y, ship.radius + 1.6, hd);
      paths.append(s("circle", { cx: X(ship.x), cy: Y(ship.y), r: ship.radius * K + 3, class: "wf-ghost", id: "wf-ghost" }),
        s("line", { x1: X(ship.x), y1: Y(ship.y), x2: tx, y2: ty, class: "wf-ghost-tick" }));
      return;
    }
    const pv = (ui.pending && ui.pending.preview) || ui.previews[key(chosen)];
    if (!pv || !pv.path) return;
    const pts = pv.path.map((p) => `${X(p.x)},${Y(p.y)}`).join(" ");
    paths.append(s("polyline", { points: pts, class: "wf-path" + (pv.exit ? " exit" : ""), id: "wf-path" }));
    if (pv.to) {
      const [tx, ty] = at(pv.to.x, pv.to.y, ship.radius + 1.2, pv.heading);
      paths.append(s("circle", { cx: X(pv.to.x), cy: Y(pv.to.y), r: ship.radius * K, class: "wf-ghost", id: "wf-ghost" }),
        s("line", { x1: X(pv.to.x), y1: Y(pv.to.y), x2: tx, y2: ty, class: "wf-ghost-tick" }));
      paths.append(s("text", { x: X(pv.to.x) + ship.radius * K + 4, y: Y(pv.to.y) + 14, class: "wf-label" }, pv.exit ? "leaves the table" : `ends here, ${pv.heading}°`));
    }
  };
  // The ship order the planner has set up, as the legal action itself.
  function currentOrder() {
    const o = ui.order;
    if (!o) return null;
    const hit = of(o.kind).find((x) => (x.action.pivot ?? null) === (o.pivot ?? null) && x.action.turn === o.turn && (x.action.target ?? null) === (o.target ?? null));
    return hit ? hit.action : null;
  }
  ui.currentOrder = currentOrder;

  // On a narrow board (a phone: the whole table is 5 px an inch there) the view is
  // framed on what the question is about — its model, the spots, the targets — and
  // a button shows the whole table.
  const narrow = el.clientWidth > 0 && el.clientWidth < 640;
  const focus = [...spotActions.map((x) => x.action), ...Object.keys(targets).map((id) => byId[id]), byId[q.model], byId[q.squadron], sel]
    .filter((p) => p && typeof p.x === "number");
  const crop = narrow && !ui.wfWhole ? frameOn(ui, focus, W, H) : null;
  if (crop) svg.setAttribute("viewBox", `${X(crop[0]).toFixed(1)} ${Y(crop[3]).toFixed(1)} ${((crop[2] - crop[0]) * K).toFixed(1)} ${((crop[3] - crop[1]) * K).toFixed(1)}`);
  const host = el.querySelector(".tablewrap") || h("div", { class: "tablewrap" });
  const old = host.querySelector("svg");
  if (old) host.replaceChild(svg, old); else host.append(svg);
  if (!host.parentNode) { el.textContent = ""; el.append(host); }
  const viewBtn = el.parentNode && (el.parentNode.querySelector(".wf-view") ||
    el.parentNode.insertBefore(h("button", { class: "wf-view", id: "wf-view" }), el));
  if (viewBtn) {
    viewBtn.textContent = ui.wfWhole ? "Close up" : "Whole table";
    viewBtn.hidden = !narrow || (!crop && !ui.wfWhole);
    viewBtn.onclick = () => { ui.wfWhole = !ui.wfWhole; ctx.rerender(); };
  }

  drawPanel(ctx, st, legal, byId, kind);
  ui.drawPaths();
  drawCard(ctx, v, sel);
}

// The part of the table (inches: [x0, y0, x1, y1]) round `points` with 4" to
// spare, at least 24" by 16"; kept while what is asked about fits in it.
function frameOn(ui, points, W, H) {
  if (!points.length) return ui.wfFrame || null;
  const xs = points.map((p) => p.x), ys = points.map((p) => p.y);
  const grow = (a, b, min, max) => {
    if (b - a < min) { const m = (a + b) / 2; a = m - min / 2; b = m + min / 2; }
    if (a < -M) { b += -M - a; a = -M; }
    if (b > max + M) { a -= b - max - M; b = max + M; }
    return [Math.max(-M, a), Math.min(max + M, b)];
  };
  const [x0, x1] = grow(Math.min(...xs) - 4, Math.max(...xs) + 4, 24, W);
  const [y0, y1] = grow(Math.min(...ys) - 4, Math.max(...ys) + 4, 16, H);
  const old = ui.wfFrame;
  if (old && x0 >= old[0] && y0 >= old[1] && x1 <= old[2] && y1 <= old[3]) return old;
  ui.wfFrame = [x0, y0, x1, y1];
  return ui.wfFrame;
}

// Animation hooks (crates/server/web/anim.js): where a model went (moved, pushed;
// straight, the events give no pivot point) and the attacks (a hit when it did
// damage).
function paths(events, view) {
  if (!view) return {};
  const pt = (p) => tablePoint(view, p);
  const out = {};
  for (const e of events) {
    if (e.type === "moved" && e.from && e.to) out[e.model] = (out[e.model] || [pt(e.from)]).concat([pt(e.to)]);
    else if (e.type === "pushed" && e.to) out[e.model] = (out[e.model] || []).concat([pt(e.to)]);
  }
  return out;
}

function shots(events) {
  return events.filter((e) => e.type === "attack").map((e) => ({ from: e.shooter, to: e.target, hit: (e.damage || 0) > 0 || (e.hits || 0) > 0 }));
}

// The server's preview of `action`, once per state; the path is drawn when it comes.
function previewOf(ctx, action) {
  const ui = ctx.ui;
  const k = key(action);
  if (!(k in ui.previews)) {
    ui.previews[k] = null;
    const mine = ui.wfKey;
    ctx.preview(action).then((pv) => {
      if (ui.wfKey !== mine) return;
      ui.previews[k] = pv;
      if (ui.drawPaths) ui.drawPaths();
      const st = document.getElementById("wf-order-end");
      if (st && key(ui.currentOrder && ui.currentOrder()) === k) st.textContent = endWords(pv);
    }).catch(() => {});
  }
  return ui.previews[k];
}
const endWords = (pv) => (!pv ? "…" : pv.exit ? `leaves the table at (${fmt(pv.to.x)}, ${fmt(pv.to.y)}) — it returns at the end of the round (FB-10)` : `ends at (${fmt(pv.to.x)}, ${fmt(pv.to.y)}), heading ${pv.heading}°`);

// Whose question, in words.
function questionWords(v, kind, byId) {
  const q = v.question || {};
  const n = (id) => (byId[id] ? byId[id].name : `model ${id}`);
  const side = (seat) => (seat !== undefined && v.sides[seat] !== undefined ? v.sides[seat] : "");
  switch (kind) {
    case "assign": return `Damage to ${n(v.assigning[0])}: ${side(v.assigning[1])} picks the upgrade that takes it (FB-15)`;
    case "repair": return `Repair of ${n(v.repairing[0])} (${v.repairing[1]} damage): ${side(v.repairing[2])} picks the upgrade it comes off (FB-15)`;
    case "aside": return `${n(v.placing_aside[0])} is under ${n(v.placing_aside[1])}: ${side(v.placing_aside[2])} places it within 1" of the ship (FB-08)`;
    case "marker": return `${side(q.seat)}: place a mission marker (${q.left} left)`;
    case "edge": return `${side(q.seat)}: pick your long table edge`;
    case "deploy": return `${side(q.seat)}: deploy ${q.squadrons ? "a squadron" : "a ship"}`;
    case "face": return `Face ${n(q.model)}: any of 24 headings`;
    case "vanguard": return `${n(q.model)}: Vanguard move straight ahead`;
    case "reserve": return `${n(q.model)}: deploy from reserve (Tactical Master)?`;
    case "activate": return `${side(q.seat)}: activate one of your ${(CLASS_NAMES[q.class] || q.class || "").toLowerCase()}`;
    case "mine": return `${n(q.model)}: lay a mine?`;
    case "launch": return `${n(q.model)}: launch its squadrons?`;
    case "place": return `Place ${n(q.squadron)} within 2" of ${n(q.model)}`;
    case "order": return `${n(q.model)}: its order${q.rogue ? " (Rogue, out of its phase)" : ""}`;
    case "fire": return `${n(q.model)} fires: pick a gun and target, or done`;
    case "after": return `${n(q.model)}: after its activation`;
    case "launched": return "The launched squadrons may activate now";
    case "return": return `${n(q.model)} returns to the table (FB-10)`;
    case "over": return "The game is over";
    default: return kind || "";
  }
}

function drawPanel(ctx, st, legal, byId, kind) {
  const { h } = ctx;
  const v = st.view;
  const ui = ctx.ui;
  const p = ctx.panel;
  p.textContent = "";
  const of = (...types) => legal.filter((x) => types.includes(x.action.type));
  const mine = legal.length > 0;
  const q = v.question || {};
  const box = h("div", { class: "panel", id: "wf-panel", "data-question": kind || "", "data-phase": v.phase, "data-round": v.round, "data-my-edge": ctx.seat !== null && ctx.seat !== undefined ? v.edges[ctx.seat] : null });
  box.append(h("div", { class: mine ? "your-turn" : "", id: "wf-question", text: questionWords(v, kind, byId) }));
  const phase = v.phase === "activation" || v.phase === "round_start" || v.phase === "round_end"
    ? ` · ${CLASS_NAMES[v.activation_phase] || v.activation_phase} phase` : ` · ${v.phase.replace("_", " ")}`;
  box.append(h("div", { id: "wf-status" }, h("strong", { text: `Round ${v.round} of ${v.rounds}` }), phase, ` · ${v.sides[v.first]} goes first`));
  box.append(h("div", { id: "wf-carried" }, "Markers carried: ",
    [0, 1].map((i) => h("span", { style: `color:${ctx.colours[i]}`, text: `${v.sides[i]} ${v.carried[i]}` })).flatMap((x, i) => (i ? [" — ", x] : [x])),
    ` · ${v.markers.length} on the table`));
  const alive = (seat) => v.models.filter((m) => m.seat === seat && m.status.is === "on_table");
  box.append(h("div", { class: "hint" }, [0, 1].map((i) => `${v.sides[i]}: ${alive(i).length} on the table, ${alive(i).filter((m) => m.activated).length} activated`).join(" · ")));
  const sel = ui.selected !== null && ui.selected !== undefined ? byId[ui.selected] : null;
  if (sel) {
    const ups = sel.class === "squadron" ? [{ t: `damage ${sel.damage}/2`, d: sel.damage }]
      : sel.upgrades.map((u) => ({ t: `${u.name}${u.mount ? " (" + u.mount + ")" : ""} ${u.damage}/${u.limit}${u.works ? "" : " off"}`, d: u.damage }));
    box.append(h("div", { id: "wf-selected" }, h("strong", { style: `color:${ctx.colours[sel.seat]}`, text: `${sel.name}: ` }),
      ...ups.flatMap((u, i) => [i ? " · " : "", h("span", { class: u.d ? "wf-dmg" : "", text: u.t })])));
  }
  box.append(h("details", { class: "wf-key" }, h("summary", { text: "Key" }),
    "ring green: may activate · red ring and cross: a target · gold outline: selected · faded, dashed: activated this round · red pips: damage, gold: markers carried · ★ hero · ⚓ sitting duck (held) · the selected ship shows its front, side and rear arcs (FB-05) and its guns' ranges (base to base)."));
  p.append(box);
  if (!mine) return;

  const ctl = h("div", { class: "panel", id: "wf-controls" });
  const choice = (x, attrs = {}) => h("button", { class: "wf-choice", ...attrs, onclick: () => ctx.choose(x.action), text: x.text });
  const handled = new Set();
  const section = (title, hint) => { ctl.append(h("h3", { text: title })); if (hint) ctl.append(h("p", { class: "hint", text: hint })); };

  if (kind === "marker") {
    section("Place a mission marker", "Click a gold dot on the table (or near one): the legal whole-inch spots, more than 9\" from the edges, the deployment zones and other markers (FB-17).");
    handled.add("marker");
  } else if (kind === "edge") {
    section("Your long edge (FB-20)", "You deploy within 12\" of it.");
    ctl.append(h("div", { class: "wf-row" }, of("edge").map((x) => h("button", { "data-edge": x.action.edge, onclick: () => ctx.choose(x.action), text: `${x.action.edge === "south" ? "South (bottom)" : "North (top)"} edge` }))));
    handled.add("edge");
  } else if (kind === "deploy") {
    const ids = [...new Set(of("deploy").map((x) => x.action.model))];
    section(q.squadrons ? "Deploy a squadron" : "Deploy a ship", "Pick the model, then click a green dot in your zone (its whole base within 12\" of your edge). A ship then picks its facing.");
    ctl.append(h("div", { class: "wf-row", id: "wf-deploy-models" }, ids.map((id) => {
      const m = byId[id];
      return h("button", { class: id === ui.deployModel ? "on" : "", "data-deploy-model": id, onclick: () => { ui.deployModel = id; ctx.rerender(); }, text: `${label(m)} ${m.hull}` });
    })));
    ctl.append(...of("hold_back", "embark").map((x) => choice(x)));
    handled.add("deploy"); handled.add("hold_back"); handled.add("embark");
  } else if (kind === "face") {
    section("Facing", "Click a heading on the ring round the ship or on the compass (0° = north, up the table; clockwise).");
    ctl.append(compass(ctx, of("face")));
    handled.add("face");
  } else if (kind === "activate") {
    section("Activate", "Click one of your green-ringed models on the table, or its button.");
    ctl.append(h("div", { class: "wf-row", id: "wf-activate" }, of("activate").map((x) => {
      const m = byId[x.action.model];
      return h("button", { "data-activate": m.id, onclick: () => { ui.selected = m.id; ctx.choose(x.action); }, onmouseenter: () => { ui.selected = m.id; }, text: `${label(m)} ${m.hull}` });
    })));
    handled.add("activate");
  } else if (kind === "order") {
    const m = byId[q.model];
    if (m && m.class !== "squadron") orderPlanner(ctx, ctl, legal, m, byId);
    else {
      section("Fly", "Click a dot on the table: green = Move (may shoot), orange = Cruise (no shooting). Squadrons have no facing.");
      const hold = of("hold")[0];
      if (hold) ctl.append(h("button", { id: "wf-hold", onclick: () => ctx.choose(hold.action), text: "Hold (stay put)" }));
      handled.add("fly"); handled.add("hold");
    }
    ["hold", "move", "cruise", "ram", "fly"].forEach((t) => handled.add(t));
  } else if (kind === "fire") {
    const fire = of("fire");
    section("Fire (FB-12)", fire.length ? "Click a red-ringed enemy on the table, or a shot below (with the server's odds); each gun fires once." : "No gun has a target in arc, range and sight.");
    const list = ui.fireTarget !== null && ui.fireTarget !== undefined && fire.some((x) => x.action.target === ui.fireTarget)
      ? fire.filter((x) => x.action.target === ui.fireTarget) : fire;
    if (list !== fire) ctl.append(h("p", { class: "hint" }, `Guns at ${byId[ui.fireTarget].name}: `, h("button", { onclick: () => { ui.fireTarget = null; ctx.rerender(); }, text: "all targets" })));
    ctl.append(...list.map((x) => choice(x, { "data-fire-target": x.action.target, "data-gun": typeof x.action.gun === "string" ? x.action.gun : `weapon-${x.action.gun.weapon}` })));
    const done = of("done")[0];
    if (done) ctl.append(h("button", { id: "wf-done", class: "wf-choice", onclick: () => ctx.choose(done.action), text: fire.length ? "Done: stop firing" : "Done" }));
    handled.add("fire"); handled.add("done");
  } else if (kind === "assign") {
    section("Which upgrade takes the damage?", "Each upgrade is disabled at its limit (2 damage; Armored Plating 4).");
  } else if (kind === "repair") {
    section("Which upgrade is repaired?", "One damage comes off the upgrade you pick; a stopped upgrade back under its limit works again.");
  } else if (kind === "aside") {
    section("Place the squadron", "A ship ended on it: click a green dot inside the dashed ring — the whole-inch spots within 1\" of the ship, clear of every model (the non-moving player places first).");
    handled.add("move_aside");
  } else if (kind === "place" || kind === "mine" || kind === "reserve" || kind === "after") {
    section("Choose", "Click a green dot on the table for the place, or a button.");
  }
  // Everything else: one button per legal action (not the spots, which are dots).
  const rest = legal.filter((x) => !handled.has(x.action.type) && !(SPOT_TYPES.includes(x.action.type) && typeof x.action.x === "number") && !(x.action.type === "deploy" && kind !== "deploy"));
  if (rest.length) {
    if (!ctl.querySelector("h3")) section("Choose", null);
    ctl.append(h("div", { id: "wf-generic" }, rest.slice(0, 40).map((x) => choice(x, { "data-type": x.action.type }))));
    if (rest.length > 40) ctl.append(h("p", { class: "hint", text: `… and ${rest.length - 40} more in the action list.` }));
  }
  const spots = legal.filter((x) => typeof x.action.x === "number").length;
  if (spots && kind !== "deploy" && kind !== "marker" && kind !== "order") ctl.append(h("p", { class: "hint", text: `${spots} spots are shown as dots on the table.` }));
  p.append(ctl);
}

// The compass of the 24 headings (15° steps) for a facing question.
function compass(ctx, faces) {
  const { s } = ctx;
  const R = 88, C = 110;
  const svg = s("svg", { id: "wf-compass", width: 2 * C, height: 2 * C, viewBox: `0 0 ${2 * C} ${2 * C}` });
  svg.append(s("circle", { cx: C, cy: C, r: R, fill: "none", stroke: "#2c3550" }));
  svg.append(s("text", { x: C, y: C + 4, "text-anchor": "middle", fill: "#a9b3c9", "font-size": 11 }, "heading"));
  for (const x of faces) {
    const hd = x.action.heading;
    const a = rad(hd * 15);
    const b = s("g", { class: "wf-face", transform: `translate(${C + R * Math.sin(a)},${C - R * Math.cos(a)})`, tabindex: "0", role: "button", "data-compass": hd, "aria-label": `face ${hd * 15}°` },
      s("circle", { r: 11 }), s("text", { y: 3 }, String(hd * 15)), s("title", {}, x.text));
    b.addEventListener("click", () => ctx.choose(x.action));
    b.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); ctx.choose(x.action); } });
    b.addEventListener("mouseenter", () => { ctx.ui.faceHover = hd; if (ctx.ui.drawFaceGhost) ctx.ui.drawFaceGhost(); });
    b.addEventListener("mouseleave", () => { ctx.ui.faceHover = null; if (ctx.ui.drawFaceGhost) ctx.ui.drawFaceGhost(); });
    svg.append(b);
  }
  return svg;
}

// A ship's order: the kind (Hold, Move, Cruise, Ram), the target to ram, the pivot
// (inches before the turn) and the turn, each from the legal list; the server's
// preview draws the path on the table before the order is sent.
function orderPlanner(ctx, ctl, legal, m, byId) {
  const { h } = ctx;
  const ui = ctx.ui;
  const orders = legal.filter((x) => ORDER_KINDS.includes(x.action.type));
  const kinds = ORDER_KINDS.filter((k) => orders.some((x) => x.action.type === k));
  if (!ui.order || !kinds.includes(ui.order.kind)) ui.order = { kind: kinds.includes("move") ? "move" : kinds[0], pivot: null, turn: 0, target: null };
  const o = ui.order;
  let pool = orders.filter((x) => x.action.type === o.kind);
  const targets = o.kind === "ram" ? [...new Set(pool.map((x) => x.action.target))] : [];
  if (o.kind === "ram") {
    if (!targets.includes(o.target)) o.target = targets[0];
    pool = pool.filter((x) => x.action.target === o.target);
  } else o.target = null;
  const pivots = o.kind === "hold" ? [] : [...new Set(pool.map((x) => x.action.pivot))].sort((a, b) => a - b);
  if (o.kind === "hold") o.pivot = null;
  else if (!pivots.includes(o.pivot)) o.pivot = pivots[pivots.length - 1];
  if (o.kind !== "hold") pool = pool.filter((x) => x.action.pivot === o.pivot);
  const turns = [...new Set(pool.map((x) => x.action.turn))].sort((a, b) => a - b);
  if (!turns.includes(o.turn)) o.turn = turns.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a), turns[0]);
  const chosen = pool.find((x) => x.action.turn === o.turn);

  const set = (patch) => { Object.assign(o, patch); ctx.rerender(); };
  ctl.append(h("h3", { text: `Order for ${m.name}` }),
    h("p", { class: "hint", text: `Move ${fmt(m.move_speed)}" (may shoot) · Cruise ${fmt(m.cruise)}" (no shooting) · Ram: Cruise into an enemy ship · Hold: pivot only (sitting duck). The path is drawn on the table.` }));
  ctl.append(h("div", { class: "wf-row", id: "wf-kinds" }, kinds.map((k) => h("button", { class: k === o.kind ? "on" : "", "data-order-kind": k, onclick: () => set({ kind: k }), text: ORDER_NAMES[k] }))));
  if (targets.length) {
    ctl.append(h("div", { class: "wf-row" }, "Ram: ", targets.map((t) => h("button", { class: t === o.target ? "on" : "", "data-ram": t, onclick: () => set({ target: t }), text: byId[t] ? byId[t].name : String(t) }))));
  }
  if (pivots.length) {
    ctl.append(h("div", { class: "wf-row", id: "wf-pivots" }, h("span", { text: "Turn after: " }),
      pivots.map((pv) => h("button", { class: pv === o.pivot ? "on" : "", "data-pivot": pv, onclick: () => set({ pivot: pv }), text: `${fmt(pv)}"` }))));
  }
  ctl.append(h("div", { class: "wf-row", id: "wf-turns" }, h("span", { text: "Turn: " }),
    turns.map((t) => h("button", { class: t === o.turn ? "on" : "", "data-turn": t, title: turnWords(t), onclick: () => set({ turn: t }), text: turnShort(t) }))));
  let end = "";
  if (chosen && o.kind !== "hold") end = endWords(previewOf(ctx, chosen.action));
  else if (chosen) end = `stays at (${fmt(m.x)}, ${fmt(m.y)}), heading ${(((m.heading + 15 * o.turn) % 360) + 360) % 360}°`;
  ctl.append(h("div", { class: "row", id: "wf-order-end", text: end }));
  ctl.append(h("button", { id: "wf-order-go", class: "primary", disabled: !chosen, onclick: () => chosen && ctx.choose(chosen.action), text: chosen ? `${ORDER_NAMES[o.kind]}: ${turnWords(o.turn)}${o.pivot !== null ? ` after ${fmt(o.pivot)}"` : ""}…` : "no such order" }));
}

// The selected model's card: stats, guns, upgrades with their damage.
function drawCard(ctx, v, m) {
  const { h } = ctx;
  const c = ctx.card;
  c.textContent = "";
  if (!m) return;
  const ship = m.class !== "squadron";
  const g = (x) => `${x.range}" A${x.attacks} S${x.strength}${x.special && x.special.length ? " " + x.special.join(", ") : ""}`;
  const where = m.status.is === "on_table" ? `at (${fmt(m.x)}, ${fmt(m.y)})${ship ? `, heading ${m.heading}°` : ""}` : m.status.is.replace("_", " ");
  const bits = [m.activated ? "activated" : "not activated yet", m.took ? `took ${m.took}` : "", m.sitting_duck ? "sitting duck" : "",
    m.engaged_with && m.engaged_with.length ? `engaged with ${m.engaged_with.length}` : "", m.boarding ? `${m.boarding} boarding` : "", m.markers ? `carries ${m.markers} marker(s)` : ""].filter(Boolean);
  c.append(h("div", { class: "panel", id: "card", "data-model": m.id },
    h("h3", {}, h("span", { style: `color:${ctx.colours[m.seat]}`, text: `${m.name}` }), ` (${v.sides[m.seat]}) — ${m.hull}, ${m.class}`),
    h("div", { text: `${where} · ${bits.join(" · ")}` }),
    h("div", { text: `Evasion ${m.evasion}+ · Toughness ${m.toughness}+ · Move ${fmt(m.move_speed)}" · Cruise ${fmt(m.cruise)}" · ${m.points} pts` }),
    m.hero || m.title ? h("div", { text: [m.hero ? `hero: ${m.hero}` : "", m.title ? `title: ${m.title}` : ""].filter(Boolean).join(" · ") }) : null,
    h("div", { text: `Turret: ${g(m.turret)}` }),
    ship ? h("table", { class: "wf-ups", id: "wf-upgrades" },
      h("tr", {}, ["upgrade", "mount", "damage", "gun"].map((t) => h("th", { text: t }))),
      m.upgrades.map((u) => h("tr", { class: u.works ? "" : "broken" },
        h("td", { text: u.name }), h("td", { text: u.mount || "—" }),
        h("td", { class: u.damage ? "wf-dmg" : "", text: `${u.damage}/${u.limit}${u.works ? "" : " off"}` }),
        h("td", { text: u.gun ? g(u.gun) : "" }))))
      : h("div", {}, "Damage ", h("span", { class: m.damage ? "wf-dmg" : "", text: `${m.damage}/2` }))));
}

// The odds box's rows from the server's odds of a shot (FB-12).
function oddsRows(o) {
  if (!o || o.hit_on === undefined) return [];
  const miss = o.hits && o.hits["0"] !== undefined ? o.hits["0"] : null;
  return [{
    what: `hits on ${o.hit_on}+${o.block_on ? `, blocks on ${o.block_on}+` : ", no block"}`,
    p_hit: miss === null ? undefined : 1 - miss,
    dist: o.damage,
  }];
}

// A ship order's preview in words: where it ends, or that it leaves the table.
function previewBox(pv, ctx) {
  if (!pv || !pv.path) return null;
  const { h } = ctx;
  return h("div", { class: "odds", id: "wf-preview" }, h("strong", { text: "Path: " }),
    `${pv.path.length - 1} leg(s); ${endWords(pv)}. Drawn on the table.`);
}

// Where a hinted or lesson action is on the table (game.js rings it; docs/web.md): a
// spot (marker, deployment, flight, mine), a shot's target, else the model asked.
function marks(a, view) {
  if (!a || typeof a !== "object" || !view) return null;
  if (SPOT_TYPES.includes(a.type) && typeof a.x === "number") return { at: tablePoint(view, a) };
  if (a.target !== undefined) return { unit: a.target };
  if (a.model !== undefined) return { unit: a.model };
  const q = view.question || {};
  const m = q.model ?? q.squadron;
  return m !== undefined ? { unit: m } : null;
}

export default { render, marks, oddsRows, previewBox, paths, shots };
