// The lobby: games open and running, and a form to set one up.
import { h, clear, toast } from "/web/ui.js";
import { api, rulesets, tokenFor, keepToken } from "/web/api.js";

const LEVELS = [
  ["easy", "AI: easy (quick)"],
  ["normal", "AI: normal"],
  ["hard", "AI: hard (strong, slower)"],
];

export function seatLink(id, token) {
  return `${location.origin}/#/join/${id}/${token}`;
}

export async function showLobby(app) {
  const list = h("div", { id: "games" }, "Loading games…");
  const form = h("div", { id: "new-game" });
  app.append(
    h("div", { class: "lobby" },
      h("section", { class: "panel" }, h("h2", { text: "New game" }), form),
      h("section", { class: "panel" }, h("h2", { text: "Games" }), list)),
  );
  let all;
  try {
    all = await rulesets();
  } catch (e) {
    toast(e.message);
    return null;
  }
  newGameForm(form, all);
  const refresh = () => loadGames(list).catch((e) => toast(e.message));
  await refresh();
  const timer = setInterval(refresh, 5000);
  return () => clearInterval(timer);
}

// The form; `preset` = {ruleset, scenario (object), name} from the fleet builder.
export function newGameForm(form, all, preset) {
  clear(form);
  const rs = h("select", { id: "ruleset", "aria-label": "Ruleset" },
    all.map((r) => h("option", { value: r.id, text: r.name })));
  const sc = h("select", { id: "scenario", "aria-label": "Scenario" });
  const desc = h("p", { class: "hint", id: "scenario-description" });
  const seed = h("input", { id: "seed", type: "text", inputmode: "numeric", placeholder: "random", size: 12, "aria-label": "Seed" });
  const seats = h("div", { id: "seats", class: "seats" });
  const clock = h("select", { id: "clock", "aria-label": "Clock per decision" },
    h("option", { value: "", text: "no clock" }),
    h("option", { value: "60000", text: "1 minute per decision" }),
    h("option", { value: "300000", text: "5 minutes per decision" }),
    h("option", { value: "86400000", text: "1 day per decision" }));
  const out = h("div", { id: "created" });
  const seatCount = () => {
    if (preset) return preset.seats;
    const r = all.find((x) => x.id === rs.value);
    const s = r.scenarios.find((x) => x.name === sc.value);
    return s ? s.seats : r.players[0];
  };
  const drawSeats = () => {
    clear(seats);
    const n = seatCount();
    for (let i = 0; i < n; i++) {
      const sel = h("select", { "data-seat": i, "aria-label": `Seat ${i}` },
        h("option", { value: "human", text: i === 0 ? "Human (you)" : "Human (a friend, by link)" }),
        i === 0 ? null : h("option", { value: "open", text: "Open seat (anyone in the lobby may take it)" }),
        LEVELS.map(([v, t]) => h("option", { value: v, text: t })));
      if (i > 0) sel.value = "normal";
      seats.append(h("label", { class: "seat" }, `Seat ${i} `, sel));
    }
  };
  const drawScenarios = () => {
    clear(sc);
    const r = all.find((x) => x.id === rs.value);
    for (const s of r.scenarios) sc.append(h("option", { value: s.name, text: `${s.name} (${s.seats} players)` }));
    describe();
    drawSeats();
  };
  const describe = () => {
    const r = all.find((x) => x.id === rs.value);
    const s = r.scenarios.find((x) => x.name === sc.value);
    desc.textContent = preset ? "" : s ? s.description : "";
  };
  rs.addEventListener("change", drawScenarios);
  sc.addEventListener("change", () => { describe(); drawSeats(); });
  if (preset) {
    rs.value = preset.ruleset;
    rs.disabled = true;
  }
  drawScenarios();
  if (preset) {
    clear(sc);
    sc.append(h("option", { value: "", text: preset.name }));
    sc.disabled = true;
    drawSeats();
  }
  const create = h("button", { id: "create", class: "primary", text: "Create game" });
  create.addEventListener("click", async () => {
    const body = { ruleset: rs.value, seats: [] };
    body.scenario = preset ? preset.scenario : sc.value;
    const seedText = seed.value.trim();
    if (seedText && !/^\d{1,20}$/.test(seedText)) return toast("The seed is a whole number (or empty for a random one).");
    if (clock.value) body.clock_ms = Number(clock.value);
    for (const sel of seats.querySelectorAll("select")) {
      const v = sel.value;
      body.seats.push(v === "human" || v === "open" ? { type: v } : { type: "agent", agent: v });
    }
    create.disabled = true;
    try {
      // A seed is a u64: sent as a string of digits, never through a JS number.
      if (seedText) body.seed = seedText;
      const r = await api("POST", "/api/games", body);
      showCreated(out, r);
    } catch (e) {
      toast(e.message);
    } finally {
      create.disabled = false;
    }
  });
  form.append(
    h("div", { class: "row" }, h("label", {}, "Ruleset ", rs)),
    h("div", { class: "row" }, h("label", {}, "Scenario ", sc), desc),
    h("div", { class: "row" }, h("label", {}, "Seed ", seed), " ", h("label", {}, "Clock ", clock)),
    seats,
    h("div", { class: "row" }, create),
    out,
  );
}

