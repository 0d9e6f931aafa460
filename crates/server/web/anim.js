// Animation of a new state, for any ruleset's board. It knows no rule and no
// ruleset: it compares what the board drew before and after (docs/web.md, board
// contract) and moves, flashes and marks those drawings.
//
//   const before = capture(boardEl);       // before boardMod.render(...)
//   boardMod.render(boardEl, st, ctx);
//   const run = animate(boardEl, before, { events, view, board, seat });
//   run.skip();                            // finish at once
//   await run.done;
//
// - A drawing `[data-unit="id"]` (a <g> with no transform attribute of its own) that
//   is drawn before and after at another place glides there, along the board's
//   `paths(events, view)` (`{id: [[x, y], …]}` in the board's SVG user units) or
//   straight.
// - The board's `shots(events, view)` (`[{from, to, hit}]`) are lines growing from
//   shooter to target, a flash on a hit.
// - Its `[data-rotate="deg"]` drawing (a rotation alone in its transform attribute)
//   turns the shortest way from the old heading to the new one.
// - A drawing whose `data-state` changed gets a flash; a new one fades in.
// - The units of the latest events keep the class `recent` until the next state.
// Nothing here reveals anything: it only moves what the board drew from the view.
// The first drawing (nothing captured) is not animated: pass the events of a new
// state only, not a backlog sent on (re)connecting.
import { h, s } from "/web/ui.js";

const KEY = "orrery:anim-speed";
/** Duration factor of each speed; "off" draws the new state at once. */
const SPEEDS = { off: 0, fast: 0.45, normal: 1, slow: 2 };
const MOVE_MS = 700;
const SHOT_MS = 380;
const FLASH_MS = 450;

/** The speed chosen in this browser; without a choice "normal", or "off" when the
 * system asks for reduced motion. */
export function speed() {
  let v = null;
  try { v = localStorage.getItem(KEY); } catch (e) { /* storage may be off */ }
  if (v && v in SPEEDS) return v;
  const reduced = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  return reduced ? "off" : "normal";
}

export function setSpeed(name) {
  if (!(name in SPEEDS)) return;
  try { localStorage.setItem(KEY, name); } catch (e) { /* storage may be off */ }
  for (const sel of document.querySelectorAll("select.anim-speed")) sel.value = name;
}

/** A small control: animations off · fast · normal · slow, kept in this browser. */
export function speedControl() {
  const sel = h("select", { class: "anim-speed", id: "anim-speed", "aria-label": "Animation speed" },
    Object.keys(SPEEDS).map((k) => h("option", { value: k, text: k })));
  sel.value = speed();
  sel.addEventListener("change", () => setSpeed(sel.value));
  return h("label", { class: "anim-speed-label", title: "Animation of moves and shots" }, "Animation ", sel);
}

// The outermost <svg> an element is drawn in: positions are compared in its user
// units, which do not change with the page's zoom or scrolling.
function rootSvg(el) {
  let r = el.ownerSVGElement;
  while (r && r.ownerSVGElement) r = r.ownerSVGElement;
  return r;
}

// Element → root user units.
function toRoot(el, root) {
  const m = el.getScreenCTM(), rm = root.getScreenCTM();
  return m && rm ? rm.inverse().multiply(m) : null;
}

// A unit's place: the centre of its `[data-anchor]` drawing (the board's choice,
// e.g. a hit area round the unit's centre), else of its whole drawing (which moves
// when a label or a course line does).
function centreOf(el, root) {
  const a = el.querySelector("[data-anchor]") || el;
  let b;
  try { b = a.getBBox(); } catch (e) { return null; }
  const m = toRoot(a, root);
  if (!m || (!b.width && !b.height && !b.x && !b.y)) return null;
  const p = new DOMPoint(b.x + b.width / 2, b.y + b.height / 2).matrixTransform(m);
  return { x: p.x, y: p.y, r: Math.max(b.width, b.height) / 2 * Math.hypot(m.a, m.b) };
}

/** What the board shows now: each unit's place (root SVG user units) and state. */
export function capture(boardEl) {
  const units = new Map();
  if (!boardEl) return { units };
  for (const el of boardEl.querySelectorAll("[data-unit]")) {
    const root = rootSvg(el);
    if (!root || units.has(el.dataset.unit)) continue;
    const c = centreOf(el, root);
    const turn = el.querySelector("[data-rotate]");
    if (c) units.set(el.dataset.unit, { ...c, state: el.getAttribute("data-state"), turn: turn ? Number(turn.dataset.rotate) : null, root });
  }
  return { units };
}

