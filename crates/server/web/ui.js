// Small DOM helpers shared by every page.

const SVG = "http://www.w3.org/2000/svg";

// h("div", {class: "x", onclick: f}, child, "text", …)
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  return fill(el, attrs, children);
}

// The same for SVG elements.
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  return fill(el, attrs, children);
}

function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

let toastTimer = null;
export function toast(message, kind = "error") {
  const t = document.getElementById("toast");
  t.textContent = message;
  t.className = "show " + kind;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (t.className = ""), 6000);
}

export function setConnection(text, kind) {
  const c = document.getElementById("conn");
  c.textContent = text;
  c.className = "conn " + (kind || "");
}

// A file the user saves.
export function download(name, text, type = "application/json") {
  const a = h("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}

export function pct(p) {
  return (100 * p).toFixed(1) + "%";
}

export const SEAT_COLOURS = ["#4da3ff", "#ff7a59", "#7bd88f", "#e0c341", "#c792ea", "#4dd0e1"];

/** The same action, whatever order its fields come in (a compact legal list is
 * expanded with its fields in another order than the full list's). */
export function sameAction(a, b) {
  return canonical(a) === canonical(b);
}

function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

/** A number as a person reads it: at most `digits` decimals, no trailing zeros
 * (0.03571428571428571 → "0.04", 3 → "3"). Every number the UI shows goes through it. */
export function num(x, digits = 2) {
  if (typeof x !== "number" || !Number.isFinite(x)) return String(x);
  return String(Number(x.toFixed(digits)));
}

/** A player's name for seat `i` from a state's `players` list: the name given, else
 * "AI (hard)" for an agent, else "Seat i". */
export function playerName(players, i) {
  const p = (players || [])[i] || {};
  if (p.name) return p.name;
  if (p.type === "agent") return `AI (${p.agent})`;
  return `Seat ${i}`;
}

/** A player's name as the page shows it: on one line, cut with an ellipsis past
 * its room (a 32-character name without spaces must not widen a table or a panel
 * past the window), the whole name on hover. */
export function nameTag(name, attrs = {}) {
  return h("span", { ...attrs, class: ["name", attrs.class].filter(Boolean).join(" "), title: name }, name);
}

/** Settings kept in this browser: `get(name, default)`, `set(name, value)`. */
export const settings = {
  get(name, dflt) {
    const v = localStorage.getItem("orrery:set:" + name);
    return v === null ? dflt : v === "1" ? true : v === "0" ? false : v;
  },
  set(name, v) {
    localStorage.setItem("orrery:set:" + name, v === true ? "1" : v === false ? "0" : String(v));
  },
};
