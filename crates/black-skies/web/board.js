// Black Skies board for the browser (served by `orrery serve`, see docs/web.md): the
// table to scale in inches (side A's edge at the bottom, y = 0), fighters with their
// heading, the selected fighter's weapon arcs and range bands, the paths a card would
// fly (the server's `preview`), and the controls for each question: deployment by
// clicking the own zone, starting speeds, the secret card, groups, options, targets.
// Every legal choice, path and odd is the server's; this file only draws and sends.

const M = 2; // margin around the table, inches
// Where each 60° sector's centre lies from the heading (degrees clockwise, BS-10).
const SECTOR_AT = { front: 0, front_left: -60, rear_left: -120, rear: 180, rear_right: 120, front_right: 60 };
const BANDS = ["close", "medium", "long"];
const CARD_NAMES = ["", "Straight", "Break Left", "Break Right", "Afterburner", "Hard Left", "Hard Right",
  "Zigzag", "Sideslip Left", "Sideslip Right", "Retros", "S Turn Left", "S Turn Right"];
const OPTION_COLOURS = ["#7bd88f", "#e0c341", "#c792ea", "#4dd0e1"];
const key = (a) => JSON.stringify(a);
// A fighter's label as the server's texts write it: the view's own, else the side's
// letter and the fighter's number on its side (A1, A2, B1…).
const label = (f, all) => f.label || `${"AB"[f.seat] || "?"}${all.filter((x) => x.seat === f.seat && x.id <= f.id).length}`;
const cardName = (n) => (n ? `${n} ${CARD_NAMES[n] || ""}`.trim() : "");
const rad = (deg) => (deg * Math.PI) / 180;

const STYLE = `
svg.table.bs .hit-area { fill: transparent; stroke: none; }
svg.table.bs .ruler { font-size: 10px; fill: #8b97b3; text-anchor: middle; }
svg.table.bs .ruler.major { font-size: 12px; fill: #c4cde0; font-weight: 700; }
svg.table.bs .tick { stroke: #56648a; stroke-width: 1; }
svg.table.bs .aim { stroke: #ff6b6b; stroke-width: 2; stroke-dasharray: 6 4; pointer-events: none; }
`;
function injectStyle(h) {
  if (document.getElementById("bs-board-style")) return;
  document.head.append(h("style", { id: "bs-board-style" }, STYLE));
}
// Label places round a fighter, tried in turn (skipping the side its nose points
// to): the first that overlaps no other label and no fighter is taken.
const SLOTS = [[11, -9, "start"], [11, 5, "start"], [-11, -9, "end"], [-11, 5, "end"], [0, -17, "middle"], [0, 28, "middle"]];
function placeLabels(items, width) {
  const boxes = [];
  const outside = (b) => b.x0 < 2 || b.x1 > width - 2;
  const pts = items.map((i) => i);
  const hits = (b, self) => pts.some((p) => p !== self && p.x > b.x0 - 9 && p.x < b.x1 + 9 && p.y > b.y0 - 9 && p.y < b.y1 + 12);
  const overlaps = (b) => boxes.some((o) => b.x0 < o.x1 && b.x1 > o.x0 && b.y0 < o.y1 && b.y1 > o.y0);
  for (const it of items) {
    const w = it.text.length * 6.2 + 2;
    const nose = Math.sin(rad(it.heading)); // > 0: pointing right
    let best = null;
    for (const [dx, dy, anchor] of SLOTS) {
      if ((nose > 0.5 && dx > 0 && dy < 0) || (nose < -0.5 && dx < 0 && dy < 0)) continue;
      const x0 = anchor === "start" ? it.x + dx : anchor === "end" ? it.x + dx - w : it.x + dx - w / 2;
      const b = { x0, x1: x0 + w, y0: it.y + dy - 10, y1: it.y + dy + 2, dx, dy, anchor };
      if (!overlaps(b) && !hits(b, it) && !outside(b)) { best = b; break; }
      if (!outside(b) && (!best || outside(best))) best = b;
      best ||= b;
    }
    boxes.push(best);
    it.slot = best;
  }
}

// SVG units per inch: markers keep their size on a large table.
const scaleOf = (v) => Math.min(20, 720 / Math.max(v.width, v.length));
// A point of the table (inches, y up) in the SVG's units, for the hooks drawn over it.
const tablePoint = (v, p) => [(p.x + M) * scaleOf(v), (v.length - p.y + M) * scaleOf(v)];

