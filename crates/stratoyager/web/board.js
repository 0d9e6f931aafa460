// Basic Stratoyager board for the browser (served by `orrery serve`, see docs/web.md):
// the free table to scale in klicks, units with course, facing and speed, the range
// bands and front arc of the selected unit, obstacles, and a maneuver planner whose
// path, end position and stress dice come from the server (`preview`). It decides
// no rule. Hour h points 30·h° clockwise from +y (north, side B's edge).

const K = 22; // SVG units per klick
const M = 1.5; // margin round the table, in klicks
// A point of the table (klicks, y up) in the SVG's units, for the hooks drawn over it.
const tablePoint = (v, p) => [(p.x + M) * K, (v.table.length - p.y + M) * K];
const DRIVERS = ["accelerate", "decelerate", "turn_port", "turn_starboard", "slide_port", "slide_starboard"];
// The same action whatever order its fields come in (a long legal list arrives as
// products and is expanded with its fields sorted).
const canonical = (v) =>
  Array.isArray(v) ? `[${v.map(canonical).join(",")}]`
  : v !== null && typeof v === "object" ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`
  : JSON.stringify(v);
const same = (a, b) => canonical(a) === canonical(b);
/** An hour as the log says it (crates/table's `Hour`): `12 o'clock` for 0. */
const hour = (x) => `${((Number(x) % 12) + 12) % 12 || 12} o'clock`;

const STYLE = `
svg.table.sy .hit-area { fill: transparent; stroke: none; }
svg.table.sy .ruler { font-size: 9px; fill: #8b97b3; text-anchor: middle; }
svg.table.sy .ruler.major { font-size: 11px; fill: #c4cde0; font-weight: 700; }
svg.table.sy .tick { stroke: #56648a; stroke-width: 1; }
svg.table.sy .leader { stroke: rgba(200, 210, 230, 0.45); stroke-width: 0.8; }
svg.table.sy .ghost { opacity: 0.6; pointer-events: none; }
svg.table.sy .ghost polygon { fill: rgba(224, 195, 65, 0.35); stroke: #e0c341; stroke-width: 2; stroke-dasharray: 3 2; }
svg.table.sy .ghost-ring { fill: none; stroke: #e0c341; stroke-width: 1.5; }
svg.table.sy .ghost .course { stroke: #e0c341; }
svg.table.sy .aim { stroke: #ff6b6b; stroke-width: 2; stroke-dasharray: 6 4; pointer-events: none; }
`;
function injectStyle(h) {
  if (document.getElementById("sy-board-style")) return;
  document.head.append(h("style", { id: "sy-board-style" }, STYLE));
}

// Label places round a unit, tried in turn: the first that overlaps no other label
// and no unit is taken (units stand a klick apart; labels must not overprint).
const SLOTS = [[10, -9, "start"], [-10, -9, "end"], [10, 15, "start"], [-10, 15, "end"], [0, -15, "middle"], [0, 22, "middle"], [14, 3, "start"], [-14, 3, "end"]];
function placeLabels(items, unitPts, width, height) {
  const boxes = [];
  const outside = (b) => b.x0 < 2 || b.x1 > width - 2 || b.y0 < 2 || b.y1 > height - 2;
  const hitsUnit = (b) => unitPts.some((p) => p.x > b.x0 - 7 && p.x < b.x1 + 7 && p.y > b.y0 - 7 && p.y < b.y1 + 7);
  const overlaps = (b) => boxes.some((o) => b.x0 < o.x1 && b.x1 > o.x0 && b.y0 < o.y1 && b.y1 > o.y0);
  for (const it of items) {
    const w = it.text.length * 6.4 + 2;
    let best = null;
    for (const [dx, dy, anchor] of SLOTS) {
      const x0 = anchor === "start" ? it.x + dx : anchor === "end" ? it.x + dx - w : it.x + dx - w / 2;
      const b = { x0, x1: x0 + w, y0: it.y + dy - 10, y1: it.y + dy + 2, dx, dy, anchor };
      if (!overlaps(b) && !hitsUnit(b) && !outside(b)) { best = b; break; }
      if (!outside(b) && (!best || outside(best))) best = b;
      best ||= b;
    }
    boxes.push(best);
    it.slot = best;
  }
}

