// The end of a game: who won, in the ruleset's words (`ending`, from
// `Game::ending`), each side's result, score and losses, and what to do next
// (rematch, a new game, the replay). Nothing here decides anything: the words and
// numbers are the server's, only rounded for reading.
import { h, clear, toast, num, playerName, nameTag, SEAT_COLOURS } from "/web/ui.js";
import { api, keepToken, keepCreator } from "/web/api.js";

/** The game's result as the server words it (`ending`, in every finished state and
 * replay position); built from the outcome only for an older server. */
export function endingOf(st) {
  if (st.ending) return st.ending;
  const o = st.outcome || {};
  const n = (o.scores || []).length || (st.players || []).length;
  const winners = o.winners || [];
  const all = winners.length === n && n > 0;
  const names = winners.map((w) => playerName(st.players, w));
  const headline = all ? "Draw" : names.length ? `${names.join(" and ")} win${names.length === 1 ? "s" : ""}` : "No winner";
  const sides = [];
  for (let i = 0; i < n; i++) {
    sides.push({
      seat: i,
      name: playerName(st.players, i),
      result: all ? "drew" : winners.includes(i) ? "won" : "lost",
      score: o.scores && o.scores[i] !== undefined ? num(o.scores[i]) : "",
      losses: [],
    });
  }
  return { headline, reason: o.reason || "", sides };
}

/** One line for the game's head ("Draw on the mission: …"). */
export function outcomeLine(st) {
  const e = endingOf(st);
  if (st.ending) return `Game over. ${e.headline}`;
  const reason = e.reason || (st.outcome || {}).reason || "";
  return `Game over. ${e.headline}.${reason && !e.headline.includes(reason) ? " " + capital(reason) + "." : ""}`.replace(/\.\./g, ".");
}

function capital(t) {
  return t ? t[0].toUpperCase() + t.slice(1) : t;
}

/** The end-of-game screen over the board: `onClose` hides it (the board stays
 * readable behind it). */
export function endingScreen(st, { id, rulesetName, me, onClose }) {
  const e = endingOf(st);
  const mine = e.sides.find((x) => x.seat === me);
  const title = mine ? (mine.result === "won" ? "You won" : mine.result === "lost" ? "You lost" : mine.result === "drew" ? "A draw" : mine.result === "resigned" ? "You resigned" : capital(mine.result)) : "Game over";
  // The side's name in the game, and the player's when one was given (each cut
  // with an ellipsis past its room).
  const who = (x) => {
    const p = (st.players || [])[x.seat] || {};
    const player = p.name || (p.type === "agent" ? `AI (${p.agent})` : "");
    return player && player !== x.name ? [nameTag(x.name), " — ", nameTag(player)] : [nameTag(x.name)];
  };
  const rows = e.sides.map((x) => h("tr", { "data-seat": x.seat, class: x.result === "won" ? "won" : "" },
    h("td", {}, h("span", { class: "dot", style: `background:${SEAT_COLOURS[x.seat] || "#888"}` }), " ", who(x), x.seat === me ? " (you)" : ""),
    h("td", { "data-label": "result", text: capital(x.result) }),
    h("td", { "data-label": "score", text: x.score }),
    h("td", { "data-label": "losses", text: (x.losses || []).join("; ") || "none" })));
  const box = h("div", { class: "ending", id: "ending", role: "dialog", "aria-modal": "false", "aria-labelledby": "ending-title" },
    h("h2", { id: "ending-title", text: title }),
    h("p", { class: "ending-headline", id: "ending-headline", text: e.headline }),
    e.reason && !e.headline.includes(e.reason) ? h("p", { class: "hint", text: capital(e.reason) }) : null,
    h("table", { class: "ending-sides" },
      h("thead", {}, h("tr", {}, ["side", "result", "score", "losses"].map((t) => h("th", { text: t })))),
      h("tbody", {}, rows)),
    (e.notes || []).map((n) => h("p", { class: "hint", text: n })),
    h("div", { class: "row ending-buttons" },
      me !== null && me !== undefined ? h("button", { id: "rematch", class: "primary", onclick: () => rematch(id, st, me), text: "Rematch" }) : null,
      h("a", { class: "button", id: "new-game", href: "#/", text: "New game" }),
      h("a", { class: "button", id: "ending-replay", href: `#/replay/${id}`, text: "Replay" }),
      h("button", { id: "ending-close", onclick: onClose, text: "Look at the board" })));
  box.dataset.ruleset = rulesetName || "";
  return box;
}

/** The same game again: the same ruleset, scenario and seats (agents the same,
 * players the same names), a new seed; this browser keeps the seats it held. */
async function rematch(id, st, me) {
  try {
    const { record } = await api("GET", `/api/games/${id}/record`);
    const seats = (st.players || []).map((p) => {
      if (p.type === "agent") return { type: "agent", agent: p.agent };
      if (p.type === "open") return { type: "open" };
      return p.name ? { type: "human", name: p.name } : { type: "human" };
    });
    const body = { ruleset: record.ruleset, scenario: record.scenario, seats };
    const r = await api("POST", "/api/games", body);
    const here = [me];
    for (const s of r.seats) if (here.includes(s.seat)) keepToken(r.id, s.token, s.seat);
    keepCreator(r.id, r.creator);
    const others = r.seats.filter((s) => !here.includes(s.seat));
    if (others.length) {
      toast(`Rematch set up. Send the other players their links from the new game's page (${others.length} seat${others.length > 1 ? "s" : ""}).`, "info");
      sessionStorage.setItem("orrery:links:" + r.id, JSON.stringify(others));
    }
    location.hash = `#/g/${r.id}`;
  } catch (e) {
    toast(e.message);
  }
}

/** Shown once per page: the links of seats a rematch handed to nobody yet. */
export function pendingLinks(id) {
  const raw = sessionStorage.getItem("orrery:links:" + id);
  if (!raw) return null;
  const seats = JSON.parse(raw);
  return h("div", { class: "panel", id: "rematch-links" }, h("strong", { text: "Links for the other players:" }),
    seats.map((s) => h("p", { class: "link" }, `Seat ${s.seat}: `,
      h("input", { readonly: true, value: `${location.origin}/#/join/${id}/${s.token}`, onfocus: (e) => e.target.select() }))),
    h("button", { onclick: (e) => { sessionStorage.removeItem("orrery:links:" + id); e.target.parentElement.remove(); }, text: "Done" }));
}

export function clearEnding(el) {
  clear(el);
}