function render(el, st, ctx) {
  const { h, s } = ctx;
  const v = st.view;
  const ui = ctx.ui;
  const W = v.width, L = v.length;
  const K = scaleOf(v);
  injectStyle(h);
  // A narrow board (a phone) puts the key under the table, so the table gets the width.
  const narrow = el.clientWidth > 0 && el.clientWidth < 640;
  const X = (x) => (x + M) * K;
  const Y = (y) => (L - y + M) * K; // y grows upwards: side B's edge at the top
  // A point r inches from (x, y) at `deg` clockwise from +y, in SVG units.
  const at = (x, y, r, deg) => [X(x) + r * K * Math.sin(rad(deg)), Y(y) - r * K * Math.cos(rad(deg))];
  const legal = ctx.legalWithText();
  const of = (type) => legal.filter((x) => x.action.type === type);
  const fighters = v.fighters;
  const byId = Object.fromEntries(fighters.map((f) => [f.id, f]));
  const q = v.question || {};

  // A new state: forget the half-made choices, select the fighter the question is about.
  if (ui.bsKey !== st.status.hash) {
    ui.bsKey = st.status.hash;
    ui.deploy = null;
    ui.hover = null;
    ui.previews = {};
    const el0 = q.element !== undefined ? v.elements.find((e) => e.id === q.element) : null;
    const lead = el0 ? el0.fighters.map((i) => byId[i]).find((f) => f.status === "flying") : null;
    if (q.fighter !== undefined) ui.selected = q.fighter;
    else if (lead) ui.selected = lead.id;
  }
  const sel = ui.selected !== null && ui.selected !== undefined ? byId[ui.selected] : null;

  const LX = narrow ? X(0) : X(W) + K; // the key's column, right of (or under) the table
  const KEY_Y = narrow ? Y(0) + 2 * K : Y(L) + 8;
  const svg = s("svg", { viewBox: `0 0 ${(W + 2 * M + (narrow ? 0 : 10)) * K} ${(L + 2 * M) * K + (narrow ? 170 : 0)}`, class: "table bs", id: "bs-table", role: "img", "aria-label": `Table ${W}" × ${L}"` });
  svg.append(s("rect", { x: X(0), y: Y(L), width: W * K, height: L * K, class: "felt" }));
  svg.append(s("clipPath", { id: "bs-clip" }, s("rect", { x: X(0), y: Y(L), width: W * K, height: L * K })));
  // The deployment zones (BS-02: 6" from the own edge), tinted in the side's colour.
  const deploys = of("deploy");
  [0, 1].forEach((seat) => {
    const mine = deploys.length && seat === ctx.seat;
    const y0 = seat === 0 ? 6 : L;
    const zone = s("rect", { x: X(0), y: Y(y0), width: W * K, height: 6 * K, class: "bs-zone" + (mine ? " mine" : ""), fill: ctx.colours[seat], id: mine ? "bs-zone-mine" : null });
    if (mine) zone.addEventListener("click", (e) => pickSpot(e));
    svg.append(zone);
  });
  for (let x = 0; x <= W; x++) svg.append(s("line", { x1: X(x), y1: Y(0), x2: X(x), y2: Y(L), class: x % 6 ? "grid1" : "grid6" }));
  for (let y = 0; y <= L; y++) svg.append(s("line", { x1: X(0), y1: Y(y), x2: X(W), y2: Y(y), class: y % 6 ? "grid1" : "grid6" }));
  // Rulers on the four edges, in inches as the texts write points: x from the left
  // edge, y from side A's edge.
  const step = W > 48 || L > 48 ? 6 : 3;
  for (let x = 0; x <= W; x += step) {
    const cls = x % 6 ? "ruler" : "ruler major";
    svg.append(s("text", { x: X(x), y: Y(0) + K * 0.8, class: cls }, `${x}`), s("text", { x: X(x), y: Y(L) - K * 0.3, class: cls }, `${x}`));
  }
  for (let y = 0; y <= L; y += step) {
    const cls = y % 6 ? "ruler" : "ruler major";
    svg.append(s("text", { x: X(0) - K * 0.7, y: Y(y) + 4, class: cls }, `${y}`), s("text", { x: X(W) + K * 0.7, y: Y(y) + 4, class: cls }, `${y}`));
  }
  for (let x = 0; x <= W; x++) svg.append(s("line", { x1: X(x), y1: Y(0), x2: X(x), y2: Y(0) + 4, class: "tick" }), s("line", { x1: X(x), y1: Y(L), x2: X(x), y2: Y(L) - 4, class: "tick" }));
  for (let y = 0; y <= L; y++) svg.append(s("line", { x1: X(0), y1: Y(y), x2: X(0) - 4, y2: Y(y), class: "tick" }), s("line", { x1: X(W), y1: Y(y), x2: X(W) + 4, y2: Y(y), class: "tick" }));
  svg.append(s("text", { x: X(W / 2), y: Y(0) + K * 1.55, class: "edge" }, `${v.sides[0]} (side A) edge — inches`));
  svg.append(s("text", { x: X(W / 2), y: Y(L) - K * 1.0, class: "edge" }, `${v.sides[1]} (side B) edge`));
  for (const a of v.asteroids || []) {
    svg.append(s("circle", { cx: X(a.x), cy: Y(a.y), r: a.radius * K, class: "obstacle" }, s("title", {}, `asteroid field, radius ${a.radius}"`)));
  }

  // The selected fighter's weapons: each arc's wedge out to each band's ring (BS-10).
  if (sel && sel.status === "flying") {
    const arcs = s("g", { "clip-path": "url(#bs-clip)" });
    svg.append(arcs);
    const groups = {};
    for (const w of sel.weapons) (groups[`${w.arcs.join(",")}|${w.range}`] ||= { w, n: 0 }).n++;
    Object.values(groups).forEach(({ w, n }, gi) => {
      BANDS.forEach((band, bi) => {
        const r1 = (w.range * bi) / 3, r2 = (w.range * (bi + 1)) / 3;
        for (const arc of w.arcs) {
          const c = sel.heading + SECTOR_AT[arc];
          const [ax, ay] = at(sel.x, sel.y, r2, c - 30), [bx, by] = at(sel.x, sel.y, r2, c + 30);
          const [cx2, cy2] = at(sel.x, sel.y, r1, c + 30), [dx, dy] = at(sel.x, sel.y, r1, c - 30);
          arcs.append(s("path", { class: `bs-band bs-band-${bi}`, d: `M${ax},${ay} A${r2 * K},${r2 * K} 0 0 1 ${bx},${by} L${cx2},${cy2} A${r1 * K},${r1 * K} 0 0 0 ${dx},${dy} Z` }));
        }
        const [lx, ly] = at(sel.x, sel.y, r2 - 0.3, sel.heading + SECTOR_AT[w.arcs[0]]);
        arcs.append(s("text", { x: lx, y: ly, class: "band-label bs-band-text" }, `${band} ≤${+r2.toFixed(1)}"${gi || n < sel.weapons.length ? ` ${w.name}` : ""}`));
      });
    });
  }

  // Legal deployment spots (lead's centre) and the chosen one with its heading ring.
  const spots = {};
  for (const x of deploys) (spots[`${x.action.x},${x.action.y}`] ||= []).push(x);
  for (const [k, list] of Object.entries(spots)) {
    const [x, y] = k.split(",").map(Number);
    const dot = s("circle", { cx: X(x), cy: Y(y), r: 4, class: "spot" + (ui.deploy && ui.deploy.k === k ? " on" : ""), tabindex: "0", role: "button", "data-spot": k, "aria-label": `deploy at ${x}, ${y}` }, s("title", {}, `deploy the lead at (${x}, ${y}): ${list.length} choices`));
    dot.addEventListener("click", (e) => { e.stopPropagation(); setSpot(k); });
    dot.addEventListener("keydown", (e) => { if (e.key === "Enter") setSpot(k); });
    svg.append(dot);
  }
  const paths = s("g", { id: "bs-paths" });
  svg.append(paths);
  // The key: sides, hull pips, marks, bands.
  const keyRows = [
    [s("polygon", { points: "0,-7 5,5 0,2 -5,5", fill: ctx.colours[0] }), `${v.sides[0]} (A1, A2…)`],
    [s("polygon", { points: "0,-7 5,5 0,2 -5,5", fill: ctx.colours[1] }), `${v.sides[1]} (B1, B2…)`],
    [s("rect", { x: -6, y: -2, width: 4, height: 4, class: "bs-hull" }), "hull left (grey: lost)"],
    [s("text", { x: -6, y: 4, class: "unit-label" }, "≈"), "jinking · red outline: crippled"],
    [s("rect", { x: -7, y: -5, width: 14, height: 10, class: "bs-band bs-band-0" }), "arcs: close, medium, long"],
  ];
  const keyG = s("g", { class: "bs-key", transform: `translate(${LX},${KEY_Y})` }, s("text", { class: "bs-key-title" }, "Key"));
  keyRows.forEach(([icon, text], i) => {
    icon.setAttribute("transform", `translate(8,${22 + 18 * i})`);
    keyG.append(icon, s("text", { x: 20, y: 26 + 18 * i }, text));
  });
  svg.append(keyG);

  const targets = {};
  for (const x of of("fire")) targets[x.action.target] = x;
  const labels = [];
  for (const f of fighters) {
    if (f.status === "waiting" || f.status === "disengaged") continue;
    if (f.status === "destroyed") {
      svg.append(s("g", { "data-unit": f.id, "data-state": "destroyed" },
        s("circle", { cx: X(f.x), cy: Y(f.y), r: 0.5 * K, class: "hit-area", "data-anchor": "" }),
        s("text", { x: X(f.x), y: Y(f.y) + 5, class: "bs-wreck" }, "✕", s("title", {}, `${label(f, fighters)} destroyed`))));
      continue;
    }
    // A <g data-unit> with no transform of its own (the animation moves it); a hit
    // area larger than the base for fingers.
    const cls = "unit bs-fighter" + (sel && sel.id === f.id ? " selected" : "") + (targets[f.id] ? " target" : "") + (f.crippled ? " crippled" : "");
    const g = s("g", { class: cls, "data-unit": f.id, "data-state": `hull ${f.hull}${f.crippled ? " crippled" : ""}${f.jinking ? " jinking" : ""}`, "data-fighter": f.id, "data-seat": f.seat, "data-x": f.x, "data-y": f.y, "data-heading": f.heading, tabindex: "0", role: "button", "aria-label": `${label(f, fighters)} ${f.design}` });
    const gi = s("g", { transform: `translate(${X(f.x)},${Y(f.y)})` });
    g.append(gi);
    gi.append(s("circle", { r: 1.3 * K, class: "hit-area", "data-anchor": "" }));
    gi.append(s("circle", { r: 0.5 * K, class: "bs-base", stroke: ctx.colours[f.seat] }));
    if (targets[f.id]) gi.append(s("circle", { r: 0.9 * K, class: "bs-target-ring" }));
    gi.append(s("polygon", { points: "0,-13 8,8 0,4 -8,8", fill: ctx.colours[f.seat], stroke: "#111", "stroke-width": 1.2, transform: `rotate(${f.heading})`, "data-rotate": f.heading }));
    for (let i = 0; i < f.max_hull; i++) {
      gi.append(s("rect", { x: -f.max_hull * 2.5 + i * 5, y: 13, width: 4, height: 4, class: i < f.hull ? "bs-hull" : "bs-hull lost" }));
    }
    // The label goes where it overprints no other (placed below, once all are drawn).
    labels.push({ at: gi, x: X(f.x), y: Y(f.y), heading: f.heading, text: label(f, fighters) + (f.jinking ? " ≈" : "") + (f.crippled ? " crippled" : "") });
    g.append(s("title", {}, `${label(f, fighters)} ${f.design}: hull ${f.hull}/${f.max_hull}, heading ${f.heading}°${f.jinking ? ", jinking" : ""}${targets[f.id] ? " — click to fire at it" : ""}`));
    const click = (e) => {
      e.stopPropagation();
      if (targets[f.id]) return ctx.choose(targets[f.id].action);
      ui.selected = sel && sel.id === f.id ? null : f.id;
      ctx.rerender();
    };
    g.addEventListener("click", click);
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); click(e); } });
    svg.append(g);
  }
  placeLabels(labels, X(W) + M * K);
  for (const l of labels) l.at.append(s("text", { x: l.slot.dx, y: l.slot.dy, "text-anchor": l.slot.anchor, class: "unit-label" }, l.text));
  // A shot waiting for Confirm: a line from the firing fighter to its target.
  const pa = ui.pending && ui.pending.action;
  if (pa && pa.type === "fire" && byId[pa.target]) {
    const shooter = byId[pa.fighter ?? q.fighter ?? -1];
    const t = byId[pa.target];
    if (shooter) svg.append(s("line", { x1: X(shooter.x), y1: Y(shooter.y), x2: X(t.x), y2: Y(t.y), class: "aim" }));
  }

  // The heading ring round the chosen spot, and the lead's ghost there.
  const dep = ui.deploy && spots[ui.deploy.k] ? ui.deploy : null;
  if (dep) {
    svg.append(s("circle", { cx: X(dep.x), cy: Y(dep.y), r: 2.9 * K, class: "picker-bg" }));
    svg.append(s("polygon", { points: "0,-13 8,8 0,4 -8,8", class: "bs-ghost", transform: `translate(${X(dep.x)},${Y(dep.y)}) rotate(${dep.heading})` }));
    // The wingman where the server says this deployment puts him (its preview).
    const here = spots[dep.k].filter((x) => x.action.heading === dep.heading);
    const chosen = here.find((x) => (x.action.wing || null) === dep.wing) || here[0];
    if (chosen) {
      const pk = key(chosen.action);
      if (!(pk in ui.previews)) {
        ui.previews[pk] = null;
        ctx.preview(chosen.action).then((pv) => { ui.previews[pk] = pv; ctx.rerender(); }).catch(() => {});
      }
      const pv = ui.previews[pk];
      for (const p of (pv && pv.at ? pv.at.slice(1) : [])) {
        svg.append(s("polygon", { points: "0,-13 8,8 0,4 -8,8", class: "bs-ghost", "data-wingman": "1", transform: `translate(${X(p.x)},${Y(p.y)}) rotate(${dep.heading})` }));
      }
    }
    for (const hd of [...new Set(spots[dep.k].map((x) => x.action.heading))]) {
      const [bx, by] = at(dep.x, dep.y, 2.1, hd);
      const b = s("g", { class: "facing-btn bs-heading" + (hd === dep.heading ? " on" : ""), tabindex: "0", role: "button", "data-heading": hd, "aria-label": `heading ${hd}°`, transform: `translate(${bx},${by})` },
        s("circle", { r: 9 }), s("text", { y: 3 }, `${hd}`), s("title", {}, `heading ${hd}°`));
      const go = (e) => { e.stopPropagation(); dep.heading = hd; ctx.rerender(); };
      b.addEventListener("click", go);
      b.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(e); } });
      svg.append(b);
    }
  }

  const host = el.querySelector(".tablewrap") || h("div", { class: "tablewrap" });
  const old = host.querySelector("svg");
  if (old) host.replaceChild(svg, old); else host.append(svg);
  if (!host.parentNode) { el.textContent = ""; el.append(host); }

  // The paths of a card or option, from the server's preview: each option in its own
  // colour, the path if every pilot passes solid, the substitute's (BS-08) dashed.
  ui.drawPaths = () => {
    paths.textContent = "";
    // The pointed-at choice, else the one awaiting confirmation, else every option.
    let pv = ui.hover ? ui.previews[ui.hover] : ui.pending && ui.pending.preview;
    if (!pv && !ui.pending) pv = { maneuvers: options.flatMap((x) => (ui.previews[key(x.action)] || {}).maneuvers || []) };
    const list = pv && pv.maneuvers ? pv.maneuvers : [];
    [...list].sort((a, b) => b.flown - a.flown).forEach((m) => { // the shortest on top
      const colour = OPTION_COLOURS[m.option % OPTION_COLOURS.length];
      m.fighters.forEach((f, fi) => {
        const pts = (p) => p.map((a) => `${X(a.x)},${Y(a.y)}`).join(" ");
        if (f.p_pass < 1) paths.append(s("polyline", { points: pts(f.failed_path), class: "bs-path bs-fail", stroke: colour }));
        paths.append(s("polyline", { points: pts(f.path), class: "bs-path", stroke: colour }));
        paths.append(s("polygon", { points: "0,-13 8,8 0,4 -8,8", class: "bs-ghost", style: `stroke:${colour}`, transform: `translate(${X(f.end.x)},${Y(f.end.y)}) rotate(${f.heading})` }));
        if (fi === 0) paths.append(s("text", { x: X(f.end.x) - 16, y: Y(f.end.y) + 4, class: "bs-path-label", fill: colour }, String(m.option + 1)));
      });
    });
    // The legend beside the table: each option, its speed, the pilots' chances.
    if (!list.length) return;
    const lg = s("g", { id: "bs-legend", transform: narrow ? `translate(${LX + 200},${KEY_Y})` : `translate(${LX},${Y(L) + 130})` },
      s("text", { class: "bs-key-title" }, `Card ${cardName(list[0].card)}`));
    list.forEach((m, i) => {
      const colour = OPTION_COLOURS[m.option % OPTION_COLOURS.length];
      const pass = m.fighters.every((f) => f.p_pass >= 1) ? "sure" : "pass " + m.fighters.map((f) => `${Math.round(100 * f.p_pass)}%`).join("/");
      const off = m.fighters.some((f) => f.off_table) ? ", leaves the table" : "";
      lg.append(s("line", { x1: 0, x2: 14, y1: 18 + 34 * i, y2: 18 + 34 * i, stroke: colour, "stroke-width": 3 }),
        s("text", { x: 20, y: 22 + 34 * i, style: `fill:${colour}`, class: "bs-legend-name" }, `${m.option + 1} ${m.name.split(" — ").pop()}`),
        s("text", { x: 20, y: 37 + 34 * i }, `speed ${m.flown}, ${pass}${off}`));
    });
    lg.append(s("text", { x: 0, y: 22 + 34 * list.length, class: "hint-svg" }, "dashed: if a pilot fails"));
    paths.append(lg);
  };
  const options = of("maneuver");
  options.forEach((x) => previewOf(ctx, x.action));
  ui.drawPaths();

  drawPanel(ctx, st, legal, byId, spots);
  drawCard(ctx, v, sel);

  // A click in the own zone: the nearest legal spot for the lead.
  function pickSpot(e) {
    const pt = svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    const x = p.x / K - M, y = L - (p.y / K - M);
    let best = null, bd = Infinity;
    for (const k of Object.keys(spots)) {
      const [sx, sy] = k.split(",").map(Number);
      const d = Math.hypot(sx - x, sy - y);
      if (d < bd) { bd = d; best = k; }
    }
    if (best) setSpot(best);
  }
  function setSpot(k) {
    const [x, y] = k.split(",").map(Number);
    const hs = spots[k].map((a) => a.action.heading);
    const toward = ctx.seat === 1 ? 180 : 0; // facing the other edge, if legal
    const keep = ui.deploy && hs.includes(ui.deploy.heading) ? ui.deploy.heading : null;
    ui.deploy = { k, x, y, heading: keep ?? (hs.includes(toward) ? toward : hs[0]), wing: ui.deploy ? ui.deploy.wing : null };
    ui.actionFilter = (a) => a.type === "deploy" && a.x === x && a.y === y;
    ui.actionFilterName = `the spot (${x}, ${y})`;
    ctx.rerender();
  }
}