function render(el, st, ctx) {
  const { h, s } = ctx;
  const v = st.view;
  const ui = ctx.ui;
  const W = v.table.width, L = v.table.length;
  const X = (x) => (x + M) * K;
  const Y = (y) => (L - y + M) * K; // +y is up
  const legal = ctx.legalWithText();
  injectStyle(h);
  const svg = s("svg", { viewBox: `0 0 ${(W + 2 * M) * K} ${(L + 2 * M) * K}`, class: "table sy", id: "table", role: "img", "aria-label": "Table" });
  svg.append(s("rect", { x: X(0), y: Y(L), width: W * K, height: L * K, class: "felt" }));
  for (let x = 0; x <= W; x++) svg.append(s("line", { x1: X(x), y1: Y(0), x2: X(x), y2: Y(L), class: x % 6 ? "grid1" : "grid6" }));
  for (let y = 0; y <= L; y++) svg.append(s("line", { x1: X(0), y1: Y(y), x2: X(W), y2: Y(y), class: y % 6 ? "grid1" : "grid6" }));
  // Rulers on all four edges, in klicks as the texts write points: "(12, 1)" is x
  // 12 from the left edge, y 1 from side A's edge.
  for (let x = 0; x <= W; x += 2) {
    const cls = x % 6 ? "ruler" : "ruler major";
    svg.append(s("text", { x: X(x), y: Y(0) + K * 0.75, class: cls }, `${x}`), s("text", { x: X(x), y: Y(L) - K * 0.3, class: cls }, `${x}`));
  }
  for (let y = 0; y <= L; y += 2) {
    const cls = y % 6 ? "ruler" : "ruler major";
    svg.append(s("text", { x: X(0) - K * 0.55, y: Y(y) + 4, class: cls }, `${y}`), s("text", { x: X(W) + K * 0.55, y: Y(y) + 4, class: cls }, `${y}`));
  }
  for (let x = 0; x <= W; x++) svg.append(s("line", { x1: X(x), y1: Y(0), x2: X(x), y2: Y(0) + 4, class: "tick" }), s("line", { x1: X(x), y1: Y(L), x2: X(x), y2: Y(L) - 4, class: "tick" }));
  for (let y = 0; y <= L; y++) svg.append(s("line", { x1: X(0), y1: Y(y), x2: X(0) - 4, y2: Y(y), class: "tick" }), s("line", { x1: X(W), y1: Y(y), x2: X(W) + 4, y2: Y(y), class: "tick" }));
  svg.append(s("text", { x: X(W / 2), y: Y(0) + K * 1.35, class: "edge" }, `${v.sides[0]} (side A) — klicks`));
  svg.append(s("text", { x: X(W / 2), y: Y(L) - K * 0.85, class: "edge" }, `${v.sides[1]} (side B)`));

  for (const o of v.obstacles || []) {
    const sh = o.outline;
    const t = `${o.name} (${o.kind})`;
    if (sh.shape === "circle") svg.append(s("circle", { cx: X(sh.center.x), cy: Y(sh.center.y), r: sh.radius * K, class: "obstacle" }, s("title", {}, t)));
    else svg.append(s("polygon", { points: sh.points.map((p) => `${X(p.x)},${Y(p.y)}`).join(" "), class: "obstacle" }, s("title", {}, t)));
  }

  const units = v.units;
  const onTable = units.filter((u) => u.place && (u.place.at === "table" || u.place.at === "hulk"));
  // The unit my current question is about.
  const myAsk = v.batch ? v.batch.asks.find((a) => a.seat === ctx.seat && !a.answered) : null;
  if (myAsk && ui.autoSelected !== `${st.status.hash}`) {
    ui.selected = myAsk.unit;
    ui.autoSelected = `${st.status.hash}`;
  }
  const sel = ui.selected !== null && ui.selected !== undefined ? units.find((u) => u.id === ui.selected) : null;

  // The selected unit's range bands (SY-05) and front arc (SY-06).
  if (sel && onTable.includes(sel)) {
    const cx = X(sel.pos.x), cy = Y(sel.pos.y);
    for (const [band, r] of v.bands || []) {
      svg.append(s("circle", { cx, cy, r: r * K, class: "band" }));
      svg.append(s("text", { x: cx + r * K * 0.71 + 2, y: cy - r * K * 0.71 - 2, class: "band-label" }, `${band} ≤${r}`));
    }
    // Sight lines to every enemy on the table: solid if clear, red and dashed when an
    // obstacle blocks it (SY-12, from the server's `blocked_sight`).
    const blocked = new Set((v.blocked_sight || []).map(([a, b]) => `${a},${b}`));
    for (const e of onTable) {
      if (e.side === sel.side || e.place.at !== "table") continue;
      const key = `${Math.min(e.id, sel.id)},${Math.max(e.id, sel.id)}`;
      svg.append(s("line", { x1: cx, y1: cy, x2: X(e.pos.x), y2: Y(e.pos.y), class: blocked.has(key) ? "sight blocked" : "sight" },
        s("title", {}, `${sel.label} → ${e.label}: ${blocked.has(key) ? "line of sight blocked" : "line of sight clear"}`)));
    }
    const card = v.roster[sel.kind];
    if (!(card.features || []).includes("turret360")) {
      const half = (v.front_arc_hours || 1) * 30;
      const far = 12 * K; // drawn out to the Medium band; the arc goes on beyond
      const a1 = ((sel.facing * 30 - half - 90) * Math.PI) / 180, a2 = ((sel.facing * 30 + half - 90) * Math.PI) / 180;
      svg.append(s("path", { d: `M${cx},${cy} L${cx + far * Math.cos(a1)},${cy + far * Math.sin(a1)} A${far},${far} 0 0 1 ${cx + far * Math.cos(a2)},${cy + far * Math.sin(a2)} Z`, class: "front-arc" }));
    }
  }

  // Placement spots offered by the server.
  const spots = {};
  for (const x of legal) if (x.action.kind === "place") (spots[`${x.action.x},${x.action.y}`] ||= []).push(x);
  for (const [k, list] of Object.entries(spots)) {
    const [x, y] = k.split(",").map(Number);
    const dot = s("circle", { cx: X(x), cy: Y(y), r: 5, class: "spot" + (ui.spot === k ? " on" : ""), tabindex: "0", role: "button", "data-spot": k, "aria-label": `place at ${x}, ${y}` }, s("title", {}, `place at (${x}, ${y}): ${list.length} choices`));
    const go = () => { ui.spot = k; ui.actionFilter = (a) => a.kind === "place" && `${a.x},${a.y}` === k; ui.actionFilterName = `the spot (${x}, ${y})`; ctx.rerender(); };
    dot.addEventListener("click", go);
    dot.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
    svg.append(dot);
  }

  // The planned maneuver's path (from the server's preview).
  const pv = ui.plan && ui.plan.preview;
  if (pv && sel && pv.unit === sel.id) {
    svg.append(s("polyline", { points: pv.path.map((p) => `${X(p.x)},${Y(p.y)}`).join(" "), class: "plan-path" }));
    svg.append(ghost(s, X(pv.end.x), Y(pv.end.y), pv.facing, pv.course, "plan-ghost"));
  }

  // Units: a <g data-unit> with no transform of its own (the animation moves it);
  // a hit area a little over a klick for fingers. Labels are placed apart after.
  const labels = [];
  for (const u of onTable) {
    const colour = u.place.at === "hulk" ? "#777" : ctx.colours[u.side];
    const isSel = sel && sel.id === u.id;
    const g = s("g", { class: "unit" + (isSel ? " selected" : ""), "data-unit": u.id, "data-state": `${u.place.at} s${u.structure} sh${u.shields}`, tabindex: "0", role: "button", "aria-label": u.label });
    const at = s("g", { transform: `translate(${X(u.pos.x).toFixed(1)},${Y(u.pos.y).toFixed(1)})` });
    g.append(at);
    at.append(s("circle", { r: K * 1.2, class: "hit-area", "data-anchor": "" }));
    // Course and speed: a line along the course, a klick per point of speed.
    const ca = ((u.course * 30 - 90) * Math.PI) / 180;
    at.append(s("line", { x1: 0, y1: 0, x2: Math.cos(ca) * u.speed * K, y2: Math.sin(ca) * u.speed * K, class: "course" }));
    at.append(s("g", { transform: `rotate(${u.facing * 30})`, "data-rotate": u.facing * 30 }, s("polygon", { points: "0,-11 8,8 0,4 -8,8", fill: colour, stroke: "#111", "stroke-width": 1.2 })));
    // The selection by its full name; the others by initial and number ("G2" for
    // "Guardian 151a 2"), since deployed units stand a klick apart. Hover: all.
    const num = (u.label.match(/ (\d+)$/) || [])[1] || "";
    const short = u.label[0] + num;
    labels.push({ at, x: X(u.pos.x), y: Y(u.pos.y), text: isSel ? `${u.label} · speed ${u.speed}` : short, sel: isSel });
    g.append(s("title", {}, `${u.label}: course ${hour(u.course)}, facing ${hour(u.facing)}, speed ${u.speed}, structure ${u.structure}, shields ${u.shields}`));
    const pick = () => { ui.selected = sel && sel.id === u.id ? null : u.id; ctx.rerender(); };
    g.addEventListener("click", pick);
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
    svg.append(g);
  }
  // The selection's label first, so it gets the best place.
  labels.sort((a, b) => b.sel - a.sel);
  placeLabels(labels, labels.map((l) => ({ x: l.x, y: l.y })), (W + 2 * M) * K, (L + 2 * M) * K);
  for (const l of labels) {
    const b = l.slot;
    if (Math.abs(b.dx) > 12 || b.dy > 16 || b.dy < -12) {
      const lx = b.anchor === "start" ? b.dx - 1 : b.anchor === "end" ? b.dx + 1 : b.dx;
      l.at.append(s("line", { x1: 0, y1: 0, x2: lx, y2: b.dy - 4, class: "leader" }));
    }
    l.at.append(s("text", { x: b.dx, y: b.dy, "text-anchor": b.anchor, class: "unit-label" }, l.text));
  }
  drawGhost(s, svg, ui.pending, units, myAsk, X, Y, ctx);
  for (const m of v.missiles || []) {
    const t = units.find((u) => u.id === m.target);
    if (t) svg.append(s("circle", { cx: X(t.pos.x) + 10, cy: Y(t.pos.y) + 10, r: 4, class: "missile" }, s("title", {}, `missile marker on ${t.label}`)));
  }

  const host = el.querySelector(".tablewrap") || h("div", { class: "tablewrap" });
  const old = host.querySelector("svg");
  if (old) host.replaceChild(svg, old); else host.append(svg);
  if (!host.parentNode) { el.textContent = ""; el.append(host); }

  drawPanel(ctx, st, legal, myAsk);
  drawCard(ctx, v, sel);
}

