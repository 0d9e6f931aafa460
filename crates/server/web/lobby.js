// The lobby: games open and running, and a form to set one up.
import { h, clear, toast, nameTag, playerName } from "/web/ui.js";
import { api, rulesets, tokenFor, keepToken, keepCreator, seatsHeld, myGames, endGame, account, logIn, logOut, startLessons } from "/web/api.js";
import { playerLink } from "/web/players.js";
import { challengesPanel } from "/web/challenges.js";

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
  const you = h("div", { id: "account" });
  const challenges = h("div");
  const learn = h("div", { id: "learn", class: "learn-list" });
  app.append(
    h("div", { class: "lobby" },
      h("section", { class: "panel account-panel" }, you),
      h("section", { class: "panel learn-panel" }, h("h2", { text: "Learn to play" }),
        h("p", { class: "hint", text: "A guided first battle against the easy AI: one idea at a time, each with its rule, then a real game." }), learn),
      h("section", { class: "panel" }, h("h2", { text: "New game" }), form),
      h("section", { class: "panel" }, h("h2", { text: "Games" }), list),
      h("section", { class: "panel challenges" }, h("h2", { text: "Challenges with a points limit" }), challenges)),
  );
  let challengesShown = null;
  const games = () => Promise.all([
    loadGames(list).catch((e) => toast(e.message)),
    challengesShown && challengesShown().catch((e) => toast(e.message)),
  ]);
  accountPanel(you, games);
  challengesShown = await challengesPanel(challenges).catch((e) => { toast(e.message); return null; });
  let all;
  try {
    all = await rulesets();
  } catch (e) {
    toast(e.message);
    return null;
  }
  newGameForm(form, all);
  learnButtons(learn, all);
  // Logged in, the account box (your turn, the tab's title) is read again too; a
  // guest's login form is left alone while they type.
  const refresh = async () => {
    if (you.querySelector("#log-out")) await accountPanel(you, games).catch(() => {});
    await games();
  };
  await refresh();
  const timer = setInterval(refresh, 5000);
  return () => clearInterval(timer);
}