// Animation hooks (crates/server/web/anim.js): the paths flown (and a fighter
// backed out or closed up), and the shots (a hit when it did damage).
function paths(events, view) {
  if (!view) return {};
  const pt = (p) => tablePoint(view, p);
  const out = {};
  const add = (id, pts) => { out[id] = (out[id] || []).concat(pts.map(pt)); };
  for (const e of events) {
    if (e.type === "flew" && e.path) add(e.fighter, e.path);
    else if ((e.type === "backed" || e.type === "closed") && e.to) add(e.fighter, [e.to]);
  }
  return out;
}

function shots(events) {
  return events.filter((e) => e.type === "shot").map((e) => ({ from: e.fighter, to: e.target, hit: (e.damage || []).length > 0 }));
}

// The server's preview of `action`, once per state; the paths are drawn when it comes.
function previewOf(ctx, action) {
  const ui = ctx.ui;
  const k = key(action);
  if (!(k in ui.previews)) {
    ui.previews[k] = null;
    const mine = ui.bsKey;
    ctx.preview(action).then((pv) => {
      if (ui.bsKey !== mine) return;
      ui.previews[k] = pv;
      if (ui.drawPaths) ui.drawPaths();
    }).catch(() => {});
  }
  return k;
}

// A choice button that shows its paths while pointed at or focused.
function choiceButton(ctx, x, attrs, withPaths) {
  const ui = ctx.ui;
  const b = ctx.h("button", { class: "bs-choice", ...attrs, onclick: () => ctx.choose(x.action), text: x.text });
  if (withPaths) {
    const on = () => { ui.hover = previewOf(ctx, x.action); ui.drawPaths && ui.drawPaths(); };
    const off = () => { ui.hover = null; ui.drawPaths && ui.drawPaths(); };
    b.addEventListener("mouseenter", on);
    b.addEventListener("focus", on);
    b.addEventListener("mouseleave", off);
    b.addEventListener("blur", off);
  }
  return b;
}