// The chosen action while it waits for Confirm: a placement's unit at its spot with
// its course and speed, a maneuver's path and end (the server's preview), a yaw's
// new facing, a shot's line to its target.
function drawGhost(s, svg, pending, units, myAsk, X, Y, ctx) {
  const a = pending && pending.action;
  if (!a || typeof a !== "object") return;
  const u = myAsk ? units.find((x) => x.id === myAsk.unit) : null;
  const pv = pending.preview;
  if (pv && pv.kind === "maneuver" && pv.path) {
    svg.append(s("polyline", { points: pv.path.map((p) => `${X(p.x)},${Y(p.y)}`).join(" "), class: "plan-path", "pointer-events": "none" }));
    svg.append(ghost(s, X(pv.end.x), Y(pv.end.y), pv.facing, pv.course, "ghost", pv.speed));
  } else if (a.kind === "place") {
    svg.append(ghost(s, X(a.x), Y(a.y), a.course, a.course, "ghost", a.speed));
  } else if (a.kind === "yaw" && u && u.pos && a.facing !== null && a.facing !== undefined) {
    svg.append(ghost(s, X(u.pos.x), Y(u.pos.y), a.facing, u.course, "ghost", 0));
  } else if (u && u.pos) {
    const tid = a.target ?? (a.missile && a.missile.target);
    const t = units.find((x) => x.id === tid);
    if (t && t.pos) svg.append(s("line", { x1: X(u.pos.x), y1: Y(u.pos.y), x2: X(t.pos.x), y2: Y(t.pos.y), class: "aim" }));
  }
}

