// STGv2 board for the browser (served by `orrery serve`, see docs/web.md): the 3D
// field drawn in a tilted (oblique) view — the hex tiles flat on the floor with their
// spokes and sides, a rod at every node with a tick per level, the Space Stations and
// asteroid clusters as columns filling their centre rods (outposts in the owner's
// colour), every ship at its (node, level) with its letter, a shadow and a drop line
// to the floor — and the controls for each step: starting corners, the cells form,
// ships following a Move Card set (the server's `preview` gives every reachable
// position, then each card play's path and end), attacks with the server's odds,
// Action attempts at clusters, purchases, `end_set` and `next`. Every legal choice,
// position and odd is the server's; this file only draws and sends.

const SQ3 = Math.sqrt(3);
const S = 64; // SVG units per lattice unit (a tile's corner radius)
const K = 0.58; // the floor's foreshortening (1 = seen from straight above)
const H = 17; // SVG units per level up a rod
const ROT = (-14 * Math.PI) / 180; // the field turned a little, so rods stand apart
const COS = Math.cos(ROT), SIN = Math.sin(ROT);
// The six horizontal offsets in angle order (0°, 60°, … 300°), as the view's nodes use them.
const OFFSETS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
const CARD_NAMES = { one_any: "1 any", two_straight: "2 straight", vertical: "1 vertical", horizontal: "1 horizontal", zig_zag: "zig-zag" };
const ASSET_SHORT = { weapon: "W", shield: "S", engine: "E", shuttle: "T" };
const COLUMNS = [["move", "MOVE"], ["attack", "ATTACK"], ["defend", "DEFEND"], ["action", "ACTION"]];
const PHASE_WORDS = { combat: "step 4: combat", action: "step 5: Action attempts", purchase: "step 6: purchases" };
const HILITE = "#ffd84d";

const key = (a) => JSON.stringify(a);
const typeOf = (a) => (typeof a === "string" ? a : Object.keys(a)[0]);
const argsOf = (a) => (typeof a === "string" ? {} : a[typeOf(a)]);
const nk = (n) => `${n.a},${n.b}`;
const pk = (p) => `${p.node.a},${p.node.b},${p.z}`;
const posText = (p) => `(${p.node.a},${p.node.b}) L${p.z}`;
// A ship's letter as the server's texts write it: a…z, then A…Z.
const letter = (id) => (id < 26 ? String.fromCharCode(97 + id) : id < 52 ? String.fromCharCode(65 + id - 26) : "?");
const money = (n) => Number(n).toLocaleString("en-US");
const cardName = (c) => CARD_NAMES[c] || c;
const dirShort = (d) => (d === "up" ? "↑" : d === "down" ? "↓" : `${d}°`);
const dots = (n, ch = "●") => (n > 0 ? ch.repeat(n) : "—");
const assetsText = (a) => ["weapon", "shield", "engine"].map((x) => `${ASSET_SHORT[x]}${a[x]}`).join(" ") + (a.shuttle ? ` T${a.shuttle}` : "");
// The floor's Cartesian point of node (a, b) (ST-01), turned by ROT: [across, depth].
function flat(n) {
  const x = n.a + n.b / 2, y = (n.b * SQ3) / 2;
  return [x * COS - y * SIN, x * SIN + y * COS];
}
// SVG point of node n at level z (z may be fractional).
function P(n, z) {
  const [x, d] = flat(n);
  return [x * S, -d * K * S - z * H];
}
const pt = (n, z) => P(n, z).map((v) => v.toFixed(1)).join(",");