// The question, the elements (speed, face-down card) and the controls for the answer.
function drawPanel(ctx, st, legal, byId, spots) {
  const { h } = ctx;
  const v = st.view;
  const ui = ctx.ui;
  const p = ctx.panel;
  p.textContent = "";
  const of = (type) => legal.filter((x) => x.action.type === type);
  const mine = legal.length > 0;
  const box = h("div", { class: "panel", id: "bs-panel", "data-phase": v.phase });
  box.append(h("div", { class: mine ? "your-turn" : "", id: "bs-question", text: v.question.text }));
  // Who moves first is drawn after set-up (seed PLAY): null until then.
  const first = v.first === null || v.first === undefined ? "who moves first is drawn after set-up" : `${v.sides[v.first]} starts every turn`;
  box.append(h("div", { class: "hint", id: "bs-first", text: `Turn ${v.turn} of ${v.turns} · ${first} · score ${v.sides[0]} ${v.scores[0]} — ${v.sides[1]} ${v.scores[1]}` }));
  // The viewer's own movement deck, top first (another side's shows as its cards flip).
  const deck = v.viewer !== null && v.viewer !== undefined && v.decks ? (v.decks[v.viewer] || []).filter((x) => x !== null) : [];
  if (deck.length) box.append(h("div", { class: "hint", id: "bs-deck", text: `Your movement deck, top first: ${deck.map((id) => v.elements.find((e) => e.id === id).name).join(", ")}` }));
  const rows = v.elements.map((e) => {
    const fs = e.fighters.map((i) => byId[i]);
    const card = e.card ? `your card ${cardName(e.card)} lies face down` : e.card_down ? "a card lies face down" : "";
    const bits = [`speed ${e.speed ?? "?"}`, card, e.shown ? `last revealed ${cardName(e.shown)}` : ""].filter(Boolean);
    return h("li", { "data-element": e.id },
      h("strong", { style: `color:${ctx.colours[e.seat]}`, text: `${v.sides[e.seat]} ${e.name}` }), " ",
      fs.map((f) => h("button", { class: "linklike", onclick: () => { ui.selected = f.id; ctx.rerender(); }, text: `${label(f, v.fighters)}${f.status === "flying" ? "" : " (" + f.status + ")"}` })).flatMap((b) => [b, " "]),
      `— ${bits.join(" · ")}`);
  });
  box.append(h("ul", { class: "asks", id: "bs-elements" }, rows));
  p.append(box);
  if (!mine) return;

  const ctl = h("div", { class: "panel", id: "bs-controls" });
  const deploys = of("deploy");
  if (deploys.length) {
    const dep = ui.deploy && spots[ui.deploy.k] ? ui.deploy : null;
    ctl.append(h("h3", { text: "Deploy your next element" }));
    if (!dep) ctl.append(h("p", { class: "hint", text: "Click your zone on the table (the strip 6\" deep along your edge; the dots are the legal spots for the lead)." }));
    else {
      const here = spots[dep.k].filter((x) => x.action.heading === dep.heading);
      const wings = here.map((x) => x.action.wing).filter(Boolean);
      if (!wings.includes(dep.wing)) dep.wing = wings[0] || null;
      const chosen = here.find((x) => (x.action.wing || null) === dep.wing);
      ctl.append(h("div", {}, `Lead at (${dep.x}, ${dep.y}), heading ${dep.heading}° — pick another heading on the ring round the spot.`));
      if (wings.length) {
        ctl.append(h("div", { class: "row" }, "Wingman: ", wings.map((w) => h("button", { class: "bs-wing" + (w === dep.wing ? " on" : ""), "data-wing": w, onclick: () => { dep.wing = w; ctx.rerender(); }, text: w.replace("-", " ") })).flatMap((b) => [b, " "])));
      }
      ctl.append(h("button", { id: "bs-deploy", class: "primary", disabled: !chosen, onclick: () => chosen && ctx.choose(chosen.action), text: "Deploy here…" }));
    }
  }
  const speeds = of("speed");
  if (speeds.length) {
    const els = [...new Set(speeds.map((x) => x.action.element))];
    ctl.append(h("h3", { text: "Secret: the next element of your deck and its starting speed" }),
      h("p", { class: "hint", text: "Only you see this until both sides have set up. The order you pick your elements in is your movement deck; each one's first card comes next." }));
    for (const id of els) {
      const e = v.elements.find((x) => x.id === id);
      ctl.append(h("div", { class: "row" }, `${e.name}: `, speeds.filter((x) => x.action.element === id).map((x) =>
        h("button", { class: "bs-speed", "data-speed": x.action.speed, "data-element": id, title: x.text, onclick: () => ctx.choose(x.action), text: String(x.action.speed) }))));
    }
  }
  const cards = of("card");
  if (cards.length) {
    // In set-up the question names no element (it is secret): the card is for the
    // last element of the viewer's own deck still without one.
    const pending = v.phase === "ready" ? (v.decks[v.viewer] || []).filter((id) => id !== null && v.elements[id].card === null).pop() : undefined;
    const id = v.question.element !== undefined ? v.question.element : pending;
    const e = id !== undefined ? v.elements.find((x) => x.id === id) : null;
    const secret = h("div", { class: "bs-secret", id: "bs-cards" },
      h("h3", { text: `Secret: ${e ? e.name + "'s" : "your element's"} ${v.phase === "ready" ? "first" : "next"} card` }),
      h("p", { class: "hint", text: v.phase === "card" ? "Only you see this. Point at a card to see its options' paths on the table (solid: flown; dashed: if a pilot fails)." : "Only you see this until its element activates: its first card. Point at a card to see its options' paths." }),
      cards.map((x) => choiceButton(ctx, x, { "data-card": x.action.card }, true)));
    ctl.append(secret);
  }
  const options = of("maneuver");
  if (options.length) {
    ctl.append(h("h3", { text: "Pick the option of the revealed card" }),
      h("p", { class: "hint", text: "Every option's path is on the table; point at one to see it alone." }),
      ...options.map((x) => choiceButton(ctx, x, { "data-option": x.action.option }, true)));
  }
  const groups = of("group");
  if (groups.length) {
    ctl.append(h("h3", { text: "Groups along your deck (BS-03)" }), ...groups.map((x) => choiceButton(ctx, x, { "data-sizes": x.action.sizes.join("+") }, false)));
  }
  const fire = of("fire"), hold = of("hold")[0];
  if (hold) {
    ctl.append(h("h3", { text: "Fire" }),
      h("p", { class: "hint", text: fire.length ? "Click a red-ringed enemy on the table (or its button) to see the odds, or hold fire." : "No target in arc and range." }),
      ...fire.map((x) => choiceButton(ctx, x, { "data-target": x.action.target }, false)),
      choiceButton(ctx, hold, { id: "bs-hold" }, false));
  }
  p.append(ctl);
}