// Animation hooks (crates/server/web/anim.js): a unit's path as the events give it
// (moved, displaced, drifted), and the attack rolls.
function paths(events, view) {
  if (!view || !view.table) return {};
  const pt = (p) => tablePoint(view, p);
  const out = {};
  const add = (id, pts) => { out[id] = (out[id] || []).concat(pts.map(pt)); };
  for (const e of events) {
    if (e.event === "moved" && e.path) add(e.unit, e.path);
    else if (e.event === "displaced") add(e.unit, [e.from, e.to]);
    else if (e.event === "drifted") add(e.unit, [e.to]);
  }
  return out;
}

function shots(events) {
  return events.filter((e) => e.event === "attack").map((e) => ({ from: e.attacker, to: e.target, hit: !!e.hit }));
}

function ghost(s, x, y, facing, course, cls, speed) {
  if (speed !== undefined) {
    const ca = ((course * 30 - 90) * Math.PI) / 180;
    return s("g", { transform: `translate(${x},${y})`, class: cls },
      s("line", { x1: 0, y1: 0, x2: Math.cos(ca) * speed * K, y2: Math.sin(ca) * speed * K, class: "course" }),
      s("circle", { r: 15, class: "ghost-ring" }),
      s("g", { transform: `rotate(${facing * 30}) scale(1.2)` }, s("polygon", { points: "0,-11 8,8 0,4 -8,8" })));
  }
  return s("g", { transform: `translate(${x},${y})`, class: cls },
    s("g", { transform: `rotate(${facing * 30})` }, s("polygon", { points: "0,-11 8,8 0,4 -8,8" })));
}

