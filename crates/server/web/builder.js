// The fleet builder page, for every ruleset with a builder module
// (`Game::builder_script`, served at /builder/<id>.js): the module lays out its own
// form (it knows its file format); the server checks every file exactly as the CLI
// does, prices it, and sets games up from it. `#/builder/<id>` opens one ruleset's.
import { h, clear, toast, download } from "/web/ui.js";
import { api, rulesets } from "/web/api.js";
import { newGameForm } from "/web/lobby.js";

// A ruleset's builder module, loaded once (`null` when it has none).
const modules = {};
function loadBuilder(id) {
  if (!(id in modules)) {
    modules[id] = import("/builder/" + encodeURIComponent(id) + ".js")
      .then((m) => (m.default && m.default.mount ? m.default : null))
      .catch(() => null);
  }
  return modules[id];
}

// What every builder shares: one column and finger-sized controls on phones.
function injectStyle() {
  if (document.getElementById("builder-style")) return;
  const st = h("style", { id: "builder-style" });
  st.textContent = `
.builder .builder-head { display: flex; flex-wrap: wrap; gap: 0.4em 1em; align-items: center; }
.builder .builder-head h2 { margin: 0; }
.builder .report { max-height: 22em; overflow: auto; }
.builder .total { font-weight: 700; margin: 0.3em 0; }
.builder .hint { color: var(--dim); }
.builder .forces > * { min-width: 0; }
.builder select, .builder input { max-width: 100%; }
@media (max-width: 900px) {
  .builder { padding: 0.5em; }
  .builder .forces { grid-template-columns: minmax(0, 1fr); }
  .builder button, .builder select, .builder input:not([type=checkbox]) { min-height: 40px; }
  .builder button { min-width: 40px; }
  .builder input[type=checkbox] { width: 22px; height: 22px; vertical-align: middle; }
  .builder label { display: inline-block; min-height: 40px; line-height: 40px; }
  .builder input, .builder select { max-width: 100%; }
}`;
  document.head.append(st);
}

// A checked scenario's forces (`check.units` of `POST /api/files/check`) in words,
// one line per side: "Tigers: 2 × Black Tiger (29 pts) — 58 pts".
function forcesText(check, names) {
  const n = Math.max(check.seats || 0, ...check.units.map((u) => u.seat + 1));
  const lines = [];
  for (let seat = 0; seat < n; seat++) {
    const units = check.units.filter((u) => u.seat === seat);
    const kinds = [];
    for (const u of units) {
      const k = kinds.find((x) => x.kind === u.kind && x.points === u.points);
      if (k) k.n += 1;
      else kinds.push({ kind: u.kind, points: u.points, n: 1 });
    }
    const total = units.reduce((t, u) => t + u.points, 0);
    const round = (x) => Math.round(x).toLocaleString("en-US");
    lines.push(`${names[seat] || `Seat ${seat + 1}`}: ` +
      kinds.map((k) => `${k.n > 1 ? `${k.n} × ` : ""}${k.kind} (${round(k.points)} pts)`).join(", ") + ` — ${round(total)} pts`);
  }
  return lines.join("\n");
}

export async function showBuilder(app) {
  injectStyle();
  const all = await rulesets().catch((e) => { toast(e.message); return []; });
  const pick = h("select", { id: "builder-ruleset", "aria-label": "Ruleset" });
  const body = h("div", { id: "builder" });
  const start = h("div", { id: "builder-start" });
  app.append(h("div", { class: "panel builder" },
    h("div", { class: "builder-head" }, h("h2", { text: "Fleet builder" }), h("label", {}, "Ruleset ", pick)),
    body, start));
  const mods = {};
  const loaded = await Promise.all(all.map((r) => loadBuilder(r.id)));
  all.forEach((r, i) => {
    if (!loaded[i]) return;
    mods[r.id] = loaded[i];
    pick.append(h("option", { value: r.id, text: r.name }));
  });
  const wanted = decodeURIComponent(location.hash.split("/")[2] || "");
  if (mods[wanted]) pick.value = wanted;
  // Each choice of ruleset mounts its builder once its roster has come; a roster
  // that comes after another ruleset was chosen is dropped (the first builder's
  // roster, late, used to replace the one chosen since).
  let generation = 0;
  const mount = async () => {
    const mine = ++generation;
    clear(body);
    clear(start);
    const id = pick.value;
    const b = mods[id];
    if (!b) return body.append(h("p", { text: "No ruleset offers a builder." }));
    history.replaceState(null, "", "#/builder/" + encodeURIComponent(id));
    const { roster } = await api("GET", `/api/rulesets/${encodeURIComponent(id)}/roster`);
    if (mine !== generation) return;
    b.mount(body, {
      h, roster, forcesText,
      // The ruleset as `GET /api/rulesets` describes it (its built-in scenarios).
      ruleset: all.find((r) => r.id === id),
      // The server's check of a file in the ruleset's format (`fleet` or `scenario`).
      check: (kind, text, file) => api("POST", "/api/files/check", { ruleset: id, kind, text, file }),
      save: (name, text) => download(name, text, "application/toml"),
      toast,
      // Offer to start a game from a checked scenario (JSON from the check).
      startWith: (scenario, name, seats) => {
        clear(start);
        const form = h("div", { id: "new-game" });
        start.append(h("h3", { text: `Start a game: ${name}` }), form);
        newGameForm(form, all, { ruleset: id, scenario, name, seats });
        form.scrollIntoView({ behavior: "smooth" });
      },
    });
  };
  pick.addEventListener("change", mount);
  await mount();
  return null;
}