// The selected fighter's Tactical Display.
function drawCard(ctx, v, f) {
  const { h } = ctx;
  const c = ctx.card;
  c.textContent = "";
  if (!f) return;
  const e = v.elements.find((x) => x.id === f.element);
  c.append(h("div", { class: "panel", id: "card" },
    h("h3", { text: `${label(f, v.fighters)} ${f.design} (${v.sides[f.seat]} ${e ? e.name : ""})` }),
    h("div", { text: `${f.weight}, ${f.pilot} pilot (skill ${f.skill}), ${f.points} points · ${f.status}` }),
    h("div", {}, "Hull ", h("span", { class: f.hull < f.max_hull ? "reduced" : "", text: `${f.hull}/${f.max_hull}` }), f.crippled ? h("span", { class: "reduced", text: " crippled" }) : "",
      ` · armour ${f.armour} · ${f.shields ? "shields" : "no shields"} · may fire ${f.may_fire} of ${f.weapons.length}`),
    f.status === "flying" ? h("div", { text: `At (${f.x.toFixed(1)}, ${f.y.toFixed(1)}), heading ${f.heading}°, speed ${e && e.speed !== null ? e.speed : "?"}${f.jinking ? ", jinking" : ""}` }) : null,
    h("table", { class: "stats" },
      h("tr", {}, ["weapon", "arcs", "RoF", "acc", "range", "dmg"].map((t) => h("th", { text: t }))),
      f.weapons.map((w) => h("tr", {}, [w.name, w.arcs.join(", ").replaceAll("_", "-"), w.rof, w.accuracy, `${w.range}"`, `d${w.damage}`].map((t) => h("td", { text: String(t) })))))));
}