// Which unit is asked, who has committed, and the maneuver planner.
function drawPanel(ctx, st, legal, myAsk) {
  const { h } = ctx;
  const v = st.view;
  const p = ctx.panel;
  p.textContent = "";
  const box = h("div", { class: "panel", id: "sy-panel" });
  if (v.batch) {
    const name = (id) => (v.units.find((u) => u.id === id) || {}).label || `#${id}`;
    const kind = String(v.batch.kind).replaceAll("_", " ");
    box.append(h("div", {}, h("strong", { text: `${v.batch.secret ? "Secret orders" : "Orders"}: ${kind}` })));
    box.append(h("ul", { class: "asks", id: "asks" }, v.batch.asks.map((a) =>
      h("li", { "data-ask-seat": a.seat }, `${v.sides[a.seat]}: ${name(a.unit)} — ${a.answered ? (a.seat === ctx.seat || !v.batch.secret ? "committed" : "committed (hidden)") : "not yet"}`))));
    if (myAsk) box.append(h("div", { class: "your-turn", text: `Your question is about ${name(myAsk.unit)}.` }));
  }
  const plans = legal.filter((x) => x.action.kind === "maneuver");
  if (ctx.ui.planKey !== st.status.hash) {
    ctx.ui.plan = null;
    ctx.ui.planKey = st.status.hash;
  }
  if (plans.length) box.append(planner(ctx, plans));
  const places = legal.filter((x) => x.action.kind === "place");
  if (places.length) box.append(placer(ctx, places));
  p.append(box);
}