function injectStyle() {
  if (document.getElementById("st-style")) return;
  const st = document.createElement("style");
  st.id = "st-style";
  st.textContent = `
#st-field { background: #05070d; }
#st-field text { pointer-events: none; }
.st-tile { fill: #0d1628; stroke: #33446a; stroke-width: 1.3; }
.st-tile.station { fill-opacity: 0.9; }
.st-tile.cluster { fill: #1d1a16; }
.st-spoke { stroke: #26324e; stroke-width: 1; }
.st-rod { stroke: #3a4769; stroke-width: 1; }
.st-tick { stroke: #4b5a82; stroke-width: 1; }
.st-rod.hot { stroke: #e8ecf4; stroke-width: 1.4; }
.st-tick.hot { stroke: #e8ecf4; stroke-width: 1.6; }
.st-level-label { font-size: 9px; fill: #e8ecf4; paint-order: stroke; stroke: #000; stroke-width: 3px; }
.st-plane { fill: rgba(255, 216, 77, 0.05); stroke: rgba(255, 216, 77, 0.35); stroke-width: 1; stroke-dasharray: 3 3; pointer-events: none; }
.st-plane-label { font-size: 10px; fill: rgba(255, 216, 77, 0.8); }
.st-station-body { stroke: #fff; stroke-width: 1.2; }
.st-station-band { stroke: rgba(0, 0, 0, 0.45); stroke-width: 1; }
.st-piece-label { font-size: 11px; font-weight: 700; fill: #fff; text-anchor: middle; paint-order: stroke; stroke: #000; stroke-width: 3px; }
.st-rock { fill: #7d6b57; stroke: #c2ab8c; stroke-width: 1; }
.st-cluster-core { stroke: #5a4c3d; stroke-width: 5; stroke-linecap: round; }
.st-cluster.outpost .st-rock { stroke-width: 2.2; }
.st-cluster.can-act { cursor: pointer; }
.st-cluster.can-act .st-act-ring { fill: none; stroke: ${HILITE}; stroke-width: 2.5; stroke-dasharray: 5 3; }
.st-cluster.can-act:hover .st-rock, .st-cluster.can-act:focus .st-rock { fill: #b09070; }
.st-ship { cursor: pointer; }
.st-hit-area { fill: transparent; stroke: none; }
.st-node-label { font-size: 8.5px; fill: #8b97b3; text-anchor: middle; paint-order: stroke; stroke: #05070d; stroke-width: 2.5px; }
.st-scale-label { font-size: 9px; fill: #c4cde0; font-weight: 700; paint-order: stroke; stroke: #05070d; stroke-width: 2.5px; }
.st-ghost { opacity: 0.6; pointer-events: none; }
.st-ghost circle { stroke: ${HILITE}; stroke-width: 2; stroke-dasharray: 3 2; }
.st-ghost text { font-size: 12px; font-weight: 800; fill: #000; text-anchor: middle; }
.st-aim { stroke: #ff3b3b; stroke-width: 2; stroke-dasharray: 6 4; pointer-events: none; }
.st-ship .st-hull { stroke: #0b0e18; stroke-width: 1.6; }
.st-ship .st-letter { font-size: 12px; font-weight: 800; fill: #000; text-anchor: middle; }
.st-ship .st-level { font-size: 9px; font-weight: 700; fill: #e8ecf4; paint-order: stroke; stroke: #000; stroke-width: 2.5px; }
.st-ship-base { pointer-events: none; }
.st-drop { stroke-width: 1.4; stroke-dasharray: 2 2; opacity: 0.9; }
.st-shadow { fill: rgba(0, 0, 0, 0.55); stroke-width: 1.2; }
.st-ring { fill: none; stroke-width: 2.5; pointer-events: none; }
.st-ship.selected .st-ring.sel { stroke: ${HILITE}; stroke-width: 3; }
.st-ship.can-follow .st-ring.follow { stroke: #fff; stroke-dasharray: 4 3; }
.st-ship.target .st-ring.target { stroke: #ff3b3b; stroke-width: 3; }
.st-ship.target { filter: drop-shadow(0 0 4px #ff3b3b); }
.st-ship.damaged .st-ring.target { stroke: #ff3b3b; stroke-dasharray: 2 2; }
.st-ship.moved .st-hull { opacity: 0.75; }
.st-off { fill: #e0c341; stroke: #000; stroke-width: 0.8; }
.st-reach { fill: #fff; fill-opacity: 0.85; stroke: #0b0e18; stroke-width: 1.2; cursor: pointer; }
.st-reach:hover, .st-reach:focus { fill: ${HILITE}; fill-opacity: 1; }
.st-reach-drop { stroke: rgba(255, 255, 255, 0.22); stroke-width: 1; pointer-events: none; }
.st-goal { fill: none; stroke: ${HILITE}; stroke-width: 2.5; pointer-events: none; }
.st-end { cursor: pointer; }
.st-end circle { fill: #f4f4f4; stroke: #0b0e18; stroke-width: 1.5; }
.st-end.blocked circle { fill: #ffb4a8; }
.st-end.best circle { stroke: ${HILITE}; stroke-width: 3; }
.st-end text { font-size: 7.5px; font-weight: 800; fill: #000; text-anchor: middle; }
.st-end:hover circle, .st-end:focus circle, .st-end.on circle { fill: ${HILITE}; }
.st-path { fill: none; stroke: rgba(255, 216, 77, 0.45); stroke-width: 2; stroke-dasharray: 4 3; pointer-events: none; }
.st-path.on { stroke: ${HILITE}; stroke-width: 3.5; stroke-dasharray: none; }
.st-start circle { fill: ${HILITE}; stroke: #000; stroke-width: 1.5; }
.st-start { cursor: pointer; }
.st-start:hover circle, .st-start:focus circle { fill: #fff; }
.st-start text { font-size: 10px; font-weight: 800; text-anchor: middle; fill: #000; }
.st-buy { cursor: pointer; }
.st-buy circle { fill: #1f5fae; stroke: #fff; stroke-width: 1.2; }
.st-buy text { font-size: 10px; font-weight: 800; fill: #fff; text-anchor: middle; }
.st-buy:hover circle, .st-buy:focus circle { fill: ${HILITE}; }
.st-key text { font-size: 11px; fill: #c9d1e3; }
.st-key .st-key-title { font-size: 12px; font-weight: 700; fill: ${HILITE}; }
.st-banner { font-size: 13px; font-weight: 700; fill: #e8ecf4; }
.st-banner-sub { font-size: 11px; fill: #a9b3c9; }
#st-panel h3, #st-controls h3 { font-size: 1.02em; margin: 0.5em 0 0.25em; }
#st-question { font-weight: 700; }
.st-row { display: flex; flex-wrap: wrap; gap: 3px; margin: 0.3em 0; align-items: center; }
.st-row button { padding: 0.05em 0.45em; }
button.st-choice { display: block; width: 100%; text-align: left; margin: 2px 0; }
button.st-choice.on, .st-row button.on { border-color: ${HILITE}; background: #3a3520; }
.st-odds { font-size: 0.85em; color: #a9b3c9; display: block; }
#st-cells table { border-collapse: collapse; margin: 0.2em 0; }
#st-cells td { padding: 0.1em 0.35em; }
#st-cells .st-count { min-width: 2.2em; text-align: center; font-weight: 700; }
#st-cells .st-dots { letter-spacing: 1px; color: ${HILITE}; }
.st-boards { border-collapse: collapse; width: 100%; font-size: 0.82em; }
.st-boards td, .st-boards th { padding: 0.1em 0.25em; text-align: left; vertical-align: top; white-space: nowrap; }
.st-prot { font-size: 0.8em; color: #a9b3c9; }
.st-boards tr.current td { background: #222a40; }
.st-boards .st-dots { letter-spacing: 1px; }
.st-boards tr.out td { color: #6b7590; text-decoration: line-through; }
.st-ships { border-collapse: collapse; width: 100%; font-size: 0.86em; }
.st-ships td, .st-ships th { padding: 0.05em 0.3em; text-align: left; }
.st-ships tr.selected td { background: #3a3520; }
.st-ships tr { cursor: pointer; }
.st-letter-chip { display: inline-block; min-width: 1.3em; text-align: center; border-radius: 50%; color: #000; font-weight: 800; }
.st-sets li { margin: 0.1em 0; }
.st-sets li.used { color: #6b7590; }
.st-sets li.now { color: ${HILITE}; }
.st-card { display: inline-block; border: 1px solid #3b4a6b; border-radius: 3px; padding: 0 0.3em; margin: 0 0.1em; font-size: 0.9em; background: #10172a; }
.st-card.done { opacity: 0.45; text-decoration: line-through; }
.st-card.next { border-color: ${HILITE}; color: ${HILITE}; }
.st-card.beyond { opacity: 0.55; border-style: dashed; }
.st-key-list { font-size: 0.82em; color: #a9b3c9; }
`;
  document.head.append(st);
}