// The odds box's rows from the server's odds of a shot (BS-09).
function oddsRows(o, v) {
  if (!o || o.p_hit === undefined) return [];
  const q = v.question || {};
  const f = v.fighters.find((x) => x.id === q.fighter);
  const w = f && f.weapons[q.weapon];
  return [
    { what: `${w ? w.name + ", " : ""}${o.band}, hit on ≤${o.accuracy}, ${o.die}`, p_hit: o.p_hit, p_removed: o.p_destroyed, dist: o.damage },
    { what: "left crippled", note: `${(100 * o.p_crippled).toFixed(1)}%` },
  ];
}

// A card's or option's preview in words: speeds, each pilot's chance, the substitute.
function previewBox(pv, ctx) {
  if (!pv || !pv.maneuvers) return null;
  const { h } = ctx;
  return h("div", { class: "odds", id: "bs-preview" }, h("strong", { text: "Maneuver: " }),
    pv.maneuvers.map((m) => h("div", { class: "row" },
      `${m.name}: difficulty ${m.difficulty}, speed ${m.speed}${m.penalty ? ` −${m.penalty} → ${m.after_penalty}` : ""} → flies ${m.flown}"${m.jinking ? ", jinking" : ""}; pass `,
      m.fighters.map((f) => `${Math.round(100 * f.p_pass)}%${f.off_table ? " (ends off the table: disengages)" : ""}`).join(" / "),
      m.fighters.some((f) => f.p_pass < 1) ? `; on a failure: ${m.substitute}` : "")));
}

// Where a hinted or lesson action is on the table (game.js rings it; docs/web.md): a
// deployment's spot, a shot's target, else the fighter (or element's lead) asked.
function marks(a, view) {
  if (!a || typeof a !== "object" || !view) return null;
  if (typeof a.x === "number" && typeof a.y === "number") return { at: tablePoint(view, a) };
  if (a.target !== undefined) return { unit: a.target };
  if (a.fighter !== undefined) return { unit: a.fighter };
  const q = view.question || {};
  if (q.fighter !== undefined) return { unit: q.fighter };
  const el = (view.elements || []).find((e) => e.id === (a.element ?? q.element));
  const lead = el && el.fighters.find((id) => view.fighters.some((f) => f.id === id && f.status === "flying"));
  return lead !== undefined ? { unit: lead } : null;
}

export default { render, marks, oddsRows, previewBox, paths, shots };