function showCreated(out, r) {
  clear(out);
  const [mine, ...others] = r.seats;
  if (mine) keepToken(r.id, mine.token);
  out.append(h("p", {}, "Game ", h("code", { text: r.id }), " is set up."));
  if (mine) out.append(h("p", {}, h("a", { class: "button primary", id: "play-link", href: `#/g/${r.id}`, text: `Play seat ${mine.seat}` })));
  for (const s of others) {
    const link = seatLink(r.id, s.token);
    out.append(h("p", { class: "link" }, `Link for seat ${s.seat} (send it to your friend; it is their seat): `,
      h("input", { readonly: true, value: link, size: 60, "data-seat-link": s.seat, onfocus: (e) => e.target.select() })));
  }
  out.append(h("p", { class: "link" }, "Spectators: ",
    h("input", { readonly: true, value: `${location.origin}/#/watch/${r.id}`, size: 60, onfocus: (e) => e.target.select() })));
}

// Take an open seat with a token made here, so a join whose answer was lost can be
// sent again and still get the seat.
async function join(id, seat) {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const token = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  for (let attempt = 0; ; attempt++) {
    try {
      const r = await api("POST", `/api/games/${id}/join`, { seat, token });
      keepToken(id, r.token);
      location.hash = `#/g/${id}`;
      return;
    } catch (e) {
      if (e.code !== "offline" || attempt >= 2) return toast(e.message);
    }
  }
}

async function loadGames(list) {
  const { games } = await api("GET", "/api/games?limit=50");
  clear(list);
  if (!games.length) return list.append(h("p", { text: "No games yet. Set one up." }));
  const rows = games.map((g) => {
    const mine = tokenFor(g.id);
    const open = g.seats.filter((s) => s.type === "open" && !s.taken).length;
    const seats = g.seats.map((s) => (s.type === "agent" ? `AI ${s.agent}` : s.taken ? "human" : s.type === "open" ? "open to all" : "waiting for a friend")).join(" · ");
    const actions = [];
    if (!mine && g.status === "playing") {
      for (const s of g.seats.filter((x) => x.type === "open" && !x.taken)) {
        actions.push(h("button", { "data-join": `${g.id}/${s.seat}`, onclick: () => join(g.id, s.seat), text: `Join seat ${s.seat}` }));
      }
    }
    if (mine && g.status === "playing") actions.push(h("a", { href: `#/g/${g.id}`, text: "Resume" }));
    if (g.status === "playing") actions.push(h("a", { href: `#/watch/${g.id}`, text: "Watch" }));
    if (g.status === "over") actions.push(h("a", { href: `#/replay/${g.id}`, text: "Replay" }));
    return h("tr", { "data-game": g.id },
      h("td", {}, h("code", { text: g.id })),
      h("td", { text: g.ruleset }),
      h("td", { text: g.scenario }),
      h("td", { text: seats }),
      h("td", { text: g.status === "over" ? "over" : open ? `playing, ${open} open seat${open > 1 ? "s" : ""}` : "playing" }),
      h("td", { class: "actions" }, actions));
  });
  list.append(h("table", { class: "games" },
    h("thead", {}, h("tr", {}, ["game", "ruleset", "scenario", "seats", "status", ""].map((t) => h("th", { text: t })))),
    h("tbody", {}, rows)));
}
