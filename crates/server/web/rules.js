// Rules at hand: a ruleset's rules page for players (`#/rules/<id>`, `#/rules/<id>/<RULE-ID>`),
// its glossary, and texts with their jargon explained (tooltips) and their rule ids linked
// to the page. Everything comes from the ruleset (`Game::rules_page`, served at
// /api/rulesets/{id}/rules); server text only ever becomes text nodes, never HTML.
import { h } from "/web/ui.js";
import { api, rulesets } from "/web/api.js";

// A rule id as the rulesets write them: LF-13, SYO-04, FB-17, optionally "(b)".
const RULE_ID = /^[A-Z]{2,3}O?-\d{2}$/;
const RULE_REF = "[A-Z]{2,3}O?-\\d{2}(?: \\([a-z]\\))?";

const loading = {}; // ruleset -> Promise of the prepared rules (or null)
const ready = {}; // ruleset -> the prepared rules, once loaded

/** Fetch a ruleset's rules page and glossary once; later calls share the answer. A
 * ruleset without a page resolves to null (texts then stay plain). */
export function preloadRules(ruleset) {
  if (!loading[ruleset]) {
    loading[ruleset] = api("GET", `/api/rulesets/${encodeURIComponent(ruleset)}/rules`)
      .then((r) => (ready[ruleset] = prepare(ruleset, r)))
      .catch(() => {
        delete loading[ruleset]; // try again next time (a lost connection, say)
        return null;
      });
  }
  return loading[ruleset];
}

/** `text` with every glossary term as an <abbr> tooltip and every rule id as a link to
 * the rules page (a DocumentFragment). Loads the rules first if needed. */
export async function glossed(ruleset, text) {
  await preloadRules(ruleset);
  return glossedSync(ruleset, text);
}

/** The same, synchronously: plain text until `preloadRules(ruleset)` has finished. */
export function glossedSync(ruleset, text) {
  const frag = document.createDocumentFragment();
  const r = ready[ruleset];
  text = String(text ?? "");
  if (!r) {
    frag.append(text);
    return frag;
  }
  const seen = new Set(); // each term explained once per text: the rest stays plain
  let at = 0;
  for (const m of text.matchAll(r.pattern)) {
    const word = m[0];
    let node = null;
    if (m.groups.rule) {
      node = ruleLink(r, word);
    } else {
      const entry = lookup(r, word);
      if (entry && !seen.has(entry)) {
        seen.add(entry);
        const href = entry.rule ? ruleHref(ruleset, r.anchors.has(entry.rule) ? entry.rule : null) : null;
        node = h("abbr", { class: "gloss", title: entry.meaning + (entry.rule ? ` (${entry.rule})` : ""), "data-term": entry.term, "data-href": href }, word);
      }
    }
    if (!node) continue;
    if (m.index > at) frag.append(text.slice(at, m.index));
    frag.append(node);
    at = m.index + word.length;
  }
  if (at < text.length) frag.append(text.slice(at));
  return frag;
}

// ---- the glossary's matcher ----------------------------------------------------------