let injected = false;
function injectStyle() {
  if (injected || typeof document === "undefined") return;
  injected = true;
  document.head.append(h("style", { id: "anim-style" }, `
[data-unit].recent { filter: drop-shadow(0 0 2px #fff) drop-shadow(0 0 5px #ffd54a); }
.anim-overlay { pointer-events: none; }
.anim-shot { stroke: #ffe08a; stroke-width: 3; stroke-linecap: round; fill: none; }
.anim-shot.miss { stroke: #9fb3c8; stroke-dasharray: 4 3; }
.anim-flash { fill: none; stroke: #ff5a4a; stroke-width: 3; transform-box: fill-box; transform-origin: center; }
.anim-hit { fill: #ffcf5a; transform-box: fill-box; transform-origin: center; }
.anim-speed-label { font-size: 0.85em; color: var(--dim, #9aa4b8); }
.anim-speed-label select { font-size: 1em; }
.board-mark { fill: none; stroke: #ffd54a; stroke-width: 2.5; pointer-events: none; }
.board-mark.lesson { stroke: #7bd8ff; stroke-dasharray: 5 3; }
.board-mark.lesson.many { stroke-width: 1.2; stroke-dasharray: none; opacity: 0.75; }
.board-mark-label { fill: #ffd54a; font-weight: 800; text-anchor: middle; pointer-events: none; paint-order: stroke; stroke: #000; stroke-width: 3px; }
`));
}

// A board may redraw while an animation runs (a selection, a preview arriving):
// the new drawings take over — the latest units stay marked, a glide goes on from
// where it was, the shots' overlay moves to the new SVG — until the next `animate`.
const live = new WeakMap();
function follow(boardEl, run) {
  const old = live.get(boardEl);
  if (old) old.obs.disconnect();
  const apply = () => {
    for (const el of boardEl.querySelectorAll("[data-unit]")) {
      const id = el.dataset.unit;
      el.classList.toggle("recent", run.recent.has(id));
      for (const gl of [run.glides.get(id), run.glides.get(`${id} turn`)]) {
        const target = gl && gl.part ? el.querySelector(gl.part) : el;
        if (!gl || !target || !gl.anim.effect || gl.anim.effect.target === target || gl.anim.playState !== "running") continue;
        const t = gl.anim.currentTime;
        gl.anim.cancel();
        gl.anim = target.animate(gl.frames, gl.opts);
        gl.anim.currentTime = t;
        run.running.push(gl.anim);
      }
    }
    for (const o of run.overlays) {
      if (o.isConnected) continue;
      const root = boardEl.querySelector("svg");
      if (root) root.append(o);
    }
  };
  apply();
  if (typeof MutationObserver !== "function") return;
  const obs = new MutationObserver(() => { obs.disconnect(); apply(); obs.observe(boardEl, { childList: true, subtree: true }); });
  obs.observe(boardEl, { childList: true, subtree: true });
  live.set(boardEl, { obs });
}

/** Outline on the board where each of `marks` (`[{action, kind, label}]`: the
 * hint's choices, kind "hint" and labelled 1, 2, 3; a lesson's, kind "lesson")
 * goes or acts: the board's `marks(action, view)` says where, `{at: [x, y]}` in its
 * SVG user units or `{unit: ID}` (its `[data-unit]` drawing), or null. One ring a
 * place, the first mark's; drawn over the board, never clickable. Returns how many
 * rings it drew. The board says where an action is; what to mark is the server's. */
export function drawMarks(boardEl, board, marks, view, seat) {
  const root = boardEl && boardEl.querySelector("svg");
  if (!root) return 0;
  for (const old of root.querySelectorAll(":scope > .board-marks")) old.remove();
  if (!board || typeof board.marks !== "function" || !marks.length) return 0;
  injectStyle();
  const vb = root.viewBox && root.viewBox.baseVal;
  const base = vb && vb.width ? Math.max(6, Math.min(vb.width, vb.height) / 45) : 12;
  const layer = s("g", { class: "board-marks", "pointer-events": "none" });
  const seen = new Map(); // place → its ring's label, if any
  // Many places (a lesson's spots all over the table): small thin rings, so the
  // board's own markers still read.
  const many = marks.length > 12;
  for (const m of marks) {
    let where = null;
    try { where = board.marks(m.action, view, seat); } catch (e) { console.warn("board marks:", e); }
    if (!where) continue;
    let c = null;
    if (where.at) c = { x: where.at[0], y: where.at[1], r: many && m.kind !== "hint" ? base * 0.55 : base };
    else if (where.unit !== undefined && where.unit !== null) {
      const el = boardEl.querySelector(`[data-unit="${CSS.escape(String(where.unit))}"]`);
      const u = el && rootSvg(el) === root ? centreOf(el, root) : null;
      if (u) c = { x: u.x, y: u.y, r: Math.max(base, u.r * 1.25) };
    }
    if (!c || !Number.isFinite(c.x) || !Number.isFinite(c.y)) continue;
    const key = `${Math.round(c.x)},${Math.round(c.y)}`;
    // Two hinted choices at one place share its ring: "1,2".
    const label = seen.get(key);
    if (label) { if (m.label) label.textContent += `,${m.label}`; continue; }
    if (seen.has(key)) continue;
    layer.append(s("circle", { cx: c.x, cy: c.y, r: c.r, class: `board-mark ${m.kind || ""}${many && m.kind !== "hint" ? " many" : ""}`, "data-mark": m.kind || "" }));
    const text = m.label ? s("text", { x: c.x + c.r * 0.8, y: c.y - c.r * 0.8, class: "board-mark-label", "font-size": Math.max(9, base * 1.1) }, m.label) : null;
    if (text) layer.append(text);
    seen.set(key, text);
  }
  root.append(layer);
  return seen.size;
}