// Placement (SY-03): click a dot on the table, then its course (in hours, as the
// log says them) and speed; only the combinations the server listed are offered.
function placer(ctx, places) {
  const { h } = ctx;
  const ui = ctx.ui;
  const here = ui.spot ? places.filter((x) => `${x.action.x},${x.action.y}` === ui.spot) : [];
  if (!here.length) return h("div", { class: "planner", id: "placer" }, h("h3", { text: "Placement" }), h("p", { class: "hint", text: "Click a green dot on the table to place the unit there." }));
  const courses = [...new Set(here.map((x) => x.action.course))].sort((a, b) => a - b);
  ui.placeCourse = courses.includes(ui.placeCourse) ? ui.placeCourse : courses[0];
  const speeds = [...new Set(here.filter((x) => x.action.course === ui.placeCourse).map((x) => x.action.speed))].sort((a, b) => a - b);
  ui.placeSpeed = speeds.includes(ui.placeSpeed) ? ui.placeSpeed : speeds[0];
  const course = h("select", { id: "place-course", "aria-label": "Course" }, courses.map((c) => h("option", { value: c, text: hour(c) })));
  course.value = ui.placeCourse;
  course.addEventListener("change", () => { ui.placeCourse = Number(course.value); ctx.rerender(); });
  const speed = h("select", { id: "place-speed", "aria-label": "Speed" }, speeds.map((v) => h("option", { value: v, text: String(v) })));
  speed.value = ui.placeSpeed;
  speed.addEventListener("change", () => { ui.placeSpeed = Number(speed.value); ctx.rerender(); });
  const found = here.find((x) => x.action.course === ui.placeCourse && x.action.speed === ui.placeSpeed);
  const [x, y] = ui.spot.split(",");
  return h("div", { class: "planner", id: "placer" }, h("h3", { text: `Placement at (${x}, ${y})` }),
    h("div", { class: "row" }, h("label", {}, "course ", course), " ", h("label", {}, "speed ", speed)),
    h("button", { id: "place-choose", class: "primary", disabled: !found, onclick: () => found && ctx.choose(found.action), text: "Place here…" }));
}

function planner(ctx, plans) {
  const { h } = ctx;
  const ui = ctx.ui;
  const first = plans[0].action;
  ui.plan ||= { first: { ...first.first }, second: { ...first.second }, evasive: false, preview: null };
  const plan = ui.plan;
  const opt = (d) => h("option", { value: d, text: d.replaceAll("_", " ") });
  const maxThrust = (slot, driver) => Math.max(0, ...plans.filter((x) => x.action[slot].driver === driver).map((x) => x.action[slot].thrust));
  const row = (slot, label) => {
    const d = h("select", { id: `${slot}-driver`, "aria-label": `${label} driver` }, DRIVERS.map(opt));
    d.value = plan[slot].driver;
    const t = h("input", { id: `${slot}-thrust`, type: "number", min: 0, max: maxThrust(slot, plan[slot].driver), value: plan[slot].thrust, "aria-label": `${label} thrust`, size: 3 });
    d.addEventListener("change", () => { plan[slot].driver = d.value; update(); });
    t.addEventListener("change", () => { plan[slot].thrust = Number(t.value); update(); });
    return h("div", { class: "row" }, `${label}: `, d, " thrust ", t, h("span", { class: "hint", text: ` (0–${maxThrust(slot, plan[slot].driver)})` }));
  };
  const ev = h("input", { type: "checkbox", id: "evasive", checked: plan.evasive });
  ev.addEventListener("change", () => { plan.evasive = ev.checked; update(); });
  const match = () => plans.find((x) => same(x.action, { kind: "maneuver", first: plan.first, second: plan.second, evasive: plan.evasive }));
  const found = match();
  const status = h("div", { id: "plan-status" });
  const pv = plan.preview;
  if (!found) status.append(h("div", { class: "bad", text: "This combination is not a legal Movement Action for this unit." }));
  else if (pv) status.append(...previewLines(pv, ctx));
  const choose = h("button", { id: "plan-choose", class: "primary", disabled: !found, text: "Choose this maneuver…" });
  choose.addEventListener("click", () => found && ctx.choose(found.action));
  async function update() {
    const f = match();
    plan.preview = null;
    if (f) {
      try { plan.preview = await ctx.preview(f.action); } catch (e) { plan.preview = null; }
    }
    ctx.rerender();
  }
  if (found && !pv && !plan.asked) { plan.asked = true; update(); }
  if (!found) plan.asked = false;
  return h("div", { class: "planner", id: "planner" }, h("h3", { text: "Maneuver planner" }),
    row("first", "First maneuver"), row("second", "Second maneuver"),
    h("label", {}, ev, " evasive"), status, choose);
}