function render(el, st, ctx) {
  injectStyle();
  const { h, s } = ctx;
  const ui = ctx.ui;
  const v = st.view;
  const legal = ctx.legalWithText();
  const of = (...types) => legal.filter((x) => types.includes(typeOf(x.action)));
  const ships = v.ships;
  const byId = Object.fromEntries(ships.map((x) => [x.id, x]));
  const following = v.moving && v.moving.following ? v.moving.following : null;
  const hash = st.status ? st.status.hash : JSON.stringify([v.round, v.phase, v.current]);

  // A new state: forget half-made choices; select the ship the step is about.
  if (ui.stKey !== hash) {
    ui.stKey = hash;
    ui.previews = {};
    ui.hoverEnd = null;
    ui.endSpot = null;
    // A selection the page made itself lasts while its reason does.
    if (ui.autoSelected) { ui.selected = null; ui.autoSelected = false; }
    if (following) ui.selected = following.ship;
    else if (v.damage) ui.selected = v.damage.ship;
    if (following || v.damage) ui.autoSelected = true;
    if (ui.selected !== null && ui.selected !== undefined && !byId[ui.selected]) ui.selected = null;
    if (!following && ui.goal && !(v.moving && v.moving.moved.includes(ui.goal.ship))) ui.goal = null;
    if (!v.moving) ui.goal = null;
    if (!of("cells").length) ui.cells = null;
  }
  const sel = ui.selected !== null && ui.selected !== undefined ? byId[ui.selected] : null;

  // What the legal actions offer, by ship, cluster and position.
  const follows = of("follow");
  const followShips = new Set(follows.map((x) => argsOf(x.action).ship));
  const attacks = of("attack");
  const targets = {};
  for (const x of attacks) (targets[argsOf(x.action).target] ||= []).push(x);
  const acts = {};
  for (const x of of("act")) (acts[argsOf(x.action).cluster] ||= []).push(x);
  const starts = of("start");
  const buyShips = of("buy_ship");
  const cards = of("card");
  // The set the selected ship would follow: the one being executed, else the chosen one.
  const setsFor = (id) => [...new Set(follows.filter((x) => argsOf(x.action).ship === id).map((x) => argsOf(x.action).set))];
  if (sel && followShips.has(sel.id)) {
    const open = setsFor(sel.id);
    if (!open.includes(ui.set)) ui.set = open[0];
  }
  const followAction = sel && followShips.has(sel.id) ? (follows.find((x) => argsOf(x.action).ship === sel.id && argsOf(x.action).set === ui.set) || null) : null;

  // ---- The field.
  const nodes = new Map();
  const edges = new Map();
  const tileOf = (t) => ({ a: t.q - t.r, b: t.q + 2 * t.r });
  const stationAt = new Map(v.stations.map((x) => [nk(x.node), x]));
  const clusterAt = new Map(v.clusters.map((x) => [nk(x.node), x]));
  const tiles = v.tiles.map((t) => {
    const c = tileOf(t);
    const corners = OFFSETS.map(([da, db]) => ({ a: c.a + da, b: c.b + db }));
    for (const n of [c, ...corners]) nodes.set(nk(n), n);
    corners.forEach((n, i) => {
      const m = corners[(i + 1) % 6];
      edges.set([nk(c), nk(n)].sort().join("|"), [c, n, "spoke"]);
      edges.set([nk(n), nk(m)].sort().join("|"), [n, m, "side"]);
    });
    return { t, c, corners };
  });
  const L = v.levels;
  const top = L - 1;
  // The drawing's extent: every node from the floor to above the top level.
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (const n of nodes.values()) {
    for (const z of [0, top + 1.6]) {
      const [x, y] = P(n, z);
      x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
    }
  }
  const pad = 34, padTop = 48, padBottom = 92;
  const vb = [x0 - pad, y0 - padTop, x1 - x0 + 2 * pad, y1 - y0 + padTop + padBottom];
  const svg = s("svg", { viewBox: vb.join(" "), class: "table", id: "st-field", role: "img", "aria-label": `STGv2 field: ${v.tiles.length} tiles, ${L} levels`, "data-phase": v.phase, "data-round": v.round });

  // The floor: tiles (station tiles tinted in the owner's colour), spokes and sides.
  const floor = s("g", { id: "st-floor" });
  svg.append(floor);
  for (const { c, corners } of tiles) {
    const station = stationAt.get(nk(c));
    const cluster = clusterAt.get(nk(c));
    floor.append(s("polygon", {
      points: corners.map((n) => pt(n, 0)).join(" "),
      class: "st-tile" + (station ? " station" : cluster ? " cluster" : ""),
      fill: station ? mix(ctx.colours[station.seat], 0.22) : null,
    }));
  }
  for (const [a, b, kind] of edges.values()) {
    if (kind !== "spoke") continue;
    const [ax, ay] = P(a, 0), [bx, by] = P(b, 0);
    floor.append(s("line", { x1: ax, y1: ay, x2: bx, y2: by, class: "st-spoke" }));
  }

  // Every node's coordinates on the floor, as the texts write them ("(3,1) L4"),
  // just in front of its rod; the levels L0… up the front-left rod.
  for (const n of nodes.values()) {
    const [x, y] = P(n, 0);
    floor.append(s("text", { x, y: y + 10, class: "st-node-label" }, `(${n.a},${n.b})`));
  }
  {
    // The leftmost rod with nothing on it carries the scale, on its left.
    const free = [...nodes.values()].filter((n) => !stationAt.has(nk(n)) && !clusterAt.has(nk(n)));
    const left = free.reduce((m, n) => (P(n, 0)[0] < P(m, 0)[0] ? n : m), free[0]);
    for (let z = 0; left && z <= top; z++) {
      const [lx, ly] = P(left, z);
      floor.append(s("text", { x: lx - 8, y: ly + 3, class: "st-scale-label", "text-anchor": "end" }, `L${z}`));
    }
  }

  // The plane of the selected ship's level: the field's outline at that height.
  const planeZ = sel ? sel.pos.z : null;
  if (planeZ) {
    const plane = s("g", { id: "st-plane" });
    for (const { corners } of tiles) plane.append(s("polygon", { points: corners.map((n) => pt(n, planeZ)).join(" "), class: "st-plane" }));
    const right = [...nodes.values()].reduce((m, n) => (P(n, planeZ)[0] > P(m, planeZ)[0] ? n : m));
    const [rx, ry] = P(right, planeZ);
    plane.append(s("text", { x: rx + 8, y: ry + 3, class: "st-plane-label" }, `level ${planeZ}`));
    svg.append(plane);
  }

  // Everything standing on the field, back to front: rods, stations, clusters, ships.
  const shipsAt = new Map();
  for (const x of ships) (shipsAt.get(nk(x.pos.node)) || shipsAt.set(nk(x.pos.node), []).get(nk(x.pos.node))).push(x);
  const order = [...nodes.values()].sort((p, q) => flat(q)[1] - flat(p)[1] || flat(p)[0] - flat(q)[0]);
  const things = s("g", { id: "st-things" });
  svg.append(things);
  for (const n of order) {
    const k = nk(n);
    const station = stationAt.get(k);
    const cluster = clusterAt.get(k);
    if (station) things.append(drawStation(ctx, station, top));
    else if (cluster) things.append(drawCluster(ctx, v, cluster, top, acts, sel, ui));
    else {
      const hot = sel && nk(sel.pos.node) === k;
      const [bx, by] = P(n, 0), [tx, ty] = P(n, top);
      const rod = s("g", { class: "st-rod-g", "data-node": k });
      rod.append(s("line", { x1: bx, y1: by, x2: tx, y2: ty, class: "st-rod" + (hot ? " hot" : "") }));
      for (let z = 0; z <= top; z++) {
        const [lx, ly] = P(n, z);
        rod.append(s("line", { x1: lx - 3.5, y1: ly, x2: lx + 3.5, y2: ly, class: "st-tick" + (hot ? " hot" : "") }));
        if (hot) rod.append(s("text", { x: lx - 6, y: ly + 3, class: "st-level-label", "text-anchor": "end" }, `L${z}`));
      }
      things.append(rod);
    }
    // A ship's shadow and drop line stand in the field; the ship itself is drawn on
    // top of everything (below), so no station or cluster hides it.
    for (const x of shipsAt.get(k) || []) {
      const colour = ctx.colours[x.seat];
      const [fx, fy] = P(x.pos.node, 0), [sx, sy] = P(x.pos.node, x.pos.z);
      const base = s("g", { class: "st-ship-base", "data-ship": x.id });
      base.append(s("ellipse", { cx: fx, cy: fy, rx: 9, ry: 9 * K, class: "st-shadow", stroke: colour }));
      if (x.pos.z > 0) base.append(s("line", { x1: fx, y1: fy, x2: sx, y2: sy, class: "st-drop", stroke: colour }));
      things.append(base);
    }
  }
  // The card plays' paths go under the ships, their end markers over them.
  const paths = s("g", { id: "st-paths" });
  const shipLayer = s("g", { id: "st-ships-layer" });
  svg.append(paths, shipLayer);
  for (const n of order) for (const x of (shipsAt.get(nk(n)) || []).sort((p, q) => p.pos.z - q.pos.z)) shipLayer.append(drawShip(x));

  function drawShip(x) {
    const colour = ctx.colours[x.seat];
    const [sx, sy] = P(x.pos.node, x.pos.z);
    const damaged = v.damage && v.damage.ship === x.id;
    const moved = v.moving && v.moving.moved.includes(x.id) && !(following && following.ship === x.id);
    const cls = ["st-ship", sel && sel.id === x.id ? "selected" : "", followShips.has(x.id) ? "can-follow" : "", targets[x.id] ? "target" : "", damaged ? "damaged" : "", moved ? "moved" : ""].filter(Boolean).join(" ");
    // data-unit: the animation moves this <g> (it has no transform of its own).
    const g = s("g", { class: cls, "data-unit": x.id, "data-state": `${assetsText(x.assets)} off ${x.off}`, "data-ship": x.id, "data-seat": x.seat, "data-node": nk(x.pos.node), "data-z": x.pos.z, tabindex: "0", role: "button", "aria-label": `ship ${letter(x.id)} of seat ${x.seat} at ${posText(x.pos)}` });
    // A hit area a little over the hull, not so large it covers a cluster beside it.
    g.append(s("circle", { cx: sx, cy: sy, r: 14, class: "st-hit-area", "data-anchor": "" }));
    g.append(s("circle", { cx: sx, cy: sy, r: 15, class: "st-ring sel" }), s("circle", { cx: sx, cy: sy, r: 13, class: "st-ring follow" }), s("circle", { cx: sx, cy: sy, r: 15, class: "st-ring target" }));
    g.append(s("circle", { cx: sx, cy: sy, r: 10, class: "st-hull", fill: colour }));
    g.append(s("text", { x: sx, y: sy + 4.2, class: "st-letter" }, letter(x.id)));
    g.append(s("text", { x: sx + 11, y: sy + 11, class: "st-level" }, `L${x.pos.z}`));
    if (x.off > 0) g.append(s("circle", { cx: sx + 9, cy: sy - 8, r: 3.5, class: "st-off" }));
    const what = targets[x.id] ? " — click to attack it" : followShips.has(x.id) ? " — click to move it" : "";
    g.append(s("title", {}, `ship ${letter(x.id)} (${x.id}), seat ${x.seat}, at ${posText(x.pos)}: ${assetsText(x.assets)}${x.off ? `, carrying ${money(x.off)} Spendys` : ""}${x.at_station ? ", beside its station" : ""}${what}`));
    const click = (e) => {
      e.stopPropagation();
      if (targets[x.id]) {
        const list = targets[x.id];
        const pick = list.find((a) => sel && argsOf(a.action).ship === sel.id) || list[0];
        return ctx.choose(pick.action);
      }
      ui.selected = sel && sel.id === x.id && !following ? null : x.id;
      ui.autoSelected = false;
      ui.endSpot = null;
      filterFor(ctx, ui.selected);
      ctx.rerender();
    };
    g.addEventListener("click", click);
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); click(e); } });
    return g;
  }

  // ---- Choices drawn on the field (on top).
  const overlay = s("g", { id: "st-overlay" });
  svg.append(overlay);
  // Starting corners (ST-05).
  for (const x of starts) {
    const n = argsOf(x.action).node;
    const [cx, cy] = P(n, 0);
    const b = s("g", { class: "st-start", "data-start": nk(n), tabindex: "0", role: "button", "aria-label": x.text },
      s("circle", { cx, cy, r: 11 }), s("text", { x: cx, y: cy + 3.5 }, "★"), s("title", {}, x.text));
    bindClick(b, () => ctx.choose(x.action));
    overlay.append(b);
  }
  // Where a new ship may be placed (ST-15).
  for (const x of buyShips) {
    const p = argsOf(x.action).at;
    const [cx, cy] = P(p.node, p.z);
    const b = s("g", { class: "st-buy", "data-buy-ship": pk(p), tabindex: "0", role: "button", "aria-label": x.text },
      s("circle", { cx, cy, r: 6.5 }), s("text", { x: cx, y: cy + 3.5 }, "+"), s("title", {}, x.text));
    bindClick(b, () => ctx.choose(x.action));
    overlay.append(b);
  }
  const marks = s("g", { id: "st-marks" });
  overlay.append(marks);

  // The reachable positions and card plays come from the server's previews; they are
  // drawn when they arrive (and again on every redraw).
  ui.drawOverlay = () => {
    paths.textContent = "";
    marks.textContent = "";
    // A ship picked to follow a set: every position it could end at (the server's `reachable`).
    if (followAction && !cards.length) {
      const pv = previewOf(ctx, followAction.action);
      const reach = pv && pv.reachable ? pv.reachable : [];
      svg.dataset.reachable = String(reach.length);
      const count = document.getElementById("st-reach-count");
      if (count && pv) count.textContent = `${reach.length} positions reachable (white dots on the field)`;
      const sorted = [...reach].sort((p, q) => flat(q.node)[1] - flat(p.node)[1] || p.z - q.z);
      for (const p of sorted) {
        const [fx, fy] = P(p.node, 0), [cx, cy] = P(p.node, p.z);
        if (p.z > 0) marks.append(s("line", { x1: fx, y1: fy, x2: cx, y2: cy, class: "st-reach-drop" }));
        const dot = s("circle", { cx, cy, r: 4.6, class: "st-reach", "data-pos": pk(p), "data-node": nk(p.node), "data-z": p.z, tabindex: "-1", role: "button", "aria-label": `end at ${posText(p)}` },
          s("title", {}, `${letter(sel.id)} can end at ${posText(p)} with set ${ui.set} — click to move it with this set`));
        bindClick(dot, () => { ui.goal = { ship: sel.id, pos: p }; ctx.choose(followAction.action); });
        marks.append(dot);
      }
    } else delete svg.dataset.reachable;
    // The goal picked among the reachable positions, while the ship follows the set.
    if (ui.goal && following && ui.goal.ship === following.ship) {
      const [gx, gy] = P(ui.goal.pos.node, ui.goal.pos.z);
      const [fx, fy] = P(ui.goal.pos.node, 0);
      marks.append(s("line", { x1: fx, y1: fy, x2: gx, y2: gy, class: "st-reach-drop" }), s("circle", { cx: gx, cy: gy, r: 9, class: "st-goal", id: "st-goal" }),
        s("text", { x: gx + 11, y: gy - 8, class: "st-level-label" }, `goal ${posText(ui.goal.pos)}`));
    }
    // The card plays: the path and end of each (the server's preview of each `card`).
    if (cards.length && sel) {
      const ends = {};
      for (const x of cards) {
        const pv = previewOf(ctx, x.action);
        if (!pv || !pv.to) continue;
        (ends[pk(pv.to)] ||= { to: pv.to, plays: [] }).plays.push({ x, pv });
      }
      const pending = ui.pending && typeOf(ui.pending.action) === "card" ? key(ui.pending.action) : null;
      const goal = ui.goal && ui.goal.ship === sel.id ? ui.goal.pos : null;
      const dist = (p) => { const [ax, ad] = flat(p.node), [bx, bd] = flat(goal.node); return Math.hypot(ax - bx, ad - bd, (p.z - goal.z) * 0.8); };
      const best = goal ? Object.values(ends).reduce((m, e) => (!m || dist(e.to) < dist(m.to) ? e : m), null) : null;
      for (const e of Object.values(ends)) {
        for (const { x, pv } of e.plays) {
          const on = key(x.action) === pending || key(x.action) === ui.hoverEnd || (ui.endSpot === pk(e.to));
          const line = [sel.pos, ...pv.path].map((p) => pt(p.node, p.z)).join(" ");
          paths.append(s("polyline", { points: line, class: "st-path" + (on ? " on" : ""), "data-end": pk(e.to) }));
        }
      }
      const sorted = Object.values(ends).sort((p, q) => flat(q.to.node)[1] - flat(p.to.node)[1] || p.to.z - q.to.z);
      for (const e of sorted) {
        const [cx, cy] = P(e.to.node, e.to.z);
        const blocked = e.plays.every((p) => p.pv.blocked);
        const label = e.plays.length > 1 ? `×${e.plays.length}` : argsOf(e.plays[0].x.action).dirs.map(dirShort).join("");
        const on = ui.endSpot === pk(e.to) || e.plays.some((p) => key(p.x.action) === pending);
        const g = s("g", { class: "st-end" + (blocked ? " blocked" : "") + (best === e ? " best" : "") + (on ? " on" : ""), "data-end": pk(e.to), "data-dirs": argsOf(e.plays[0].x.action).dirs.join(" "), "data-plays": e.plays.length, tabindex: "0", role: "button", "aria-label": `end at ${posText(e.to)}` },
          s("circle", { cx, cy, r: 9.5 }), s("text", { x: cx, y: cy + 3 }, label),
          s("title", {}, e.plays.map((p) => p.x.text).join("\n") + (best === e ? "\n(nearest your goal)" : "")));
        bindClick(g, () => {
          if (e.plays.length === 1) return ctx.choose(e.plays[0].x.action);
          ui.endSpot = pk(e.to);
          ctx.rerender();
        });
        // Pointing at an end lights its path (without redrawing the markers).
        const light = (on) => {
          ui.hoverEnd = on && e.plays.length === 1 ? key(e.plays[0].x.action) : null;
          for (const l of paths.querySelectorAll(`polyline[data-end="${pk(e.to)}"]`)) l.classList.toggle("on", on || ui.endSpot === pk(e.to));
        };
        g.addEventListener("mouseenter", () => light(true));
        g.addEventListener("mouseleave", () => light(false));
        marks.append(g);
      }
      svg.dataset.ends = String(sorted.length);
    }
    // The choice waiting for Confirm: the ship where the card (or purchase) puts
    // it, drawn faintly; an attack's line to its target.
    const pa = ui.pending && ui.pending.action;
    if (pa) {
      const t = typeOf(pa), args = argsOf(pa);
      const pv = ui.pending.preview;
      const ship = t === "card" ? (following ? byId[following.ship] : sel) : byId[args.ship];
      const to = t === "card" && pv && pv.to ? pv.to : t === "buy_ship" ? args.at : null;
      if (to) {
        const [gx, gy] = P(to.node, to.z);
        const colour = ctx.colours[ship ? ship.seat : st.seat] || "#ccc";
        marks.append(s("g", { class: "st-ghost", "data-ghost": ship ? ship.id : "new" },
          s("circle", { cx: gx, cy: gy, r: 10, fill: colour }), s("text", { x: gx, y: gy + 4.2 }, ship ? letter(ship.id) : "+")));
      }
      if (t === "attack" && byId[args.target]) {
        const a = byId[args.ship] || sel, b = byId[args.target];
        if (a) {
          const [ax, ay] = P(a.pos.node, a.pos.z), [bx, by] = P(b.pos.node, b.pos.z);
          marks.append(s("line", { x1: ax, y1: ay, x2: bx, y2: by, class: "st-aim" }));
        }
      }
    }
  };

  // The banner (what is asked) and a key, under the field.
  const [bx0, by0] = [vb[0] + 10, vb[1] + vb[3] - 74];
  const key1 = s("g", { class: "st-key", transform: `translate(${bx0},${by0})` });
  const keyRows = [
    [(g) => g.append(s("circle", { cx: 6, cy: 0, r: 6, fill: ctx.colours[0], stroke: "#000" }), s("text", { x: 6, y: 3.5, "text-anchor": "middle", "font-size": "8", "font-weight": "800", fill: "#000" }, "a")), "ship a, its level (L0 floor … L" + top + " top), drop line to the floor"],
    [(g) => g.append(s("rect", { x: 1, y: -7, width: 10, height: 14, fill: ctx.colours[0], stroke: "#fff" })), "Space Station · rocks: asteroid cluster (flag: an outpost)"],
    [(g) => g.append(s("circle", { cx: 6, cy: 0, r: 4.5, fill: "#fff", stroke: "#0b0e18" })), "reachable with the set · ringed: may move / red: may attack"],
  ];
  keyRows.forEach(([icon, text], i) => {
    const g = s("g", { transform: `translate(0,${10 + 17 * i})` });
    icon(g);
    g.append(s("text", { x: 18, y: 4 }, text));
    key1.append(g);
  });
  svg.append(key1);
  const banner = s("g", { transform: `translate(${vb[0] + 10},${vb[1] + 18})` });
  banner.append(s("text", { class: "st-banner", id: "st-banner" }, headline(v, st.seat)));
  banner.append(s("text", { y: 15, class: "st-banner-sub" }, `${v.scenario} · round ${v.round} of ${v.rounds} · target ${money(v.target)} Spendys ON station`));
  svg.append(banner);

  const host = el.querySelector(".tablewrap") || h("div", { class: "tablewrap" });
  const old = host.querySelector("svg");
  if (old) host.replaceChild(svg, old); else host.append(svg);
  if (!host.parentNode) { el.textContent = ""; el.append(host); }
  ui.drawOverlay();

  drawPanel(ctx, st, legal, byId, { sel, followAction, targets, acts, cards });
  drawCard(ctx, v, sel);
}