function prepare(ruleset, answer) {
  const entries = (Array.isArray(answer.glossary) ? answer.glossary : []).filter(
    (e) => e && typeof e.term === "string" && e.term && typeof e.meaning === "string",
  );
  const exact = new Map(); // the term as written (abbreviations are case-sensitive)
  const folded = new Map(); // lower-case terms, by their lower-case spelling
  const numbered = new Map(); // "W1" stands for W2, W3 …: keyed "W#"
  const alternatives = [];
  for (const e of entries) {
    const t = e.term;
    if (!exact.has(t)) exact.set(t, e);
    const lower = t === t.toLowerCase();
    if (lower && !folded.has(t)) folded.set(t, e);
    const num = /^(.*[A-Za-z])\d+$/.exec(t);
    if (num && !numbered.has(num[1] + "#")) numbered.set(num[1] + "#", e);
    alternatives.push({ len: t.length, src: termSource(t, lower, num) });
  }
  alternatives.sort((a, b) => b.len - a.len); // the longest term wins ("DIRECT HIT" over "HIT")
  const terms = alternatives.map((a) => a.src).join("|") || "(?!)";
  const pattern = new RegExp(`(?<rule>(?<![A-Za-z0-9-])${RULE_REF}(?![A-Za-z0-9]))|(?<term>${terms})`, "g");
  const md = String(answer.markdown || "");
  const anchors = new Set([...md.matchAll(/^#{1,6}\s+([A-Z]{2,3}O?-\d{2})\b/gm)].map((m) => m[1]));
  return { ruleset, name: answer.name || ruleset, markdown: md, entries, exact, folded, numbered, pattern, anchors };
}

function escapeRe(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// A term's alternative in the pattern: whole words only (a letter or digit next to it,
// or a hyphen before it, means it is part of something else: "B" in "P0-B"); lower-case
// terms also match capitalised and plural; a trailing number stands for any number.
function termSource(t, lower, num) {
  let src = num ? escapeRe(num[1]) + "\\d+" : escapeRe(t);
  if (lower && /^[a-z]/.test(t)) src = `[${t[0]}${t[0].toUpperCase()}]` + src.slice(1);
  if (lower && /[a-z]$/.test(t)) src += "(?:e?s)?";
  if (/^[A-Za-z0-9]/.test(t)) src = "(?<![A-Za-z0-9-])" + src;
  if (/[A-Za-z0-9]$/.test(t)) src += "(?![A-Za-z0-9])";
  return src;
}

function lookup(r, word) {
  if (r.exact.has(word)) return r.exact.get(word);
  const lower = word.toLowerCase();
  for (const w of [lower, lower.replace(/s$/, ""), lower.replace(/es$/, "")]) {
    if (r.folded.has(w)) return r.folded.get(w);
  }
  const num = /^(.*[A-Za-z])\d+$/.exec(word);
  return num ? r.numbered.get(num[1] + "#") || null : null;
}

export function ruleHref(ruleset, id) {
  return `#/rules/${encodeURIComponent(ruleset)}` + (id ? "/" + encodeURIComponent(id) : "");
}

function ruleLink(r, ref) {
  const id = ref.split(" ")[0];
  return h("a", { class: "rule-ref", href: ruleHref(r.ruleset, r.anchors.has(id) ? id : null), title: `${r.name}: ${id}` }, ref);
}

// ---- tap to show: a click on a term opens its meaning in a small popup --------------

let popup = null;

function closePopup() {
  if (popup) popup.remove();
  popup = null;
}

function openPopup(abbr) {
  closePopup();
  const rect = abbr.getBoundingClientRect();
  const text = (abbr.getAttribute("title") || "").replace(/ \([A-Z]{2,3}O?-\d{2}\)$/, "");
  const rule = /\(([A-Z]{2,3}O?-\d{2})\)$/.exec(abbr.getAttribute("title") || "");
  const href = abbr.dataset.href;
  popup = h("div", { class: "gloss-pop", role: "tooltip" }, h("b", {}, abbr.textContent), " ", text,
    rule && href ? h("a", { class: "gloss-rule", href }, `${rule[1]} →`) : null);
  document.body.append(popup);
  const w = popup.offsetWidth;
  const left = Math.max(8, Math.min(rect.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - w - 8));
  popup.style.left = left + "px";
  popup.style.top = rect.bottom + window.scrollY + 6 + "px";
}

// Terms inside a button or link keep that control's click (the tooltip still shows);
// elsewhere a click or Enter toggles the popup, and any other click or Esc closes it.
function plainTerm(target) {
  const abbr = target instanceof Element ? target.closest("abbr.gloss") : null;
  return abbr && !abbr.closest("button, a, [role=button], label") ? abbr : null;
}

document.addEventListener("click", (e) => {
  const abbr = plainTerm(e.target);
  if (abbr) {
    const same = popup && popup.dataset.for === abbr.textContent && popup.isConnected;
    if (same) closePopup();
    else {
      openPopup(abbr);
      popup.dataset.for = abbr.textContent;
    }
  } else if (!(e.target instanceof Element && e.target.closest(".gloss-pop"))) closePopup();
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") closePopup();
});
window.addEventListener("hashchange", closePopup);

// ---- the pages -------------------------------------------------------------------------

/** `#/rules`: the rulesets with a rules page; `#/rules/<id>[/<anchor>]`: one page,
 * scrolled to the anchor (a rule id, `glossary`, or a glossary term's `g-…`). */
export async function showRules(app, ruleset, anchor) {
  if (!ruleset) return showChooser(app);
  const r = await preloadRules(ruleset);
  if (!r) {
    app.append(h("section", { class: "rules-page" }, h("p", {}, `No rules page for "${ruleset}". `, h("a", { href: "#/rules" }, "All rulesets"))));
    return null;
  }
  const body = renderMarkdown(r.markdown, ruleset);
  // Contents beside the text; on a phone folded above it, so the rules come first.
  const wide = window.matchMedia("(min-width: 901px)").matches;
  const toc = h("details", { class: "rules-toc", open: wide }, h("summary", {}, "Contents"),
    h("ol", {}, [...body.querySelectorAll("h2[id]")].map((hd) => h("li", {}, h("a", { href: ruleHref(ruleset, hd.id.slice(2)) }, hd.textContent)))),
    h("p", {}, h("a", { href: ruleHref(ruleset, "glossary") }, "Glossary")));
  const page = h("div", { class: "rules-page" },
    h("p", { class: "rules-back" }, h("a", { href: "#/", onclick: back }, "← Back"), " · ", h("a", { href: "#/rules" }, "All rulesets")),
    h("div", { class: "rules-layout" }, toc, h("article", { class: "rules-body" }, body, glossaryTable(r))));
  app.append(page);
  const target = anchor && document.getElementById("r-" + anchor);
  if (target) {
    target.classList.add("target");
    target.scrollIntoView({ block: "start" });
  } else window.scrollTo(0, 0);
  return null;
}

function back(e) {
  if (history.length > 1) {
    e.preventDefault();
    history.back();
  }
}

async function showChooser(app) {
  const list = await rulesets();
  const answers = await Promise.all(list.map((r) => preloadRules(r.id)));
  app.append(h("section", { class: "rules-page rules-chooser" }, h("h1", {}, "Rules"),
    h("p", {}, "Each ruleset's rules, summarised for players, and a glossary of the words and letters its screens show."),
    h("ul", {}, list.map((r, i) => h("li", {}, answers[i] ? h("a", { href: ruleHref(r.id) }, r.name) : h("span", {}, r.name, " (no rules page yet)"))))));
  return null;
}

function glossaryTable(r) {
  const rows = r.entries.map((e) =>
    h("tr", { id: "r-g-" + slug(e.term) }, h("th", { scope: "row" }, e.term), h("td", {}, e.meaning),
      h("td", {}, e.rule ? ruleLink(r, e.rule) : "")));
  const filter = h("input", { type: "search", placeholder: "Filter the glossary", "aria-label": "Filter the glossary", oninput: () => {
    const q = filter.value.trim().toLowerCase();
    rows.forEach((row, i) => { row.hidden = !!q && !(r.entries[i].term + " " + r.entries[i].meaning).toLowerCase().includes(q); });
  } });
  return h("section", { class: "rules-glossary" }, h("h2", { id: "r-glossary" }, "Glossary"), filter,
    h("table", { class: "rules-table" }, h("thead", {}, h("tr", {}, h("th", {}, "Term"), h("th", {}, "Meaning"), h("th", {}, "Rule"))), h("tbody", {}, rows)));
}

function slug(s) {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "term";
}

// ---- a small, safe Markdown renderer (headings, paragraphs, lists, tables, code) ------

function renderMarkdown(md, ruleset) {
  const lines = md.replace(/\r/g, "").split("\n");
  const wrap = h("div", { class: "rules-md" });
  let i = 0;
  const isBlockStart = (l) => /^(#{1,6}\s|```|\s*[-*]\s|\s*\d+\.\s|\|)/.test(l);
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) { i++; continue; }
    let m;
    if ((m = /^(#{1,6})\s+(.*)$/.exec(line))) {
      wrap.append(heading(m[1].length, m[2], ruleset));
      i++;
    } else if (line.startsWith("```")) {
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) code.push(lines[i]);
      i++;
      wrap.append(h("pre", {}, h("code", {}, code.join("\n"))));
    } else if (line.startsWith("|")) {
      const rows = [];
      for (; i < lines.length && lines[i].startsWith("|"); i++) rows.push(lines[i]);
      wrap.append(table(rows, ruleset));
    } else if ((m = /^\s*([-*]|\d+\.)\s+/.exec(line))) {
      const ordered = /\d/.test(m[1]);
      const list = h(ordered ? "ol" : "ul", {});
      let item = null;
      for (; i < lines.length && lines[i].trim(); i++) {
        const im = /^\s*([-*]|\d+\.)\s+(.*)$/.exec(lines[i]);
        if (im) {
          item = [im[2]];
          list.append(h("li", {}));
        } else item.push(lines[i].trim());
        list.lastChild.replaceChildren(...inline(item.join(" "), ruleset));
      }
      wrap.append(list);
    } else {
      const para = [];
      for (; i < lines.length && lines[i].trim() && !isBlockStart(lines[i]); i++) para.push(lines[i].trim());
      wrap.append(h("p", {}, inline(para.join(" "), ruleset)));
    }
  }
  return wrap;
}

function heading(level, text, ruleset) {
  const words = text.split(/\s+/);
  const id = RULE_ID.test(words[0]) ? words[0] : null;
  const tag = "h" + Math.min(level, 6);
  if (!id) return h(tag, level > 1 ? { id: "r-" + slug(text) } : {}, inline(text, ruleset));
  return h(tag, { id: "r-" + id }, h("span", { class: "rule-id" }, id), " ", inline(words.slice(1).join(" "), ruleset));
}

function table(rows, ruleset) {
  const cells = (row) => row.replace(/^\|/, "").replace(/\|\s*$/, "").split("|").map((c) => c.trim());
  const sep = rows.length > 1 && /^\|?[\s:|-]+$/.test(rows[1]);
  const head = sep ? cells(rows[0]) : null;
  const body = (sep ? rows.slice(2) : rows).map(cells);
  return h("div", { class: "rules-table-wrap" }, h("table", { class: "rules-table" },
    head ? h("thead", {}, h("tr", {}, head.map((c) => h("th", {}, inline(c, ruleset))))) : null,
    h("tbody", {}, body.map((r) => h("tr", {}, r.map((c) => h("td", {}, inline(c, ruleset))))))));
}

// Inline Markdown: `code`, **bold**, *italic*, [text](#… or https://…), and rule ids as
// links to their section.
function inline(text, ruleset) {
  const nodes = [];
  const re = new RegExp(`(\`[^\`]+\`)|(\\*\\*[^*]+\\*\\*)|(\\*[^*\\s][^*]*\\*)|(\\[[^\\]]+\\]\\([^)\\s]+\\))|(${RULE_REF})`, "g");
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) nodes.push(document.createTextNode(text.slice(at, m.index)));
    const t = m[0];
    if (m[1]) nodes.push(h("code", {}, t.slice(1, -1)));
    else if (m[2]) nodes.push(h("strong", {}, inline(t.slice(2, -2), ruleset)));
    else if (m[3]) nodes.push(h("em", {}, inline(t.slice(1, -1), ruleset)));
    else if (m[4]) {
      const [, label, url] = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(t);
      nodes.push(/^(#|https?:\/\/)/.test(url) ? h("a", { href: url }, label) : document.createTextNode(label));
    } else nodes.push(ruleLink(ready[ruleset] || { ruleset, name: ruleset, anchors: new Set() }, t));
    at = m.index + t.length;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

