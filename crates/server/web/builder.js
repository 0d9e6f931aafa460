// The fleet builder page, for any ruleset whose board module offers a builder:
// the module lays out its own form (it knows its file format); the server checks
// every file exactly as the CLI does, prices it, and sets games up from it.
import { h, clear, toast, download } from "/web/ui.js";
import { api, rulesets, board as loadBoard } from "/web/api.js";
import { newGameForm } from "/web/lobby.js";

export async function showBuilder(app) {
  const all = await rulesets().catch((e) => { toast(e.message); return []; });
  const pick = h("select", { id: "builder-ruleset", "aria-label": "Ruleset" });
  const body = h("div", { id: "builder" });
  const start = h("div", { id: "builder-start" });
  app.append(h("div", { class: "panel builder" },
    h("h2", { text: "Fleet builder" }),
    h("label", {}, "Ruleset ", pick), body, start));
  const mods = {};
  for (const r of all) {
    const m = await loadBoard(r.id);
    if (m && m.builder) {
      mods[r.id] = m.builder;
      pick.append(h("option", { value: r.id, text: r.name }));
    }
  }
  const mount = async () => {
    clear(body);
    clear(start);
    const id = pick.value;
    const b = mods[id];
    if (!b) return body.append(h("p", { text: "No ruleset offers a builder." }));
    const { roster } = await api("GET", `/api/rulesets/${encodeURIComponent(id)}/roster`);
    b.mount(body, {
      h, roster,
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