// A Movement Action's preview (`Game::preview_action`) in words: where it ends and
// its Hull Stress roll (SY-09).
function previewLines(pv, ctx) {
  const { h } = ctx;
  const st = pv.stress || {};
  return [
    h("div", {}, `Path ends at (${pv.end.x.toFixed(1)}, ${pv.end.y.toFixed(1)}), course ${hour(pv.course)}, facing ${hour(pv.facing)}, speed ${pv.speed}${pv.realigned ? "; realigns first (the turn's yaw)" : ""}.`),
    h("div", {}, `Hull stress: ${st.dice ?? 0} dice (fail on ${st.fail_on ?? 4}+)` + (st.dice ? ` — no effect ${ctx.pct(st.none)}, greyout ${ctx.pct(st.greyout)}, blackout ${ctx.pct(st.blackout)}, structural ${ctx.pct(st.structural)}, destroyed ${ctx.pct(st.destroyed)}` : "")),
  ];
}

function previewBox(pv, ctx) {
  if (pv.kind !== "maneuver") return null;
  return ctx.h("div", { class: "odds", id: "stress" }, ctx.h("strong", { text: "Maneuver: " }), ...previewLines(pv, ctx));
}

// The rows of the odds box from this ruleset's odds: one per attack (a Movement
// Action's hull stress goes in its preview instead).
function oddsRows(o, v) {
  if (!o || !o.attacks) return [];
  const name = (id) => (v.units.find((x) => x.id === id) || { label: `#${id}` }).label;
  return o.attacks.map((a) => ({
    what: [typeof a.weapon === "string" ? a.weapon : Object.keys(a.weapon || {})[0], name(a.target)].filter(Boolean).join(" at ").replaceAll("_", " "),
    p_hit: a.p_hit, p_removed: a.p_destroyed, dist: a.structure_lost,
  }));
}

function drawCard(ctx, v, sel) {
  const { h } = ctx;
  const c = ctx.card;
  c.textContent = "";
  if (!sel) return;
  const card = v.roster[sel.kind];
  const m = sel.missiles;
  c.append(h("div", { class: "panel", id: "card" },
    h("h3", { text: `${sel.label} (${v.sides[sel.side]})` }),
    h("div", { text: `Position (${sel.pos.x.toFixed(1)}, ${sel.pos.y.toFixed(1)}), course ${hour(sel.course)}, facing ${hour(sel.facing)}, speed ${sel.speed}` }),
    h("div", { text: `Structure ${sel.structure}/${card.structure} · shields ${sel.shields}/${card.shields} · armor ${card.armor} · TC ${card.targeting} · sensors ${card.sensors} · main weapon ${card.main_weapon}` }),
    h("div", { text: `Missiles: light ${m.light}, medium ${m.medium}, heavy ${m.heavy}` }),
    h("div", { text: `Safe thrust: acc ${card.safe.accelerate}, dec ${card.safe.decelerate}, turn ${card.safe.turn}, slide ${card.safe.slide}` }),
    h("div", { text: `Features: ${(card.features || []).join(", ") || "none"}` }),
    h("div", { text: ["greyout", "blackout", "evasive", "yawed", "fire_at_will", "countermeasures"].filter((k) => sel[k]).join(", ") })));
}

// Where a hinted or lesson action is on the table (game.js rings it; docs/web.md): a
// placement's spot, an attack's target, else the unit the seat is asked about.
function marks(a, view, seat) {
  if (!a || typeof a !== "object" || !view || !view.table) return null;
  if (a.kind === "place" && typeof a.x === "number") return { at: tablePoint(view, a) };
  const target = a.target ?? (a.missile && a.missile.target);
  if (target !== undefined && target !== null) return { unit: target };
  if (a.unit !== undefined) return { unit: a.unit };
  const ask = view.batch ? view.batch.asks.find((x) => x.seat === seat && !x.answered) : null;
  return ask && ask.unit !== undefined ? { unit: ask.unit } : null;
}

export default {
  render,
  marks,
  oddsRows,
  previewBox,
  paths,
  shots,
};