// Animation hooks (crates/server/web/anim.js): each card play's path (ST-07), and
// every volley of a battle (ST-11) from each ship firing to each ship fired at, a
// hit when it scored one.
function paths(events) {
  const out = {};
  for (const e of events) {
    if (e.type === "moved" && e.path) out[e.ship] = (out[e.ship] || []).concat(e.path.map((p) => P(p.node, p.z)));
  }
  return out;
}

function shots(events) {
  const out = [];
  for (const e of events) {
    if (e.type !== "battle") continue;
    for (const vo of e.volleys || []) {
      for (const from of vo.by || []) for (const to of vo.against || []) out.push({ from, to, hit: (vo.hits || 0) > 0 });
    }
  }
  return out;
}

// A colour mixed with the dark floor (0 = floor, 1 = the colour).
function mix(hex, f) {
  const c = parseInt(hex.slice(1), 16);
  const bg = [13, 22, 40];
  const rgb = [(c >> 16) & 255, (c >> 8) & 255, c & 255].map((x, i) => Math.round(bg[i] + (x - bg[i]) * f));
  return `rgb(${rgb.join(",")})`;
}

function bindClick(g, go) {
  g.addEventListener("click", (e) => { e.stopPropagation(); go(); });
  g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
}

// A Space Station: a column filling its rod, in its owner's colour (ST-03).
function drawStation(ctx, x, top) {
  const { s } = ctx;
  const colour = x.out ? "#555c6e" : ctx.colours[x.seat];
  const [bx, by] = P(x.node, 0), [tx, ty] = P(x.node, top + 0.55);
  const w = 12;
  const g = s("g", { class: "st-station", "data-station": x.seat, "data-node": nk(x.node) });
  g.append(s("path", { d: `M${bx - w},${by} L${tx - w},${ty} A${w},${w * K} 0 0 1 ${tx + w},${ty} L${bx + w},${by} A${w},${w * K} 0 0 1 ${bx - w},${by} Z`, fill: colour, "fill-opacity": 0.85, class: "st-station-body" }));
  for (let z = 0; z <= top; z++) {
    const [lx, ly] = P(x.node, z);
    g.append(s("path", { d: `M${lx - w},${ly} A${w},${w * K} 0 0 0 ${lx + w},${ly}`, fill: "none", class: "st-station-band" }));
  }
  g.append(s("ellipse", { cx: tx, cy: ty, rx: w, ry: w * K, fill: mix(colour, 0.6), stroke: "#fff", "stroke-width": 1.2 }));
  g.append(s("text", { x: tx, y: ty - 9, class: "st-piece-label" }, x.out ? `station ${x.seat} ✕` : `station ${x.seat}`));
  g.append(s("title", {}, `seat ${x.seat}'s Space Station${x.out ? " (eliminated)" : ""}: fills every level of its rod; ships beside it fit assets and deposit Spendys`));
  return g;
}

