// Challenges with a points limit (issue 42): in the lobby, the open ones (terms
// only: a force is its owner's until the game starts), a form to post one, and the
// force picker both use. The server checks every force against the roster, the
// limit and the ruleset's own rules; the picker only adds up the roster's points.
import { h, clear, toast, nameTag } from "/web/ui.js";
import { api, rulesets, account } from "/web/api.js";
import { playerLink } from "/web/players.js";

const CLOCKS = [
  ["", "no clock"],
  ["300000", "5 minutes per decision"],
  ["86400000", "1 day per decision"],
  ["259200000", "3 days per decision"],
];

const fmt = (x) => Math.round(x).toLocaleString("en-US");

// A force picker over `roster` ([{name, points}]) within `limit` points: one row per
// unit type with − and + (finger-sized), the total against the limit. `force()`
// lists the roster names, one per unit.
function forcePicker(roster, limit, onChange) {
  const counts = new Map();
  const total = h("p", { class: "total", "aria-live": "polite" });
  const sum = () => roster.reduce((t, u) => t + (counts.get(u.name) || 0) * u.points, 0);
  const redraw = () => {
    const t = sum();
    const over = t > limit();
    total.textContent = `Force: ${fmt(t)} of ${fmt(limit())} points${over ? " — over the limit" : ""}`;
    total.className = "total" + (over ? " bad" : "");
    onChange && onChange();
  };
  const rows = roster.map((u) => {
    const n = h("span", { class: "count", text: "0" });
    const set = (v) => {
      counts.set(u.name, Math.max(0, v));
      n.textContent = String(counts.get(u.name));
      redraw();
    };
    return h("li", { "data-unit": u.name },
      h("button", { type: "button", "aria-label": `one ${u.name} less`, text: "−", onclick: () => set((counts.get(u.name) || 0) - 1) }),
      n,
      h("button", { type: "button", "aria-label": `one ${u.name} more`, text: "+", onclick: () => set((counts.get(u.name) || 0) + 1) }),
      " ", nameTag(u.name), h("span", { class: "hint", text: ` ${fmt(u.points)} pts` }));
  });
  const el = h("div", { class: "force-picker" }, h("ul", { class: "roster" }, rows), total);
  redraw();
  return {
    el,
    redraw,
    total: sum,
    force: () => roster.flatMap((u) => Array(counts.get(u.name) || 0).fill(u.name)),
  };
}

// The lobby's challenges panel: the list (refreshed with the lobby) and, logged in,
// a form to post one. `box` is the panel's body.
export async function challengesPanel(box) {
  const list = h("div", { id: "challenges" });
  const post = h("div", { id: "post-challenge" });
  box.append(h("p", { class: "hint", text: "Each player builds a force within the points from the scenario's roster; nobody sees the other's until the game starts." }), list, post);
  let me = await account().catch(() => null);
  const refresh = async () => {
    me = await account().catch(() => null);
    await drawList(list, me);
    if (!me) {
      clear(post);
      post.append(h("p", { class: "hint", text: "Log in to post or accept a challenge." }));
    } else if (!post.querySelector("form")) {
      clear(post);
      post.append(h("button", { id: "new-challenge", text: "Post a challenge…", onclick: () => postForm(post, refresh) }));
    }
  };
  await refresh();
  return refresh;
}

// A picker being opened (its roster on the way): the list is not redrawn under it.
let opening = false;

async function drawList(list, me) {
  const [{ challenges }, all] = await Promise.all([api("GET", "/api/challenges"), rulesets().catch(() => [])]);
  // A picker open in the list (or opening) is left alone while its owner builds.
  if (opening || list.querySelector(".force-picker")) return;
  clear(list);
  if (!challenges.length) return list.append(h("p", { text: "No open challenges." }));
  const name = (id) => (all.find((r) => r.id === id) || {}).name || id;
  const rows = challenges.map((c) => {
    const terms = [c.scenario, `${fmt(c.points)} points`, c.rated ? "rated" : "",
      c.rating_range ? `ratings ${c.rating_range[0]}–${c.rating_range[1]}` : "",
      c.clock_ms >= 86400000 ? `${Math.round(c.clock_ms / 86400000)} day${c.clock_ms >= 172800000 ? "s" : ""} a move` : c.clock_ms ? `${Math.round(c.clock_ms / 60000)} min a move` : ""].filter(Boolean).join(" · ");
    const actions = h("td", { class: "actions" });
    const yours = me && me.name === c.by;
    if (yours) {
      actions.append(h("span", { class: "hint", text: "yours, waiting " }),
        h("button", { "data-withdraw": c.id, text: "Withdraw", onclick: async () => {
          try { await api("DELETE", `/api/challenges/${c.id}`); } catch (e) { return toast(e.message); }
          drawList(list, me);
        } }));
    } else if (me) {
      actions.append(h("button", { "data-accept": c.id, class: "primary", text: "Accept…", onclick: () => acceptForm(row, c) }));
    }
    const row = h("tr", { "data-challenge": c.id },
      h("td", { "data-label": "Challenge" }, h("strong", { text: name(c.ruleset) }), h("br"), h("span", { class: "hint", text: terms })),
      h("td", { "data-label": "By" }, playerLink(c.by)),
      h("td", { "data-label": "Seats", text: `${c.taken} of ${c.seats}` }),
      actions);
    return row;
  });
  list.append(h("table", { class: "games" },
    h("thead", {}, h("tr", {}, ["challenge", "by", "seats", ""].map((t) => h("th", { text: t })))),
    h("tbody", {}, rows)));
}

