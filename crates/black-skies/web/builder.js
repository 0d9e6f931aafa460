// The Black Skies force builder (docs/web.md, "Fleet builder"), served at
// /builder/black-skies.js: two sides of elements (a lead and his wingman, BS-05) of
// the catalogue's fighters (crates/black-skies/data/catalogue.toml) with their
// pilots' skills, written as a scenario file (docs/black-skies.md, "Data files").
// The fighters and their points come from the server's roster; every side's points
// and every problem (BS-12's points limit, a skill out of range) are the server's
// `scenario check`: this file only writes the TOML and shows the answers.

// Seed "Piloting Skill" (the data's numbers 1–4).
const SKILLS = [[1, "green"], [2, "trained"], [3, "experienced"], [4, "hotshot"]];
const SIZES = [[36, "36\" × 36\" (the duel)"], [48, "48\" × 48\" (BS-01)"]];
const q = (x) => JSON.stringify(String(x)); // a TOML basic string

function scenarioToml(b, withPoints = true) {
  const lines = [`name = ${q(b.name)}`, `description = ${q(b.sides.map((s) => s.name).join(" against "))}`,
    `width = ${b.size}`, `length = ${b.size}`, `turns = ${Number(b.turns) || 12}`];
  if (withPoints && b.points) lines.push(`points = ${Number(b.points)}`);
  for (const side of b.sides) {
    lines.push("", "[[side]]", `name = ${q(side.name)}`);
    for (const e of side.elements) {
      lines.push("[[side.element]]", `fighter = ${q(e.fighter)}`, `pilots = [${e.pilots.join(", ")}]`);
    }
  }
  return lines.join("\n") + "\n";
}

function injectStyle() {
  if (document.getElementById("bs-builder-style")) return;
  const st = document.createElement("style");
  st.id = "bs-builder-style";
  st.textContent = `
.bs-element { display: flex; flex-wrap: wrap; gap: 0.3em 0.6em; align-items: center; border: 1px solid var(--line); border-radius: 6px; padding: 0.3em 0.5em; margin: 0.35em 0; background: #121827; }
.bs-element .grow { flex: 1; }
.bs-side h3 input { width: 12em; max-width: 60%; }
.bs-side .total.bad { color: var(--bad); }
`;
  document.head.append(st);
}