// An asteroid cluster: a rock at every level of its rod; an outpost's flag on top.
function drawCluster(ctx, v, c, top, acts, sel, ui) {
  const { s } = ctx;
  const mine = acts[c.id] || [];
  const owner = c.outpost !== null && c.outpost !== undefined ? c.outpost : null;
  const g = s("g", { class: "st-cluster" + (owner !== null ? " outpost" : "") + (mine.length ? " can-act" : ""), "data-cluster": c.id, "data-node": nk(c.node), "data-outpost": owner === null ? "" : owner, tabindex: mine.length ? "0" : null, role: mine.length ? "button" : null });
  const [bx, by] = P(c.node, 0), [tx, ty] = P(c.node, top);
  g.append(s("line", { x1: bx, y1: by, x2: tx, y2: ty, class: "st-cluster-core" }));
  // A lumpy rock per level, each its own shape.
  const jitter = (i) => { const x = Math.sin(i * 12.9898 + c.id * 78.233) * 43758.5453; return x - Math.floor(x); };
  for (let z = 0; z <= top; z++) {
    const [lx, ly] = P(c.node, z);
    const pts = [];
    const m = 7;
    for (let i = 0; i < m; i++) {
      const a = (i / m) * 2 * Math.PI + jitter(z * 11 + 3) * 2;
      const r = 9.5 * (0.6 + 0.55 * jitter(z * 7 + i));
      pts.push(`${(lx + r * Math.cos(a)).toFixed(1)},${(ly + r * 0.7 * Math.sin(a)).toFixed(1)}`);
    }
    g.append(s("polygon", { points: pts.join(" "), class: "st-rock", stroke: owner !== null ? ctx.colours[owner] : null }));
  }
  if (owner !== null) {
    g.append(s("line", { x1: tx, y1: ty - 4, x2: tx, y2: ty - 24, stroke: "#fff", "stroke-width": 1.5 }));
    g.append(s("polygon", { points: `${tx},${ty - 24} ${tx + 14},${ty - 19.5} ${tx},${ty - 15}`, fill: ctx.colours[owner], stroke: "#000" }));
  }
  if (mine.length) {
    const [mx, my] = P(c.node, top / 2);
    g.append(s("ellipse", { cx: mx, cy: my, rx: 17, ry: (top * H) / 2 + 16, class: "st-act-ring" }));
  }
  g.append(s("text", { x: tx - (owner !== null ? 6 : 0), y: ty - (owner !== null ? 28 : 12), class: "st-piece-label" }, `#${c.id}`));
  g.append(s("title", {}, `asteroid cluster ${c.id}${owner !== null ? `: seat ${owner}'s outpost` : ": no outpost"}${mine.length ? " — click for an Action attempt" : ""}`));
  if (mine.length) {
    bindClick(g, () => {
      const pick = mine.find((x) => sel && argsOf(x.action).ship === sel.id) || mine[0];
      ui.selected = argsOf(pick.action).ship;
      ctx.choose(pick.action);
    });
  }
  return g;
}

// The action list narrowed to what concerns a ship.
function filterFor(ctx, id) {
  const ui = ctx.ui;
  if (id === null || id === undefined) { ui.actionFilter = null; return; }
  ui.actionFilter = (a) => {
    const x = argsOf(a);
    return x.ship === id || x.target === id;
  };
  ui.actionFilterName = `ship ${letter(id)}`;
}

// The server's preview of `action`, once per state; the overlay is redrawn when it comes.
function previewOf(ctx, action) {
  const ui = ctx.ui;
  const k = key(action);
  if (!(k in ui.previews)) {
    ui.previews[k] = null;
    const mine = ui.stKey;
    Promise.resolve(ctx.preview(action)).then((pv) => {
      if (ui.stKey !== mine) return;
      ui.previews[k] = pv;
      if (ui.drawOverlay) ui.drawOverlay();
    }).catch(() => {});
  }
  return ui.previews[k];
}

function headline(v, seat) {
  const who = (x) => (x === seat ? "your" : `seat ${x}'s`);
  if (v.phase === "over") return "Game over";
  if (v.phase === "start") return `Set-up: ${who(v.to_move[0])} starting corner`;
  const turn = `${v.current === seat ? "Your" : `Seat ${v.current}'s`} turn`;
  if (v.phase === "cells") return `${turn} — step 2: Energy Cells`;
  if (v.phase === "moving") {
    const f = v.moving.following;
    return f ? `${turn} — ship ${letter(f.ship)} follows set ${v.moving.set}, card ${f.card + 1}` : `${turn} — set ${v.moving.set}: next ship or end the set`;
  }
  if (v.phase === "damage") return `${turn} — ship ${letter(v.damage.ship)} takes ${v.damage.hits} hit(s): ${who(v.to_move[0])} choice`;
  return `${turn} — ${PHASE_WORDS[v.phase] || v.phase}`;
}

// What the panel asks, as a word the tests read.
function question(v, legal) {
  if (v.phase === "over") return "over";
  if (!legal.length) return "wait";
  const t = new Set(legal.map((x) => typeOf(x.action)));
  if (t.has("start")) return "start";
  if (t.has("cells")) return "cells";
  if (t.has("card")) return "card";
  if (t.has("lose")) return "lose";
  if (t.has("end_set")) return "follow";
  return v.phase;
}

function drawPanel(ctx, st, legal, byId, o) {
  const { h } = ctx;
  const v = st.view;
  const ui = ctx.ui;
  const p = ctx.panel;
  p.textContent = "";
  const of = (...types) => legal.filter((x) => types.includes(typeOf(x.action)));
  const q = question(v, legal);
  const me = st.seat;
  const box = h("div", { class: "panel", id: "st-panel", "data-question": q, "data-phase": v.phase, "data-round": v.round, "data-current": v.current });
  box.append(h("div", { id: "st-question", class: legal.length ? "your-turn" : "" }, headline(v, me)));
  box.append(h("div", { class: "hint", text: `Round ${v.round} of ${v.rounds} · seat ${v.first} plays first each round · ${money(v.target)} Spendys ON station at the end of one's own turn wins` }));

  const ctl = h("div", { id: "st-controls" });
  const choice = (x, attrs = {}, extra = null) => h("button", { class: "st-choice", ...attrs, onclick: () => ctx.choose(x.action) }, x.text, extra);
  const sel = o.sel;

  if (q === "start") {
    ctl.append(h("h3", { text: "Your ship's starting corner (ST-05)" }),
      h("p", { class: "hint", text: "Click a gold ★ on the floor beside your station, or a button." }),
      ...of("start").map((x) => choice(x, { "data-start": nk(argsOf(x.action).node) })));
  } else if (q === "cells") {
    ctl.append(cellsForm(ctx, v, of("cells"), me));
  } else if (q === "card") {
    const f = v.moving.following;
    const set = v.sets[v.moving.set];
    const ship = byId[f.ship];
    ctl.append(h("h3", { text: `Ship ${letter(f.ship)}: card ${f.card + 1}, ${cardName(set.cards[f.card])}` }),
      h("p", { class: "hint", text: "Click an end marker on the field (its path is drawn; ×n: several ways end there), or a direction below. The set goes on with the next card." }),
      h("div", { class: "st-row" }, "Set: ", setCards(ctx, set, f.card, ship ? ship.assets.engine : null)));
    const list = ui.endSpot ? of("card").filter((x) => { const pv = ui.previews[key(x.action)]; return pv && pv.to && pk(pv.to) === ui.endSpot; }) : of("card");
    if (ui.endSpot && list.length) ctl.append(h("p", { class: "hint" }, `The ways to ${ui.endSpot.replace(/^(-?\d+),(-?\d+),(\d+)$/, "($1,$2) L$3")}: `, h("button", { onclick: () => { ui.endSpot = null; ctx.rerender(); }, text: "all" })));
    ctl.append(h("div", { id: "st-dirs" }, (list.length ? list : of("card")).map((x) => choice(x, { class: "st-choice st-dir", "data-dirs": argsOf(x.action).dirs.join(" ") }))));
  } else if (q === "lose") {
    const d = v.damage;
    ctl.append(h("h3", { text: `Ship ${letter(d.ship)} takes ${d.hits} hit(s): remove an asset (ST-12)` }),
      h("div", { id: "st-lose" }, of("lose").map((x) => choice(x, { "data-lose": argsOf(x.action).asset }))));
  } else if (q === "follow" || ["combat", "action", "purchase"].includes(q)) {
    // Moving: a ship follows a set (the one being executed, or any open one).
    const follows = of("follow");
    if (follows.length) {
      const ships = [...new Set(follows.map((x) => argsOf(x.action).ship))];
      ctl.append(h("h3", { text: q === "follow" ? `Set ${v.moving.set}: the next ship, or end the set` : "Move: a ship follows a Move Card set" }),
        h("p", { class: "hint", text: "Click one of your ringed ships (or its button), pick the set: every position it could end at lights up. Click one (or Move…) to start; then play its cards one by one." }));
      ctl.append(h("div", { class: "st-row", id: "st-follow-ships" }, "Ship: ", ships.map((id) => h("button", { class: sel && sel.id === id ? "on" : "", "data-follow-ship": id, onclick: () => { ui.selected = id; filterFor(ctx, id); ctx.rerender(); } }, `${letter(id)} (E${byId[id].assets.engine})`))));
      if (sel && o.followAction) {
        const sets = [...new Set(follows.filter((x) => argsOf(x.action).ship === sel.id).map((x) => argsOf(x.action).set))];
        ctl.append(h("div", { id: "st-follow-sets" }, sets.map((i) => h("button", { class: "st-choice" + (i === ui.set ? " on" : ""), "data-follow-set": i, onclick: () => { ui.set = i; ctx.rerender(); } },
          `Set ${i}: `, setCards(ctx, v.sets[i], null, sel.assets.engine)))));
        const pv = ui.previews[key(o.followAction.action)];
        ctl.append(h("div", { class: "row", id: "st-reach-count", text: pv && pv.reachable ? `${pv.reachable.length} positions reachable (white dots on the field)` : "…" }));
        ctl.append(h("button", { id: "st-follow-go", class: "primary", onclick: () => ctx.choose(o.followAction.action) }, `Move ${letter(sel.id)} with set ${ui.set}…`));
      }
    }
    const endSet = of("end_set")[0];
    if (endSet) ctl.append(h("div", { class: "row" }, h("button", { id: "st-end-set", onclick: () => ctx.choose(endSet.action) }, "End this set (the other ships stay)")));
    const attacks = of("attack");
    if (attacks.length) {
      ctl.append(h("h3", { text: "Attack (ST-10, ST-11)" }), h("p", { class: "hint", text: "Red-ringed enemies are in reach: click one on the field, or a line below (the server's odds)." }));
      const list = h("div", { id: "st-attacks" }, attacks.map((x) => {
        const odds = h("span", { class: "st-odds", text: "odds…" });
        const k = key(x.action);
        (ui.odds ||= {});
        if (k in ui.odds) odds.textContent = ui.odds[k] || "";
        else {
          ui.odds[k] = null;
          Promise.resolve(ctx.odds(x.action)).then((r) => { ui.odds[k] = r && r.text ? r.text : ""; odds.textContent = ui.odds[k]; }).catch(() => {});
        }
        const a = argsOf(x.action);
        return choice(x, { "data-attack": `${a.ship},${a.target}` }, odds);
      }));
      ctl.append(list);
    }
    const actsList = of("act");
    if (actsList.length) {
      ctl.append(h("h3", { text: "Action attempt at a cluster (ST-13)" }),
        h("p", { class: "hint", text: "Gold-ringed clusters: click one on the field, or a line below. Construct an outpost on a free cluster, collect revenue at your own." }),
        h("div", { id: "st-acts" }, actsList.map((x) => { const a = argsOf(x.action); return choice(x, { "data-act": `${a.ship},${a.cluster}` }); })));
    }
    const buys = of("buy");
    const buyShips = of("buy_ship");
    if (buys.length || buyShips.length) {
      ctl.append(h("h3", { text: `Purchases (ST-15) — ${money(v.players[me].on)} Spendys ON station` }));
      if (buys.length) ctl.append(h("div", { id: "st-buys" }, buys.map((x) => { const a = argsOf(x.action); return choice(x, { "data-buy": a.item, "data-ship": a.ship === undefined ? null : a.ship }); })));
      if (buyShips.length) ctl.append(h("p", { class: "hint", id: "st-buy-ship-hint", text: `A new ship: click one of the ${buyShips.length} blue + spots round your station (one per free level beside it). It starts empty.` }));
    }
    const next = of("next")[0];
    if (next) ctl.append(h("div", { class: "row" }, h("button", { id: "st-next", class: follows.length || attacks.length || actsList.length || buys.length || buyShips.length ? "" : "primary", onclick: () => ctx.choose(next.action) }, next.text[0].toUpperCase() + next.text.slice(1))));
  } else if (q === "wait") {
    ctl.append(h("p", { class: "hint", text: v.phase === "over" ? "" : `Waiting for seat ${v.to_move.join(", ")}.` }));
  }
  box.append(ctl);
  p.append(box);

  // The Play Boards (ST-06), the ships, the sets, the last battle, the decks.
  const info = h("div", { class: "panel", id: "st-info" });
  info.append(h("h3", { text: "Play Boards" }), playBoards(ctx, v, me));
  info.append(h("h3", { text: "Ships" }), shipTable(ctx, v, sel));
  const isCurrent = v.current;
  info.append(h("h3", { text: v.sets.length ? `Move Card sets (seat ${isCurrent}'s turn)` : "Move Card sets" }));
  if (!v.sets.length) info.append(h("p", { class: "hint", text: "None drawn." }));
  else {
    const f = v.moving ? v.moving.following : null;
    info.append(h("ol", { class: "st-sets", id: "st-sets", start: 0 }, v.sets.map((set, i) => {
      const now = v.moving && v.moving.set === i;
      const ship = f && now ? byId[f.ship] : null;
      return h("li", { class: set.used && !now ? "used" : now ? "now" : "", "data-set": i },
        setCards(ctx, set, f && now ? f.card : null, ship ? ship.assets.engine : null), set.used && !now ? " (used)" : now ? " ◀ being played" : "");
    })));
  }
  if (v.last_battle) info.append(h("h3", { text: "Last battle" }), battle(ctx, v.last_battle));
  const d = v.decks;
  info.append(h("div", { class: "hint", id: "st-decks", text: `Decks: Move ${d.move_draw} face down · Outpost ${d.outpost_draw} (discarded ${d.outpost_discard_claims} Claim, ${d.outpost_discard_dry} Dry) · Revenue ${d.revenue_draw}` }));
  info.append(h("details", { class: "st-key-list" }, h("summary", { text: "Key" }),
    "The field is seen from the south, tilted: tiles lie on the floor; every node has a rod with a tick per level (L0 on the floor up to L" + (v.levels - 1) + "). A ship is a disc in its seat's colour with its letter, its level beside it and a dotted drop line to its shadow on the floor; a gold dot: it carries Spendys. The selected ship's rod is labelled and its level drawn as a dashed plane. Stations and clusters fill their rod. White dots: where the selected ship may end with the chosen set; white markers: where each way to play the current card ends (pink: blocked there, the ship stops; gold ring: nearest your goal); red ring: an enemy you may attack; gold dashed ring: a cluster open to an Action attempt; blue +: a spot for a new ship."));
  p.append(info);
}

// A set's cards: those already played struck out, the next one marked, those past the
// ship's engines dashed (it follows as many cards as it has engines).
function setCards(ctx, set, at, engines) {
  const { h } = ctx;
  if (!set.cards.length) return h("span", { class: "hint", text: "(no cards)" });
  return h("span", {}, set.cards.map((c, i) => h("span", {
    class: "st-card" + (at !== null && at !== undefined && i < at ? " done" : "") + (at === i ? " next" : "") + (engines !== null && engines !== undefined && i >= engines ? " beyond" : ""),
    title: engines !== null && engines !== undefined && i >= engines ? "beyond this ship's engines" : cardName(c),
  }, cardName(c))));
}

// Step 2: four counts, each offering only what some legal `cells` action has.
function cellsForm(ctx, v, cells, me) {
  const { h } = ctx;
  const ui = ctx.ui;
  const find = (w) => cells.find((x) => COLUMNS.every(([k]) => argsOf(x.action)[k] === w[k]));
  // Start from the cells placed now (ATTACK and DEFEND stay between turns) if legal.
  const now = { ...v.players[me].placed };
  const c = ui.cells || (ui.cells = find(now) ? now : { move: 0, attack: 0, defend: 0, action: 0 });
  if (!find(c)) Object.assign(c, { move: 0, attack: 0, defend: 0, action: 0 });
  const chosen = find(c);
  const p = v.players[me];
  const placed = COLUMNS.reduce((n, [k]) => n + c[k], 0);
  const box = h("div", { id: "st-cells", "data-cells": COLUMNS.map(([k]) => c[k]).join(",") });
  box.append(h("h3", { text: "Place your Energy Cells (ST-06)" }),
    h("p", { class: "hint", text: `You own ${p.cells} cells. MOVE, ATTACK and DEFEND hold a free cell each; each MOVE cell placed draws one more Move Card set, ACTION cells allow Action attempts. ATTACK and DEFEND cells stay; MOVE and ACTION come back at the end of the turn.` }));
  const table = h("table", {});
  for (const [k, name] of COLUMNS) {
    const w = (d) => ({ ...c, [k]: c[k] + d });
    const free = Math.max(0, p.columns[k] - p.placed[k]); // the column's free cells (the view's counts)
    table.append(h("tr", { "data-column": k },
      h("td", { text: name }),
      h("td", {}, h("button", { "data-col": k, "data-delta": "-1", "aria-label": `${name} minus one`, disabled: !find(w(-1)), onclick: () => { c[k]--; ctx.rerender(); } }, "−")),
      h("td", { class: "st-count", text: `+${c[k]}` }),
      h("td", {}, h("button", { "data-col": k, "data-delta": "1", "aria-label": `${name} plus one`, disabled: !find(w(1)), onclick: () => { c[k]++; ctx.rerender(); } }, "+")),
      h("td", { class: "st-dots", title: free ? "the free cell, then those placed" : "cells placed" }, `${"◆".repeat(free)}${"●".repeat(c[k])}`)));
  }
  box.append(table);
  box.append(h("div", { class: "row", text: `Placing ${placed} of ${p.cells} · left in the pool: ${"○".repeat(Math.max(0, p.cells - placed)) || "none"}` }));
  box.append(h("button", { id: "st-cells-go", class: "primary", disabled: !chosen, onclick: () => chosen && ctx.choose(chosen.action) }, chosen ? "Place these cells…" : "not a legal placement"));
  return box;
}

function playBoards(ctx, v, me) {
  const { h } = ctx;
  const t = h("table", { class: "st-boards", id: "st-boards" },
    h("tr", {}, [["", ""], ["ON", "Spendys ON station"], ["OFF", "Spendys carried by its ships"], ["MOV", "MOVE column"], ["ATK", "ATTACK column"], ["DEF", "DEFEND column"], ["ACT", "ACTION column"], ["pool", "cells not placed"], ["⚑", "outposts"]].map(([x, t]) => h("th", { text: x, title: t }))));
  for (const p of v.players) {
    const pool = Math.max(0, p.cells - (p.placed.move + p.placed.attack + p.placed.defend + p.placed.action));
    const cur = p.seat === v.current && v.phase !== "start" && v.phase !== "over";
    t.append(h("tr", { class: (cur ? "current" : "") + (p.out ? " out" : ""), "data-seat": p.seat, title: `seat ${p.seat}: ${p.cells} cells owned; ${p.attempts} Action attempt(s) this turn${p.protected ? "; protected: not open to attack until it buys a ship (ST-10)" : ""}` },
      h("td", {}, h("strong", { style: `color:${ctx.colours[p.seat]}`, text: `${cur ? "▶" : ""}${p.seat === me ? "you" : `seat ${p.seat}`}` }), p.protected ? h("span", { class: "st-prot", text: " prot." }) : "", p.out ? " out" : ""),
      h("td", { text: money(p.on) }),
      h("td", { text: money(p.off) }),
      ...COLUMNS.map(([k]) => h("td", { class: "st-dots", text: dots(p.columns[k]) })),
      h("td", { class: "st-dots", text: dots(pool, "○") }),
      h("td", { text: String(p.outposts) })));
  }
  return h("div", {}, t, h("div", { class: "hint", text: "● cells in a column (free ones included) · ○ cells not placed · prot.: protected, not open to attack until it buys a ship" }));
}

function shipTable(ctx, v, sel) {
  const { h } = ctx;
  const ui = ctx.ui;
  if (!v.ships.length) return h("p", { class: "hint", text: "No ship on the field yet." });
  return h("table", { class: "st-ships", id: "st-ships" },
    h("tr", {}, ["", "seat", "at", "assets", "OFF", ""].map((x) => h("th", { text: x }))),
    v.ships.map((x) => h("tr", { class: sel && sel.id === x.id ? "selected" : "", "data-ship": x.id, onclick: () => { ui.selected = x.id; filterFor(ctx, x.id); ctx.rerender(); } },
      h("td", {}, h("span", { class: "st-letter-chip", style: `background:${ctx.colours[x.seat]}`, text: letter(x.id) })),
      h("td", { text: String(x.seat) }),
      h("td", { text: posText(x.pos) }),
      h("td", { text: assetsText(x.assets) }),
      h("td", { text: x.off ? money(x.off) : "" }),
      h("td", { class: "hint", text: [x.at_station ? "station" : "", x.attacked ? "attacked" : "", x.acted ? "acted" : ""].filter(Boolean).join(", ") }))));
}

function battle(ctx, b) {
  const { h } = ctx;
  const best = (t) => (t.length ? Math.max(...t) : 0);
  return h("div", { id: "st-battle" }, h("div", { text: `ship ${letter(b.attacker)} attacked ship ${letter(b.target)}` }),
    h("ul", { class: "asks" }, b.volleys.map((x, i) => h("li", {
      text: `${i ? "return fire" : "attack"} (${x.by.map(letter).join("+")} → ${x.against.map(letter).join("+")}): ${x.attack_dice}d rolled ${x.attack_totals.length}× best ${best(x.attack_totals)} vs ${x.defense_dice}d rolled ${x.defense_totals.length}× best ${best(x.defense_totals)} → ${x.hits} hit(s)`,
    }))));
}

// The selected ship's card.
function drawCard(ctx, v, x) {
  const { h } = ctx;
  const c = ctx.card;
  c.textContent = "";
  if (!x) return;
  const a = x.assets;
  c.append(h("div", { class: "panel", id: "card", "data-ship": x.id },
    h("h3", {}, h("span", { class: "st-letter-chip", style: `background:${ctx.colours[x.seat]}`, text: letter(x.id) }), ` Ship ${letter(x.id)} (${x.id}) — seat ${x.seat}`),
    h("div", { text: `At ${posText(x.pos)}${x.at_station ? ", beside its Space Station" : ""}` }),
    h("div", { text: `Weapons ${a.weapon} · Shields ${a.shield} · Engines ${a.engine}${a.shuttle ? ` · Shuttles ${a.shuttle}` : ""} (${a.weapon + a.shield + a.engine + a.shuttle} of 24 holes)` }),
    h("div", { text: [x.off ? `carrying ${money(x.off)} Spendys OFF station` : "carrying no Spendys", x.attacked ? "has attacked this turn" : "", x.acted ? "has made an Action attempt this turn" : ""].filter(Boolean).join(" · ") })));
}

// The odds box's rows from the server's odds of an attack (ST-11).
function oddsRows(o) {
  if (!o || !o.attack) return [];
  const row = (x, what, removed) => ({
    what: `${what}: ${x.attack_dice}d ×${x.attack_rolls} vs ${x.defense_dice}d ×${x.defense_rolls}`,
    p_hit: 1 - (x.hits["0"] || 0),
    p_removed: removed,
    dist: x.hits,
  });
  const rows = [row(o.attack, "attack", o.target_destroyed)];
  if (o.return_fire) rows.push(row(o.return_fire, "return fire", o.attacker_destroyed));
  else rows.push({ what: "return fire", note: "none (no weapon)" });
  return rows;
}

// A follow's or a card's preview in words.
function previewBox(pv, ctx) {
  if (!pv) return null;
  const { h } = ctx;
  if (pv.reachable) return h("div", { class: "odds", id: "st-preview" }, h("strong", { text: "Reachable: " }), `${pv.reachable.length} end positions with this set (white dots on the field).`);
  if (pv.path) {
    return h("div", { class: "odds", id: "st-preview" }, h("strong", { text: "Path: " }),
      pv.path.map(posText).join(" → "), pv.blocked ? " — blocked there: the ship stops and ignores the rest of the set." : "");
  }
  return null;
}

// Where a hinted or lesson action is in the field (game.js rings it; docs/web.md): a
// start or purchase node, an attack's target, else the ship it is about (a card:
// the ship following the set).
function marks(a, view) {
  if (!a || !view) return null;
  const t = typeOf(a), args = argsOf(a);
  if (t === "start" && args.node) return { at: P(args.node, 0) };
  if (args.at && args.at.node) return { at: P(args.at.node, args.at.z || 0) };
  if (args.target !== undefined) return { unit: args.target };
  if (args.ship !== undefined) return { unit: args.ship };
  const f = view.moving && view.moving.following;
  return t === "card" && f ? { unit: f.ship } : null;
}

export default { render, marks, oddsRows, previewBox, paths, shots };