// "Learn to play": a button per ruleset with a guided first battle (issue 41). The
// server sets the battle up; this browser keeps the learner's seat and opens it.
function learnButtons(box, all) {
  clear(box);
  for (const r of all.filter((x) => x.lessons)) {
    const b = h("button", { class: "learn", "data-learn": r.id, title: r.lessons, text: r.name });
    b.addEventListener("click", async () => {
      b.disabled = true;
      try {
        await startLessons(r.id);
      } catch (e) {
        toast(e.message);
      } finally {
        b.disabled = false;
      }
    });
    box.append(b);
  }
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
    h("option", { value: "86400000", text: "1 day per decision" }),
    h("option", { value: "259200000", text: "3 days per decision" }));
  const out = h("div", { id: "created" });
  // Rated (issue 42): between accounts; shown once the server says who is logged in.
  const rated = h("input", { type: "checkbox", id: "rated" });
  const help = h("input", { type: "checkbox", id: "help" });
  const helpRow = h("div", { class: "row" },
    h("label", { title: "The AI's hints and each player's chance to win: always there against the AI; between people only if you allow them here, and every player sees it before taking a seat" },
      help, " Allow hints and the win-chance bar between people"));
  const lowest = h("input", { id: "rating-min", type: "number", min: 0, max: 4000, step: 50, placeholder: "any", style: "width:6em", "aria-label": "Lowest rating" });
  const highest = h("input", { id: "rating-max", type: "number", min: 0, max: 4000, step: 50, placeholder: "any", style: "width:6em", "aria-label": "Highest rating" });
  const ratedRow = h("div", { class: "row", hidden: true },
    h("label", {}, rated, " Rated (the other seats open to logged-in players in the lobby)"), h("br"),
    h("label", {}, "Open to ratings ", lowest), h("label", {}, " to ", highest));
  let accountName = null;
  const showRated = (me) => {
    ratedRow.hidden = !me;
    const was = accountName;
    accountName = me ? me.name : null;
    if (was !== accountName) drawSeats();
  };
  account().then(showRated).catch(() => {});
  const onAccount = (e) => {
    if (!form.isConnected) return window.removeEventListener("orrery:account", onAccount);
    showRated(e.detail);
  };
  window.addEventListener("orrery:account", onAccount);
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
      const sel = h("select", { "data-seat": i, "aria-label": `Seat ${i + 1}` },
        h("option", { value: "human", text: i === 0 ? "Human (you)" : "Human (a friend, by link)" }),
        i === 0 ? null : h("option", { value: "here", text: "Human (on this computer: hot seat)" }),
        i === 0 ? null : h("option", { value: "open", text: "Open seat (anyone in the lobby may take it)" }),
        LEVELS.map(([v, t]) => h("option", { value: v, text: t })));
      if (i > 0) sel.value = "normal";
      // Logged in, your seat shows your account's name (the server says so too).
      const name = i === 0 && accountName
        ? h("input", { type: "text", "data-seat-name": i, size: 10, value: accountName, disabled: true, title: "your account's name", "aria-label": "Your name (your account's)" })
        : h("input", { type: "text", "data-seat-name": i, maxlength: 32, size: 10, placeholder: i === 0 ? localStorage.getItem("orrery:name") || "your name" : "name", "aria-label": `Seat ${i + 1}'s player name` });
      const showName = () => { name.hidden = !["human", "here"].includes(sel.value); };
      sel.addEventListener("change", showName);
      showName();
      seats.append(h("div", { class: "seat" }, h("label", {}, `Seat ${i + 1} `, sel), " ", name));
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
    const here = [];
    for (const sel of seats.querySelectorAll("select")) {
      const v = sel.value;
      const i = Number(sel.dataset.seat);
      const typed = seats.querySelector(`[data-seat-name="${i}"]`).value.trim();
      const name = typed || (i === 0 ? localStorage.getItem("orrery:name") || "" : "");
      if (v === "human" || v === "here") {
        body.seats.push(name ? { type: "human", name } : { type: "human" });
        if (v === "here" || i === 0) here.push(i);
      } else if (v === "open") body.seats.push({ type: "open" });
      else body.seats.push({ type: "agent", agent: v });
    }
    const mine = seats.querySelector('[data-seat-name="0"]').value.trim();
    if (mine && !accountName) localStorage.setItem("orrery:name", mine);
    create.disabled = true;
    try {
      // Logged in: the seats played here are the account's, on every device.
      if (await account().catch(() => null)) for (const i of here) body.seats[i].mine = true;
      // Rated: the creator's seat and open seats for other accounts.
      if (help.checked && !(rated.checked && !ratedRow.hidden)) body.help = true;
      if (rated.checked && !ratedRow.hidden) {
        body.rated = true;
        body.seats = body.seats.map((x, i) => (i === here[0] ? { type: "human", mine: true } : x.type === "human" ? { type: "open" } : x));
      }
      // A rating range: who may take the open seats (a challenge in the lobby).
      if (!ratedRow.hidden && (lowest.value || highest.value)) body.rating_range = [Number(lowest.value || 0), Number(highest.value || 4000)];
      // A seed is a u64: sent as a string of digits, never through a JS number.
      if (seedText) body.seed = seedText;
      const r = await api("POST", "/api/games", body);
      showCreated(out, r, here);
    } catch (e) {
      // A quota: the server's reason, and the games this browser set up or plays,
      // each of which it can end.
      if (e.code === "quota") await yourGames(out, e.message);
      else toast(e.message);
    } finally {
      create.disabled = false;
    }
  });
  form.append(
    h("div", { class: "row" }, h("label", {}, "Ruleset ", rs)),
    h("div", { class: "row" }, h("label", {}, "Scenario ", sc), desc),
    h("div", { class: "row" }, h("label", {}, "Seed ", seed), " ", h("label", {}, "Clock ", clock)),
    seats,
    helpRow,
    ratedRow,
    h("div", { class: "row" }, create),
    out,
  );
}

