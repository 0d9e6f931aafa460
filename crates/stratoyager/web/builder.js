// The stratoyager fleet builder (docs/web.md, "Fleet builder"), served at /builder/stratoyager.js.

// ---- Force builder: a scenario file (docs/stratoyager-data.md) with two forces
// drawn from the roster by points. The server checks it as `scenario check` does.

const q = (x) => JSON.stringify(String(x)); // a TOML basic string

function scenarioToml(b) {
  const lines = [`name = ${q(b.name)}`, `description = ${q(b.forces.map((f) => f.name).join(" against "))}`,
    `table = { width = ${b.width}, length = ${b.length} }`];
  if (b.points) lines.push(`points = ${b.points}`);
  for (const f of b.forces) {
    const units = [];
    for (const [name, n] of Object.entries(f.units)) for (let i = 0; i < n; i++) units.push(q(name));
    lines.push("", "[[forces]]", `name = ${q(f.name)}`, `units = [${units.join(", ")}]`);
  }
  return lines.join("\n") + "\n";
}

const builder = {
  mount(el, ctx) {
    const { h } = ctx;
    // The pilot episode's forces (the default scenario), so the builder opens on a
    // scenario the server accepts.
    const b = {
      name: "my-battle", width: 24, length: 36, points: 550,
      forces: [
        { name: "Federated Systems Fleet", units: { "Guardian 151a": 3, "Vulture Mk IV": 1 } },
        { name: "Khione Pirates", units: { "Evo 6.2": 2, "Blackbuck Mk II": 3 } },
      ],
    };
    const report = h("pre", { id: "force-report", class: "report" });
    let checked = null;
    el.textContent = "";
    const size = h("select", { id: "table-size", "aria-label": "Table size" },
      ["24x36", "24x24", "36x36", "36x48", "48x48"].map((t) => h("option", { value: t, text: `${t.replace("x", " × ")} klicks` })));
    size.addEventListener("change", () => { [b.width, b.length] = size.value.split("x").map(Number); recheck(); });
    const pts = h("input", { id: "force-points", type: "number", min: 1, value: b.points, size: 5, "aria-label": "Points limit per force" });
    pts.addEventListener("input", () => { b.points = pts.value ? Number(pts.value) : null; recheck(); });
    const cols = h("div", { class: "forces" });
    el.append(h("div", { class: "row" }, h("label", {}, "Table ", size), " ", h("label", {}, "Points limit per force ", pts)), cols,
      h("h3", { text: "Check (the server's `scenario check`)" }), report,
      h("div", { class: "row" },
        h("button", { id: "save-scenario", onclick: () => ctx.save(`${b.name}.toml`, scenarioToml(b)), text: "Save scenario file (.toml)" }), " ",
        h("button", { id: "use-forces", class: "primary", onclick: () => checked ? ctx.startWith(checked, `${b.forces[0].name} against ${b.forces[1].name}`, 2) : ctx.toast("Fix the problems first."), text: "Start a game with these forces" })));
    const total = (f) => Object.entries(f.units).reduce((t, [n, c]) => t + c * ((ctx.roster.find((r) => r.name === n) || {}).points || 0), 0);
    function draw() {
      cols.textContent = "";
      b.forces.forEach((f, i) => {
        const name = h("input", { value: f.name, "data-force-name": i, "aria-label": `Force ${i + 1} name`, size: 24 });
        name.addEventListener("input", () => { f.name = name.value; recheck(); });
        cols.append(h("div", { class: "panel force", "data-force": i },
          h("h3", {}, `${i === 0 ? "Side A" : "Side B"}: `, name),
          h("table", {}, ctx.roster.map((r) => {
            const n = f.units[r.name] || 0;
            return h("tr", {}, h("td", { text: `${r.name} (${r.points} pts)` }),
              h("td", {}, h("button", { "aria-label": `remove one ${r.name}`, onclick: () => { f.units[r.name] = Math.max(0, n - 1); draw(); recheck(); }, text: "−" }),
                ` ${n} `,
                h("button", { "data-add": r.name, "aria-label": `add one ${r.name}`, onclick: () => { f.units[r.name] = n + 1; draw(); recheck(); }, text: "+" })));
          })),
          h("div", { class: "total", text: `Total: ${total(f)} points` + (b.points ? ` of ${b.points}` : "") }),
          h("button", { "data-empty-force": i, onclick: () => { f.units = {}; draw(); recheck(); }, text: "Empty this force" })));
      });
    }
    let timer = null;
    const recheck = () => { clearTimeout(timer); timer = setTimeout(check, 150); };
    async function check() {
      try {
        const r = await ctx.check("scenario", scenarioToml(b), `${b.name}.toml`);
        checked = r.valid ? r.scenario : null;
        report.className = "report " + (r.valid ? "ok" : "bad");
        report.textContent = r.valid
          ? ctx.forcesText(r.check, b.forces.map((f) => f.name))
          : r.problems.join("\n");
      } catch (e) {
        checked = null;
        report.className = "report bad";
        report.textContent = e.message;
      }
    }
    draw();
    recheck();
  },
};

export default builder;
