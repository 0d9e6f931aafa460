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

// The seat token this browser holds for a game (kept only in this browser).
export function tokenFor(id) {
  return localStorage.getItem("orrery:token:" + id);
}

export function keepToken(id, token) {
  localStorage.setItem("orrery:token:" + id, token);
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