// `here`: the seats played in this browser (the first human seat, and hot seats).
export function showCreated(out, r, here = [0]) {
  clear(out);
  const mine = r.seats.filter((s) => here.includes(s.seat));
  const others = r.seats.filter((s) => !here.includes(s.seat));
  for (const s of mine) keepToken(r.id, s.token, s.seat);
  keepCreator(r.id, r.creator);
  out.append(h("p", {}, "Game ", h("code", { text: r.id }), " is set up."));
  if (mine.length) out.append(h("p", {}, h("a", { class: "button primary", id: "play-link", href: `#/g/${r.id}`, text: mine.length > 1 ? "Play (hot seat)" : "Play" })));
  for (const s of others) {
    const link = seatLink(r.id, s.token);
    out.append(h("p", { class: "link" }, `Link for seat ${s.seat + 1} (send it to your friend; it is their seat): `,
      h("input", { readonly: true, value: link, size: 60, "data-seat-link": s.seat, onfocus: (e) => e.target.select() })));
  }
  out.append(h("p", { class: "link" }, "Spectators: ",
    h("input", { readonly: true, value: `${location.origin}/#/watch/${r.id}`, size: 60, onfocus: (e) => e.target.select() })));
}

// A quota refused a new game (`why`, the server's words): the unfinished games this
// browser set up or holds a seat of, each with a button that ends it.
export async function yourGames(out, why) {
  clear(out);
  const box = h("div", { class: "panel", id: "your-games", "aria-live": "polite" },
    h("p", { class: "bad", text: why }),
    // The hourly quota counts games set up, not games in play: ending one gives
    // nothing back (the server's message says when to try again).
    h("p", { text: /games_per_hour/.test(why) ? "Your games in play (set up or played in this browser); ending one does not give this hour's quota back:"
      : "Your games in play (set up or played in this browser): end one to make room." }));
  out.append(box);
  const all = await rulesets().catch(() => []);
  const ids = new Set(myGames());
  // The lobby's list (newest first): a game a quota counts was set up lately.
  const { games } = await api("GET", "/api/games?limit=500").catch(() => ({ games: [] }));
  const rows = [];
  for (const g of games.filter((x) => ids.has(x.id) && x.status === "playing")) {
    const id = g.id;
    const name = (all.find((x) => x.id === g.ruleset) || {}).name || g.ruleset;
    const players = g.seats.map((p, i) => nameTag(playerName(g.seats, i)));
    const end = h("button", { class: "danger", "data-end": id, text: "End it" });
    end.addEventListener("click", async () => {
      if (!confirm("End this game? It is resigned for you (or, for a game of agents, for its first seat).")) return;
      end.disabled = true;
      try {
        await endGame(id);
        end.replaceWith(h("span", { class: "hint", text: "ended" }));
      } catch (e) {
        end.disabled = false;
        toast(e.message);
      }
    });
    rows.push(h("tr", { "data-game": id },
      h("td", {}, h("strong", { text: name }), " ", h("span", { class: "hint", text: g.scenario })),
      h("td", { class: "lobby-seats" }, players.flatMap((p, i) => (i ? [" · ", p] : [p]))),
      h("td", { class: "actions" }, h("a", { href: `#/g/${id}`, text: "Open" }), " ", end)));
  }
  box.append(rows.length ? h("table", { class: "games" }, h("tbody", {}, rows))
    : h("p", { class: "hint", text: "This browser holds no game in play: the quota counts games set up from this address elsewhere." }));
}

