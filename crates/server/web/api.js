// The server's public API (docs/server.md), as any client would call it.

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

// Every u64 travels as a string of digits (a JS number would round it).
export async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = "Bearer " + token;
  const text = body === undefined ? undefined : JSON.stringify(body);
  let res;
  try {
    res = await fetch(path, { method, headers, body: text });
  } catch (e) {
    throw new ApiError("offline", "the server cannot be reached", 0);
  }
  let data;
  try {
    data = await res.json();
  } catch (e) {
    throw new ApiError("bad_response", `the server answered ${res.status} without JSON`, res.status);
  }
  if (!data.ok) {
    const err = data.error || {};
    throw new ApiError(err.code || "error", err.message || "request failed", res.status);
  }
  return data;
}

// The seats this browser holds in a game, {seat: token} (kept only in this browser).
// Several seats of one game may be held here: a hot seat on one computer.
export function seatsHeld(id) {
  let held = {};
  try {
    held = JSON.parse(localStorage.getItem("orrery:seats:" + id) || "{}") || {};
  } catch (e) {
    held = {};
  }
  // A token kept by an older client (one seat per game, seat unknown).
  const old = localStorage.getItem("orrery:token:" + id);
  if (old && !Object.values(held).includes(old)) held["?"] = old;
  return held;
}

// A token this browser holds for the game: the given seat's, or any.
export function tokenFor(id, seat) {
  const held = seatsHeld(id);
  if (seat !== undefined && seat !== null && held[seat]) return held[seat];
  return Object.values(held)[0] || null;
}

export function keepToken(id, token, seat) {
  const held = seatsHeld(id);
  for (const [k, v] of Object.entries(held)) if (v === token) delete held[k];
  held[seat === undefined || seat === null ? "?" : seat] = token;
  localStorage.setItem("orrery:seats:" + id, JSON.stringify(held));
  localStorage.removeItem("orrery:token:" + id);
}

// Forget a seat's token here (it moved to another device).
export function dropToken(id, token) {
  const held = seatsHeld(id);
  for (const [k, v] of Object.entries(held)) if (v === token) delete held[k];
  localStorage.setItem("orrery:seats:" + id, JSON.stringify(held));
  localStorage.removeItem("orrery:token:" + id);
}

// The creator token of a game set up in this browser: it ends the game (resigns a
// seat) whoever plays it, a game of agents alone included (docs/server.md).
export function keepCreator(id, token) {
  if (token) localStorage.setItem("orrery:creator:" + id, token);
}
export function creatorOf(id) {
  return localStorage.getItem("orrery:creator:" + id);
}

/** The games this browser holds a seat of or set up, by id. */
export function myGames() {
  const ids = new Set();
  for (let i = 0; i < localStorage.length; i++) {
    const m = /^orrery:(?:seats|token|creator):(.+)$/.exec(localStorage.key(i) || "");
    if (m) ids.add(m[1]);
  }
  return [...ids];
}

/** End game `id` from this browser: resign the seat held here, else (a game of
 * agents, say) a seat with the creator token. */
export async function endGame(id) {
  const held = Object.entries(seatsHeld(id));
  const seat = held.find(([k]) => k !== "?") || held[0];
  if (seat) return api("POST", `/api/games/${id}/resign`, {}, seat[1]);
  const creator = creatorOf(id);
  if (!creator) throw new ApiError("no_token", "this browser holds no token of that game", 0);
  return api("POST", `/api/games/${id}/resign`, { seat: 0 }, creator);
}

// Ask the server which seat each token this browser keeps holds (a token from a seat
// link arrives without its seat).
export async function learnSeats(id) {
  const held = seatsHeld(id);
  if (!("?" in held)) return held;
  try {
    const r = await api("GET", `/api/games/${id}`, undefined, held["?"]);
    if (r.seat !== null && r.seat !== undefined) keepToken(id, held["?"], r.seat);
  } catch (e) {
    /* the game or the token is gone: keep it as it is */
  }
  return seatsHeld(id);
}

let rulesetsCache = null;
export async function rulesets() {
  if (!rulesetsCache) rulesetsCache = (await api("GET", "/api/rulesets")).rulesets;
  return rulesetsCache;
}

// A ruleset's board module (`Game::board_script`), loaded once.
const boards = {};
export async function board(ruleset) {
  if (!boards[ruleset]) {
    boards[ruleset] = import("/board/" + encodeURIComponent(ruleset) + ".js")
      .then((m) => m.default)
      .catch(() => null);
  }
  return boards[ruleset];
}

// The logged-in account (issue 42): {name, created, games: [{id, seat, …}]}, or null
// for a guest. The session is an HttpOnly cookie: this page never sees it, the
// browser sends it, and the server says who it is.
let accountCache = null;
export async function account(fresh) {
  if (accountCache && !fresh) return accountCache.value;
  let value = null;
  // Who is logged in first (a guest is answered 200, not an error the console would
  // show), then the account itself.
  const who = await api("GET", "/api/session");
  if (who.name !== null && who.name !== undefined) {
    try {
      value = await api("GET", "/api/account");
    } catch (e) {
      if (e.code !== "not_logged_in") throw e;
    }
  }
  accountCache = { value };
  return value;
}

export async function logIn(name, password, signUp) {
  const r = await api("POST", signUp ? "/api/accounts" : "/api/session", { name, password });
  accountCache = null;
  return r;
}

export async function logOut() {
  await api("DELETE", "/api/session");
  accountCache = null;
}

// A guided first battle of `ruleset` (issue 41): the server sets it up, this browser
// keeps the learner's seat and the creator token; its game page is opened.
export async function startLessons(ruleset) {
  const made = await api("POST", `/api/learn/${encodeURIComponent(ruleset)}`, {});
  for (const s of made.seats) keepToken(made.id, s.token, s.seat);
  keepCreator(made.id, made.creator);
  location.hash = `#/g/${made.id}`;
}