const builder = {
  mount(el, ctx) {
    const { h } = ctx;
    injectStyle();
    const fighters = ctx.roster || [];
    // The duel (the default scenario, data/scenarios/duel.toml), so the builder opens
    // on a scenario the server accepts.
    const b = {
      name: "my-battle", size: 36, turns: 12, points: 58,
      sides: [
        { name: "Tigers", elements: [{ fighter: "Black Tiger", pilots: [2, 2] }] },
        { name: "Falcons", elements: [{ fighter: "Falcon", pilots: [4, 4] }] },
      ],
    };
    let checked = null;
    let totals = [null, null];
    let over = [false, false]; // a side the server finds a problem with
    const report = h("pre", { id: "bs-report", class: "report" });
    const cols = h("div", { class: "forces", id: "bs-sides" });
    const size = h("select", { id: "bs-table", "aria-label": "Table size" },
      SIZES.map(([n, t]) => h("option", { value: n, text: t, selected: n === b.size })));
    size.addEventListener("change", () => { b.size = Number(size.value); recheck(); });
    const pts = h("input", { id: "bs-points", type: "number", min: 1, value: b.points, style: "width: 5.5em", "aria-label": "Points limit per side" });
    pts.addEventListener("input", () => { b.points = pts.value ? Number(pts.value) : null; recheck(); });
    const turns = h("input", { id: "bs-turns", type: "number", min: 1, value: b.turns, style: "width: 4.5em", "aria-label": "Turns" });
    turns.addEventListener("input", () => { b.turns = turns.value; recheck(); });
    el.textContent = "";
    el.append(h("div", { id: "bs-builder" },
      h("div", { class: "row" }, h("label", {}, "Table ", size), " ",
        h("label", {}, "Points limit per side (BS-12) ", pts), " ", h("label", {}, "Turns ", turns)),
      h("p", { class: "hint", text: "Each fighter's points beside its name are with a trained pilot (BS-15); the totals are the server's, with the skills chosen." }),
      cols,
      h("h3", { text: "Check (the server's `scenario check`)" }), report,
      h("div", { class: "row" },
        h("button", { id: "bs-save", onclick: () => ctx.save(`${b.name}.toml`, scenarioToml(b)), text: "Save scenario file (.toml)" }), " ",
        h("button", { id: "bs-start", class: "primary", onclick: start, text: "Start a game with these sides" }))));

    async function start() {
      if (!checked) { clearTimeout(timer); await check(); }
      if (!checked) return ctx.toast("Fix the problems first: see the check.");
      ctx.startWith(checked, `${b.sides[0].name} against ${b.sides[1].name}`, 2);
    }

    const option = (value, text, sel) => h("option", { value, text, selected: value === sel });
    function elementRow(side, si, e, ei) {
      const at = `${si}.${ei}`;
      const fighter = h("select", { "data-fighter": at, "aria-label": `Side ${si + 1} element ${ei + 1} fighter` },
        fighters.map((r) => option(r.name, `${r.name} (${r.points} pts)`, e.fighter)));
      fighter.addEventListener("change", () => { e.fighter = fighter.value; recheck(); });
      const pilot = (k) => {
        const sel = h("select", { "data-pilot": `${at}.${k}`, "aria-label": `Side ${si + 1} element ${ei + 1} ${k ? "wingman" : "lead"}` },
          k ? option("", "none (the lead flies alone)", e.pilots[1] === undefined ? "" : String(e.pilots[1])) : null,
          SKILLS.map(([n, t]) => option(String(n), `${n} ${t}`, e.pilots[k] === undefined ? "" : String(e.pilots[k]))));
        sel.addEventListener("change", () => {
          if (sel.value === "") e.pilots = e.pilots.slice(0, 1);
          else e.pilots[k] = Number(sel.value);
          recheck();
        });
        return h("label", {}, k ? "Wingman " : "Lead ", sel);
      };
      return h("div", { class: "bs-element", "data-element": at },
        h("strong", { text: `Element ${ei + 1}` }), fighter, pilot(0), pilot(1), h("span", { class: "grow" }),
        h("button", { "data-remove-element": at, "aria-label": `remove element ${ei + 1} of side ${si + 1}`,
          onclick: () => { side.elements.splice(ei, 1); draw(); recheck(); }, text: "remove" }));
    }

    function draw() {
      cols.textContent = "";
      b.sides.forEach((side, si) => {
        const name = h("input", { value: side.name, "data-side-name": si, "aria-label": `Side ${si + 1} name` });
        name.addEventListener("input", () => { side.name = name.value; recheck(); });
        cols.append(h("div", { class: "panel force bs-side", "data-side": si },
          h("h3", {}, `${si === 0 ? "Side A" : "Side B"}: `, name),
          side.elements.length ? side.elements.map((e, ei) => elementRow(side, si, e, ei)) : h("p", { class: "hint", text: "No elements yet." }),
          h("button", { "data-add-element": si, onclick: () => { side.elements.push({ fighter: (fighters[0] || {}).name || "Black Tiger", pilots: [2, 2] }); draw(); recheck(); }, text: "+ Add an element" }),
          h("div", { class: "total", id: `bs-total-${si}`, text: totalText(si) })));
      });
    }
    function totalText(si) {
      const t = totals[si];
      return `Total: ${t === null ? "—" : `${t} points`}` + (b.points ? ` of ${b.points}` : "");
    }
    function showTotals() {
      b.sides.forEach((_, si) => {
        const t = document.getElementById(`bs-total-${si}`);
        if (!t) return;
        t.textContent = totalText(si);
        t.classList.toggle("bad", over[si]);
      });
    }
    // Each side's points from the server's answer (one line per fighter).
    const sum = (r) => [0, 1].map((seat) => r.check.units.filter((u) => u.seat === seat).reduce((t, u) => t + u.points, 0));

    let timer = null;
    let seq = 0;
    const recheck = () => { checked = null; clearTimeout(timer); timer = setTimeout(check, 150); };
    async function check() {
      const mine = ++seq;
      try {
        const r = await ctx.check("scenario", scenarioToml(b), `${b.name}.toml`);
        // Over the limit, the totals come from the same sides checked without it.
        const priced = r.valid || !b.points ? r
          : await ctx.check("scenario", scenarioToml(b, false), `${b.name}.toml`).catch(() => ({ valid: false }));
        if (mine !== seq) return;
        checked = r.valid ? r.scenario : null;
        over = [0, 1].map((si) => !r.valid && r.problems.some((p) => p.includes(`side[${si}]`)));
        totals = priced.valid ? sum(priced) : [null, null];
        report.className = "report " + (r.valid ? "ok" : "bad");
        report.textContent = r.valid
          ? ctx.forcesText(r.check, b.sides.map((x) => x.name))
          : r.problems.join("\n");
      } catch (e) {
        if (mine !== seq) return;
        totals = [null, null];
        report.className = "report bad";
        report.textContent = e.message;
      }
      showTotals();
    }
    draw();
    recheck();
  },
};

export default builder;