function boardCall(board, name, events, view) {
  if (!board || typeof board[name] !== "function") return null;
  try { return board[name](events, view); } catch (e) { console.warn(`board ${name}:`, e); return null; }
}

/** Animate from `before` (capture()) to what the board drew now. Returns
 * `{skip(), done}`; `done` resolves when every animation has finished or skipped. */
export function animate(boardEl, before, { events = [], view = null, board = null } = {}) {
  injectStyle();
  const f = SPEEDS[speed()];
  const running = [];
  const overlays = [];
  const recent = new Set();
  const glides = new Map();
  // The first drawing (nothing captured before it) has nothing to animate: its
  // events are the log so far, not what just happened.
  const first = !before || !before.units.size;
  const evs = first ? [] : (events || []).map((e) => (e && e.event !== undefined ? e.event : e));
  const paths = boardCall(board, "paths", evs, view) || {};
  const shots = boardCall(board, "shots", evs, view) || [];
  for (const s of shots) { recent.add(String(s.from)); recent.add(String(s.to)); }
  const shotAt = new Set(shots.filter((s) => s.hit).map((s) => String(s.to)));
  const now = new Map();
  let movesEnd = 0;
  if (boardEl && before) {
    for (const el of boardEl.querySelectorAll("[data-unit]")) {
      const id = el.dataset.unit;
      if (now.has(id)) continue;
      now.set(id, el);
      const old = before.units.get(id);
      if (!old) {
        // A unit that was not drawn before (placed, launched, arrived) fades in.
        if (f && !first) running.push(el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FLASH_MS * f, fill: "backwards" }));
        if (!first) recent.add(id);
        continue;
      }
      const root = rootSvg(el);
      const c = root && centreOf(el, root);
      if (!c) continue;
      // Moved, or went somewhere and came back (its path leaves its place).
      const away = Array.isArray(paths[id]) && paths[id].some((p) => Array.isArray(p) && Math.hypot(p[0] - c.x, p[1] - c.y) > 0.5);
      const moved = Math.hypot(c.x - old.x, c.y - old.y) > 0.5 || away;
      const changed = old.state !== el.getAttribute("data-state");
      const turnEl = el.querySelector("[data-rotate]");
      const turned = turnEl && old.turn !== null && Number(turnEl.dataset.rotate) !== old.turn;
      if (moved || changed || turned) recent.add(id);
      if (!f) continue;
      let end = 0;
      if (moved) {
        const gl = glide(el, root, old, c, paths[id], f);
        glides.set(id, gl);
        running.push(gl.anim);
        end = gl.opts.duration;
        movesEnd = Math.max(movesEnd, end);
      }
      if (turned) {
        // The shortest way round, over the glide's time.
        const to = Number(turnEl.dataset.rotate);
        const from = to - ((((to - old.turn) % 360) + 540) % 360 - 180);
        const frames = [{ transform: `rotate(${from}deg)` }, { transform: `rotate(${to}deg)` }];
        const opts = { duration: end || MOVE_MS * f * 0.6, easing: "ease-in-out", fill: "backwards" };
        const tn = { frames, opts, anim: turnEl.animate(frames, opts), part: "[data-rotate]" };
        glides.set(`${id} turn`, tn);
        running.push(tn.anim);
      }
      // A target hit by a shot flashes with the shot (below).
      if (changed && !shotAt.has(id)) flashAt(root, c, f, end);
    }
  }
  // Shots after the moves, one after another.
  if (f && shots.length) {
    let t = movesEnd;
    for (const s of shots.slice(0, 12)) {
      const a = now.get(String(s.from)), b = now.get(String(s.to));
      if (!a || !b) continue;
      const root = rootSvg(a);
      if (!root || rootSvg(b) !== root) continue;
      const p = centreOf(a, root), q = centreOf(b, root);
      if (!p || !q) continue;
      shotLine(root, p, q, !!s.hit, f, t);
      t += SHOT_MS * f * 0.8;
    }
  }
  if (boardEl) follow(boardEl, { recent, glides, overlays, running });

  function flashAt(root, c, fac, delay) {
    const ring = overlay(root).appendChild(svgEl("circle", { cx: c.x, cy: c.y, r: Math.max(6, c.r), class: "anim-flash" }));
    running.push(ring.animate([{ transform: "scale(0.6)", opacity: 1 }, { transform: "scale(1.6)", opacity: 0 }],
      { duration: FLASH_MS * fac, delay, fill: "both" }));
  }
  function shotLine(root, p, q, hit, fac, delay) {
    const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
    const line = overlay(root).appendChild(svgEl("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: "anim-shot" + (hit ? "" : " miss") }));
    if (hit) line.style.strokeDasharray = `${len} ${len}`;
    running.push(line.animate(hit
      ? [{ strokeDashoffset: len, opacity: 1 }, { strokeDashoffset: 0, opacity: 1, offset: 0.45 }, { strokeDashoffset: 0, opacity: 1, offset: 0.8 }, { strokeDashoffset: 0, opacity: 0 }]
      : [{ opacity: 0 }, { opacity: 1, offset: 0.25 }, { opacity: 1, offset: 0.7 }, { opacity: 0 }],
    { duration: SHOT_MS * fac * 2, delay, fill: "both" }));
    if (hit) {
      const dot = overlay(root).appendChild(svgEl("circle", { cx: q.x, cy: q.y, r: Math.max(5, q.r * 0.8), class: "anim-hit" }));
      running.push(dot.animate([{ transform: "scale(0.2)", opacity: 0 }, { transform: "scale(1)", opacity: 0.9, offset: 0.4 }, { transform: "scale(1.5)", opacity: 0 }],
        { duration: FLASH_MS * fac, delay: delay + SHOT_MS * fac * 0.9, fill: "both" }));
      flashAt(root, q, fac, delay + SHOT_MS * fac);
    }
  }
  function overlay(root) {
    let o = root.querySelector(":scope > g.anim-overlay");
    if (!o) {
      o = svgEl("g", { class: "anim-overlay", "aria-hidden": "true" });
      root.append(o);
      overlays.push(o);
    }
    return o;
  }

  const cleanup = () => { for (const o of overlays) o.remove(); };
  // Every animation's end, including those a redraw moved to new drawings.
  const settle = async () => {
    let n = 0;
    while (n < running.length) {
      const batch = running.slice(n);
      n = running.length;
      await Promise.all(batch.map((a) => a.finished.catch(() => null)));
    }
  };
  const done = settle().then(cleanup);
  return {
    skip() { for (const a of [...running]) { try { a.finish(); } catch (e) { a.cancel(); } } cleanup(); },
    done,
    recent,
  };
}

// The element drawn at `c` starts at `old` and glides to its place, through the
// board's path points when it gave some.
function glide(el, root, old, c, path, f) {
  const m = toRoot(el, root);
  const inv = m ? m.inverse() : null;
  const local = (p) => (inv ? new DOMPoint(p.x, p.y).matrixTransform(inv) : new DOMPoint(p.x, p.y));
  const end = local(c);
  const off = (p) => { const l = local(p); return `translate(${(l.x - end.x).toFixed(2)}px, ${(l.y - end.y).toFixed(2)}px)`; };
  const frames = [{ transform: off(old) }];
  // The path's points between the two places (a path may or may not repeat the
  // start and the end).
  const pts = (Array.isArray(path) ? path : []).filter((p) => Array.isArray(p) && p.length >= 2).map(([x, y]) => ({ x, y }));
  const near = (p, q) => Math.hypot(p.x - q.x, p.y - q.y) < 0.5;
  while (pts.length && near(pts[0], old)) pts.shift();
  while (pts.length && near(pts[pts.length - 1], c)) pts.pop();
  for (const p of pts) frames.push({ transform: off(p) });
  frames.push({ transform: "translate(0px, 0px)" });
  const steps = Math.max(1, frames.length - 1);
  const opts = { duration: MOVE_MS * f * Math.min(2.5, 0.6 + 0.4 * steps), easing: "ease-in-out", fill: "backwards" };
  return { frames, opts, anim: el.animate(frames, opts) };
}

function svgEl(tag, attrs) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, typeof v === "number" ? v.toFixed(2) : v);
  return e;
}