// Take an open seat with a token made here, so a join whose answer was lost can be
// sent again and still get the seat.
async function join(id, seat) {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const token = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  for (let attempt = 0; ; attempt++) {
    try {
      const name = (localStorage.getItem("orrery:name") || "").trim();
      const r = await api("POST", `/api/games/${id}/join`, name ? { seat, token, name } : { seat, token });
      keepToken(id, r.token, r.seat);
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
  const all = await rulesets().catch(() => []);
  const me = await account().catch(() => null);
  const rows = games.map((g) => {
    const ours = me ? me.games.filter((x) => x.id === g.id).map((x) => x.seat) : [];
    const mine = tokenFor(g.id) || ours.length > 0;
    const held = [...Object.keys(seatsHeld(g.id)).map(Number), ...ours];
    const open = g.seats.filter((s) => s.type === "open" && !s.taken).length;
    const seats = g.seats.map((s) => {
      const who = s.name || (s.type === "agent" ? `AI (${s.agent})` : s.taken ? "a player" : s.type === "open" ? "open to all" : "waiting for a friend");
      const moving = (g.to_move || []).includes(s.seat);
      return h("span", { class: "lobby-seat" + (moving ? " moving" : ""), title: moving ? "to move" : "" }, moving ? "● " : "", s.account ? playerLink(who) : nameTag(who), held.includes(s.seat) ? " (you)" : "");
    });
    const name = (all.find((r) => r.id === g.ruleset) || {}).name || g.ruleset;
    const actions = [];
    if (!mine && g.status === "playing") {
      for (const s of g.seats.filter((x) => x.type === "open" && !x.taken)) {
        actions.push(h("button", { "data-join": `${g.id}/${s.seat}`, onclick: () => join(g.id, s.seat), text: `Join seat ${s.seat}` }));
      }
    }
    if (mine && g.status === "playing") actions.push(h("a", { href: `#/g/${g.id}`, text: "Resume" }));
    if (g.status === "playing") actions.push(h("a", { href: `#/watch/${g.id}`, text: "Watch" }));
    if (g.status === "over") actions.push(h("a", { href: `#/replay/${g.id}`, text: "Replay" }));
    const state = g.status === "over" ? "over" : [g.turn ? `turn ${g.turn}` : "playing", open ? `${open} open seat${open > 1 ? "s" : ""}` : ""].filter(Boolean).join(", ");
    return h("tr", { "data-game": g.id },
      h("td", { "data-label": "Game" }, h("strong", { text: name }), h("br"), h("span", { class: "hint", text: [g.scenario, g.rated ? "rated" : "", g.help && g.seats.every((x) => x.type !== "agent") ? "hints allowed" : "", g.rating_range ? `ratings ${g.rating_range[0]}–${g.rating_range[1]}` : "", g.clock_ms >= 86400000 ? `${Math.round(g.clock_ms / 86400000)} day${g.clock_ms >= 172800000 ? "s" : ""} a move` : ""].filter(Boolean).join(" · ") })),
      h("td", { "data-label": "Players", class: "lobby-seats" }, seats),
      h("td", { "data-label": "State", text: state }),
      h("td", { "data-label": "Last move", text: ago(g.last_action || g.created) }),
      h("td", { class: "actions" }, actions));
  });
  list.append(h("table", { class: "games" },
    h("thead", {}, h("tr", {}, ["game", "players", "state", "last move", ""].map((t) => h("th", { text: t })))),
    h("tbody", {}, rows)));
}

// The account box: log in or sign up (a guest plays as ever), or who is logged in,
// their games on any device, and log out. `changed` redraws the games list.
async function accountPanel(box, changed) {
  clear(box);
  const all = await rulesets().catch(() => []);
  const rulesetName = (id) => (all.find((r) => r.id === id) || {}).name || id;
  let me = null;
  try {
    me = await account(true);
  } catch (e) {
    box.append(h("p", { class: "hint", text: `Accounts: ${e.message}` }));
    return;
  }
  if (me) {
    const out = h("button", { id: "log-out", text: "Log out" });
    out.addEventListener("click", async () => {
      try { await logOut(); } catch (e) { return toast(e.message); }
      await accountPanel(box, changed);
      changed();
    });
    // Correspondence: the games that wait for you first, and their count in the
    // tab's title (the lobby refreshes it).
    const playing = me.games.filter((g) => g.status === "playing").sort((a, b) => (b.your_turn ? 1 : 0) - (a.your_turn ? 1 : 0));
    yourTurnTitle(playing.filter((g) => g.your_turn).length);
    box.append(
      h("h2", {}, "Logged in as ", h("strong", { id: "account-name" }, nameTag(me.name))),
      h("p", { class: "hint" }, playing.length ? "Your games in play, on any device. " : "Seats you take or set up while logged in are yours on every device. ",
        h("a", { href: `#/player/${encodeURIComponent(me.name)}`, id: "my-page", text: "Your ratings and games" })),
      playing.length ? h("ul", { id: "account-games", class: "account-games" }, playing.map((g) =>
        h("li", { class: g.your_turn ? "your-turn" : "" }, g.your_turn ? h("strong", { class: "good", text: "● your turn " }) : "", h("a", { href: `#/g/${g.id}`, text: `${rulesetName(g.ruleset)} · ${g.scenario}` }), h("span", { class: "hint", text: ` seat ${g.seat + 1}${g.rated ? ", rated" : ""}, ${ago(g.created)}` })))) : "",
      out);
    if (typeof Notification !== "undefined" && Notification.permission === "default") {
      box.append(" ", h("button", { id: "notify", text: "Notify me when it is my turn", onclick: async (e) => { await Notification.requestPermission(); e.target.remove(); } }));
    }
    window.dispatchEvent(new CustomEvent("orrery:account", { detail: me }));
    return;
  }
  const name = h("input", { id: "login-name", type: "text", autocomplete: "username", maxlength: 24, size: 14, "aria-label": "Account name", placeholder: "name" });
  const password = h("input", { id: "login-password", type: "password", autocomplete: "current-password", maxlength: 128, size: 14, "aria-label": "Password", placeholder: "password" });
  const said = h("p", { id: "login-said", class: "hint", "aria-live": "polite" });
  const go = (signUp) => async (e) => {
    e.preventDefault();
    said.textContent = "";
    try {
      await logIn(name.value.trim(), password.value, signUp);
    } catch (err) {
      said.textContent = err.message;
      return;
    }
    await accountPanel(box, changed);
    changed();
  };
  const form = h("form", { id: "login", class: "row login" },
    name, " ", password, " ",
    h("button", { id: "log-in", class: "primary", type: "submit", text: "Log in" }), " ",
    h("button", { id: "sign-up", type: "button", text: "Sign up" }));
  window.dispatchEvent(new CustomEvent("orrery:account", { detail: null }));
  form.addEventListener("submit", go(false));
  form.querySelector("#sign-up").addEventListener("click", go(true));
  box.append(
    h("h2", { text: "Account" }),
    h("p", { class: "hint", text: "Playing as a guest: your games live in this browser. With an account (optional) they follow you to every device." }),
    form, said);
}

// "(2) Orrery" while two of your games wait for you; a notification when one more
// does, if you allowed them (the browser asks once, on the account box's button).
let waiting = 0;
function yourTurnTitle(n) {
  document.title = n ? `(${n}) Orrery` : "Orrery";
  if (n > waiting && typeof Notification !== "undefined" && Notification.permission === "granted") {
    new Notification("Orrery", { body: n === 1 ? "A game waits for your move." : `${n} games wait for your move.` });
  }
  waiting = n;
}

// "3 min ago", "2 h ago", "5 days ago": a time read at a glance.
export function ago(iso) {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return "";
  const s = Math.max(0, (Date.now() - t) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} days ago`;
}