// Under a challenge's row: the force picker over its roster, and "Accept".
async function acceptForm(row, c) {
  let roster;
  opening = true;
  try {
    ({ challenge: { roster } } = await api("GET", `/api/challenges/${c.id}`));
  } catch (e) {
    return toast(e.message);
  } finally {
    opening = false;
  }
  if (!row.isConnected) return;
  const cell = h("td", { colspan: 4 });
  const picker = forcePicker(roster, () => c.points);
  const go = h("button", { class: "primary", "data-send-force": c.id, text: "Accept with this force" });
  const said = h("p", { class: "said bad", "aria-live": "polite" });
  go.addEventListener("click", async () => {
    said.textContent = "";
    go.disabled = true;
    try {
      const r = await api("POST", `/api/challenges/${c.id}/accept`, { force: picker.force() });
      if (r.game) location.hash = `#/g/${r.game}`;
      else {
        toast(`Your force is in; the challenge waits for ${r.waiting} more.`, "info");
        row.nextSibling && row.nextSibling.remove();
      }
    } catch (e) {
      said.textContent = e.message;
    } finally {
      go.disabled = false;
    }
  });
  cell.append(picker.el, h("div", { class: "row" }, go, " ", h("button", { text: "Cancel", onclick: () => holder.remove() })), said);
  const holder = h("tr", { class: "accepting" }, cell);
  if (row.nextSibling && row.nextSibling.classList.contains("accepting")) row.nextSibling.remove();
  row.after(holder);
}

// The form to post a challenge: ruleset, scenario, points, clock, rated, a rating
// range, and the creator's force.
async function postForm(box, refresh) {
  clear(box);
  const all = await rulesets().catch((e) => { toast(e.message); return []; });
  const rs = h("select", { id: "challenge-ruleset", "aria-label": "Ruleset" }, all.map((r) => h("option", { value: r.id, text: r.name })));
  const sc = h("select", { id: "challenge-scenario", "aria-label": "Scenario" });
  const points = h("input", { id: "challenge-points", type: "number", min: 1, step: 1, value: 100, style: "width:7em", "aria-label": "Points per force" });
  const clock = h("select", { id: "challenge-clock", "aria-label": "Clock per decision" }, CLOCKS.map(([v, t]) => h("option", { value: v, text: t })));
  const rated = h("input", { type: "checkbox", id: "challenge-rated" });
  const lowest = h("input", { id: "challenge-min", type: "number", min: 0, max: 4000, step: 50, placeholder: "any", style: "width:6em", "aria-label": "Lowest rating" });
  const highest = h("input", { id: "challenge-max", type: "number", min: 0, max: 4000, step: 50, placeholder: "any", style: "width:6em", "aria-label": "Highest rating" });
  const pickerBox = h("div");
  const said = h("p", { class: "said bad", "aria-live": "polite" });
  let picker = null;
  const limit = () => Number(points.value) || 0;
  const drawPicker = async () => {
    clear(pickerBox);
    picker = null;
    try {
      const { roster } = await api("GET", `/api/rulesets/${encodeURIComponent(rs.value)}/roster?scenario=${encodeURIComponent(sc.value)}`);
      if (!roster.length) return pickerBox.append(h("p", { class: "hint", text: "This scenario has no roster to build forces from." }));
      picker = forcePicker(roster, limit);
      pickerBox.append(h("p", { text: "Your force:" }), picker.el);
    } catch (e) {
      pickerBox.append(h("p", { class: "hint", text: e.message }));
    }
  };
  const drawScenarios = () => {
    clear(sc);
    const r = all.find((x) => x.id === rs.value);
    for (const s of r.scenarios) sc.append(h("option", { value: s.name, text: `${s.name} (${s.seats} players)` }));
    drawPicker();
  };
  rs.addEventListener("change", drawScenarios);
  sc.addEventListener("change", drawPicker);
  points.addEventListener("input", () => picker && picker.redraw());
  const send = h("button", { id: "post-challenge-send", class: "primary", type: "submit", text: "Post challenge" });
  const form = h("form", { class: "challenge-form" },
    h("div", { class: "row" }, h("label", {}, "Ruleset ", rs), " ", h("label", {}, "Scenario ", sc)),
    h("div", { class: "row" }, h("label", {}, "Points per force ", points), " ", h("label", {}, "Clock ", clock)),
    h("div", { class: "row" }, h("label", {}, rated, " Rated"), " ", h("label", {}, "Open to ratings ", lowest), h("label", {}, " to ", highest)),
    pickerBox,
    h("div", { class: "row" }, send, " ", h("button", { type: "button", text: "Cancel", onclick: () => { clear(box); refresh(); } })),
    said);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    said.textContent = "";
    if (!picker) return;
    const body = { ruleset: rs.value, scenario: sc.value, points: limit(), force: picker.force(), rated: rated.checked };
    if (clock.value) body.clock_ms = Number(clock.value);
    if (lowest.value || highest.value) body.rating_range = [Number(lowest.value || 0), Number(highest.value || 4000)];
    send.disabled = true;
    try {
      await api("POST", "/api/challenges", body);
      clear(box);
      await refresh();
    } catch (err) {
      said.textContent = err.message;
    } finally {
      send.disabled = false;
    }
  });
  box.append(h("h3", { text: "Post a challenge" }), form);
  drawScenarios();
  if (!(await account().catch(() => null))) said.textContent = "Log in to post a challenge.";
}
