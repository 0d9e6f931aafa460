// Players (issue 42): a player's page (ratings per ruleset, the rating over their
// rated games as a graph, their latest games) and a leaderboard per ruleset. Every
// number is the server's; this page only draws.
import { h, s, clear, toast, nameTag } from "/web/ui.js";
import { api, rulesets } from "/web/api.js";
import { ago } from "/web/lobby.js";

// A rating as lichess writes it: "1623", or "1500?" while provisional.
export const ratingText = (r) => `${r.rating}${r.provisional ? "?" : ""}`;

const playerLink = (name) => h("a", { href: `#/player/${encodeURIComponent(name)}`, class: "player-link" }, nameTag(name));

export async function showPlayer(app, name) {
  const box = h("section", { class: "panel player", id: "player" }, "Loading…");
  app.append(h("div", { class: "players" }, box));
  await drawPlayer(box, name, 0);
  return null;
}

// A rated game that has just ended is rated a moment later (by the server, once):
// until it is, the page says so and looks again (at most 20 times, 1.5 s apart).
async function drawPlayer(box, name, tries) {
  let p;
  try {
    p = await api("GET", `/api/players/${encodeURIComponent(name)}`);
  } catch (e) {
    clear(box).append(h("p", { class: "bad", text: e.message }));
    return null;
  }
  const all = await rulesets().catch(() => []);
  const rulesetName = (category) => {
    const [id, n] = category.split("/");
    const r = all.find((x) => x.id === id);
    return (r ? r.name : id) + (n ? ` (${n.replace("p", "")} players)` : "");
  };
  clear(box).append(
    h("h2", {}, nameTag(p.name)),
    h("p", { class: "hint", text: `Playing since ${p.created.slice(0, 10)}.` }));
  if (p.ratings.length) {
    box.append(h("table", { class: "games ratings", id: "ratings" },
      h("thead", {}, h("tr", {}, ["ruleset", "rating", "games", "won", "drawn", "lost", ""].map((t) => h("th", { text: t })))),
      h("tbody", {}, p.ratings.map((r) => h("tr", { "data-category": r.category },
        h("td", { "data-label": "Ruleset", text: rulesetName(r.category) }),
        h("td", { "data-label": "Rating", title: `deviation ±${r.rd}`, text: ratingText(r) }),
        h("td", { "data-label": "Games", text: String(r.games) }),
        h("td", { "data-label": "Won", text: String(r.wins) }),
        h("td", { "data-label": "Drawn", text: String(r.draws) }),
        h("td", { "data-label": "Lost", text: String(r.losses) }),
        h("td", { class: "actions" }, h("a", { href: `#/ratings/${r.category.split("/")[0]}${r.category.includes("/") ? "/" + r.category.split("/")[1].replace("p", "") : ""}`, text: "Leaderboard" })))))));
    for (const r of p.ratings) {
      const points = p.history.filter((c) => c.category === r.category);
      if (points.length) box.append(h("h3", { text: `${rulesetName(r.category)}: rating by rated game` }), graph(points));
    }
  } else {
    box.append(h("p", { text: "No rated games yet." }));
  }
  if (p.games.length) {
    box.append(h("h3", { text: "Latest games" }), h("ul", { class: "account-games", id: "player-games" }, p.games.map((g) =>
      h("li", {}, h("a", { href: g.status === "over" ? `#/replay/${g.id}` : `#/watch/${g.id}`, text: `${rulesetName(g.ruleset)} · ${g.scenario}` }),
        h("span", { class: "hint", text: ` ${g.rated ? "rated, " : ""}${g.status === "over" ? "over" : "playing"}, ${ago(g.created)}` })))));
  }
  const pending = p.games.some((g) => g.rated && g.status === "over" && !p.history.some((c) => c.game === g.id));
  if (pending && tries < 20) {
    box.append(h("p", { class: "hint", id: "rating-pending", text: "A rated game has just ended: its ratings follow in a moment." }));
    setTimeout(() => { if (box.isConnected) drawPlayer(box, name, tries + 1); }, 1500);
  }
}

// The rating after each rated game, as a line: the first point is the rating
// before the first game.
function graph(points) {
  const values = [points[0].before, ...points.map((c) => c.rating)];
  const lo = Math.min(...values) - 20, hi = Math.max(...values) + 20;
  const W = 600, H = 160, pad = 34;
  const x = (i) => pad + (i * (W - pad - 8)) / Math.max(1, values.length - 1);
  const y = (v) => 8 + ((hi - v) * (H - 28)) / (hi - lo);
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  return s("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-graph", role: "img", "aria-label": `rating from ${values[0]} to ${values[values.length - 1]} over ${points.length} games` },
    s("text", { x: 2, y: y(hi - 20) + 4, class: "axis", text: String(Math.round(hi - 20)) }),
    s("text", { x: 2, y: y(lo + 20) + 4, class: "axis", text: String(Math.round(lo + 20)) }),
    s("polyline", { points: line, class: "rating-line" }),
    ...values.map((v, i) => s("circle", { cx: x(i), cy: y(v), r: 3, class: "rating-dot" }, s("title", { text: i ? `${points[i - 1].score === 1 ? "won" : points[i - 1].score === 0 ? "lost" : "drew"}: ${v}` : `start: ${v}` }))));
}

export async function showLeaderboard(app, ruleset, players) {
  const box = h("section", { class: "panel", id: "leaderboard" }, "Loading…");
  app.append(h("div", { class: "players" }, box));
  const all = await rulesets().catch(() => []);
  const pick = h("select", { id: "board-ruleset", "aria-label": "Ruleset" }, all.map((r) => h("option", { value: r.id, text: r.name })));
  const id = ruleset || (all[0] && all[0].id);
  pick.value = id;
  pick.addEventListener("change", () => { location.hash = `#/ratings/${pick.value}`; });
  const n = Number(players) || 2;
  let b;
  try {
    b = await api("GET", `/api/ratings/${encodeURIComponent(id)}?players=${n}`);
  } catch (e) {
    toast(e.message);
    return null;
  }
  const r = all.find((x) => x.id === id);
  const counts = r ? [...new Set(r.scenarios.map((x) => x.seats))].sort() : [2];
  clear(box).append(
    h("h2", { text: "Leaderboard" }),
    h("div", { class: "row" }, h("label", {}, "Ruleset ", pick), " ",
      counts.length > 1 ? counts.map((c) => h("a", { href: `#/ratings/${id}/${c}`, class: c === n ? "current" : "", text: `${c} players` })).flatMap((a, i) => (i ? [" · ", a] : [a])) : ""),
    b.players.length
      ? h("table", { class: "games", id: "board" },
        h("thead", {}, h("tr", {}, ["#", "player", "rating", "games"].map((t) => h("th", { text: t })))),
        h("tbody", {}, b.players.map((p, i) => h("tr", {},
          h("td", { "data-label": "#", text: String(i + 1) }),
          h("td", { "data-label": "Player" }, playerLink(p.name)),
          h("td", { "data-label": "Rating", title: `deviation ±${p.rd}`, text: ratingText(p) }),
          h("td", { "data-label": "Games", text: String(p.games) })))))
      : h("p", { text: "No rated games of this kind yet." }),
    h("p", { class: "hint", text: "Glicko-2 ratings from rated games between accounts. A rating with ? is provisional (too few games to be sure)." }));
  return null;
}

export { playerLink };
