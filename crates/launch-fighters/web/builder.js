// The launch-fighters fleet builder (docs/web.md, "Fleet builder"), served at /builder/launch-fighters.js.

// ---- Fleet builder: fleet files (docs/launch-fighters-data.md) from the Blue Book
// and the construction rules. Every cost and problem is the server's `fleet check`.

const STATS = ["cannons", "launchers", "bays", "defense", "move", "missiles", "squadrons"];
const ADDONS = ["sensors", "warp", "repair", "boosters", "cargo_holds", "passenger_holds"];
const q = (x) => JSON.stringify(String(x)); // a TOML basic string

function shipToml(ship, table) {
  const lines = [`[[${table}]]`];
  if (ship.design) {
    lines.push(`design = ${q(ship.design)}`);
    if (ship.name) lines.push(`name = ${q(ship.name)}`);
  } else {
    lines.push(`name = ${q(ship.name)}`, `type = ${q(ship.type)}`);
    for (const k of STATS) lines.push(`${k} = ${Number(ship[k]) || 0}`);
    const add = ADDONS.filter((k) => Number(ship.addons[k]) > 0).map((k) => `${k} = ${Number(ship.addons[k])}`);
    if (add.length) lines.push(`addons = { ${add.join(", ")} }`);
  }
  return lines.join("\n");
}

function fleetToml(f) {
  const head = [`name = ${q(f.name)}`];
  if (f.points) head.push(`points = ${Number(f.points)}`);
  return head.join("\n") + "\n\n" + f.ships.map((s) => shipToml(s, "ships")).join("\n\n") + "\n";
}

function scenarioToml(fleets, points) {
  const head = [`name = "Built in the browser"`, `description = ${q(fleets.map((f) => f.name).join(" against "))}`];
  if (points) head.push(`points = ${Number(points)}`);
  return head.join("\n") + "\n\n" + fleets.map((f) => `[[fleets]]\nname = ${q(f.name)}\n\n` +
    f.ships.map((s) => shipToml(s, "fleets.ships")).join("\n\n")).join("\n\n") + "\n";
}

function injectStyle() {
  if (document.getElementById("lf-builder-style")) return;
  const st = document.createElement("style");
  st.id = "lf-builder-style";
  st.textContent = `
.builder .design input[type=number] { width: 4.5em; }
.builder .design input:not([type=number]) { width: 9em; }
.builder .ships li { margin: 0.15em 0; }
/* The cost tables keep their columns on a phone: they scroll in their box. */
@media (max-width: 900px) { .builder .report.ok { white-space: pre; overflow-x: auto; } }
`;
  document.head.append(st);
}

const builder = {
  mount(el, ctx) {
    const { h } = ctx;
    injectStyle();
    // Fleet 1 is the example fleet file (data/fleets/example-fleet.toml), so the
    // builder opens on fleets the server accepts.
    const fleets = [
      {
        name: "Example Squadron", points: 100, ships: [
          { design: "Lancer" }, { design: "Kestrel", name: "Kestrel Alpha" },
          { name: "Picket One", type: "Scout", cannons: 2, launchers: 1, bays: 0, defense: 3, move: 3, missiles: 2, squadrons: 0, addons: { sensors: 1 } },
        ],
      },
      { name: "Opponents", points: 100, ships: [{ design: "Kestrel" }, { design: "Otox Gol 79b" }, { design: "Wasp" }] },
    ];
    let current = 0;
    const design = { name: "Custom One", type: "Frigate", cannons: 2, launchers: 1, bays: 0, defense: 3, move: 3, missiles: 2, squadrons: 0, addons: {} };
    const tabs = h("div", { class: "row" });
    const editor = h("div", { class: "fleet-editor" });
    const report = h("pre", { id: "fleet-report", class: "report" });
    const designCost = h("pre", { id: "design-cost", class: "report" });
    el.textContent = "";
    el.append(tabs, editor,
      h("h3", { text: "Cost and check (the server's `fleet check`)" }), report,
      h("div", { class: "row" },
        h("button", { id: "save-fleet", onclick: () => ctx.save(`${fleets[current].name.replace(/[^A-Za-z0-9_-]+/g, "-").toLowerCase() || "fleet"}.toml`, fleetToml(fleets[current])), text: "Save fleet file (.toml)" }), " ",
        h("button", { id: "clear-fleet", onclick: () => { fleets[current].ships = []; draw(); recheck(); }, text: "Empty this fleet" }), " ",
        h("button", { id: "use-fleets", class: "primary", onclick: start, text: "Start a game: fleet 1 against fleet 2" })));

    let timer = null;
    const recheck = () => { clearTimeout(timer); timer = setTimeout(check, 150); };
    async function check() {
      const f = fleets[current];
      try {
        const r = await ctx.check("fleet", fleetToml(f), "fleet.toml");
        report.className = "report " + (r.valid ? "ok" : "bad");
        report.textContent = r.valid ? r.text : r.problems.join("\n");
      } catch (e) {
        report.className = "report bad";
        report.textContent = e.message;
      }
    }
    async function checkDesign() {
      const text = fleetToml({ name: "design", ships: [design] });
      try {
        const r = await ctx.check("fleet", text, "design.toml");
        designCost.className = "report " + (r.valid ? "ok" : "bad");
        designCost.textContent = r.valid ? r.text : r.problems.join("\n");
      } catch (e) {
        designCost.textContent = e.message;
      }
    }
    async function start() {
      const text = scenarioToml(fleets, Math.max(Number(fleets[0].points) || 0, Number(fleets[1].points) || 0) || null);
      const r = await ctx.check("scenario", text, "built.toml").catch((e) => ({ valid: false, problems: [e.message] }));
      if (!r.valid) {
        report.className = "report bad";
        report.textContent = r.problems.join("\n");
        return ctx.toast("The fleets do not make a scenario: see the problems.");
      }
      ctx.startWith(r.scenario, `${fleets[0].name} against ${fleets[1].name}`, 2);
    }

    function draw() {
      tabs.textContent = "";
      fleets.forEach((f, i) => tabs.append(h("button", { class: i === current ? "primary" : "", "data-fleet": i, onclick: () => { current = i; draw(); recheck(); }, text: `Fleet ${i + 1}: ${f.name}` }), " "));
      const f = fleets[current];
      editor.textContent = "";
      const name = h("input", { id: "fleet-name", value: f.name, "aria-label": "Fleet name" });
      name.addEventListener("input", () => { f.name = name.value; recheck(); });
      const pts = h("input", { id: "fleet-points", type: "number", min: 1, value: f.points || "", "aria-label": "Points limit", size: 5 });
      pts.addEventListener("input", () => { f.points = pts.value ? Number(pts.value) : null; recheck(); });
      const list = h("ul", { id: "fleet-ships", class: "ships" }, f.ships.map((s, i) => h("li", {},
        s.design ? `${s.design}${s.name ? ` “${s.name}”` : ""}` : `${s.name} (custom ${s.type})`, " ",
        h("button", { "aria-label": `remove ${s.name || s.design}`, onclick: () => { f.ships.splice(i, 1); draw(); recheck(); }, text: "remove" }))));
      const book = h("div", { class: "book", id: "blue-book" }, ctx.roster.map((r) =>
        h("button", { "data-design": r.name, onclick: () => { f.ships.push({ design: r.name }); draw(); recheck(); } }, `+ ${r.name} (${r.points})`)));
      const form = h("div", { class: "design", id: "designer" });
      for (const k of ["name", "type"]) {
        const i = h("input", { id: `design-${k}`, value: design[k], "aria-label": k, size: 12 });
        i.addEventListener("input", () => { design[k] = i.value; checkDesign(); });
        form.append(h("label", {}, `${k} `, i), " ");
      }
      for (const k of STATS) {
        const i = h("input", { id: `design-${k}`, type: "number", min: 0, value: design[k], "aria-label": k, size: 3 });
        i.addEventListener("input", () => { design[k] = Number(i.value); checkDesign(); });
        form.append(h("label", {}, `${k} `, i), " ");
      }
      for (const k of ADDONS) {
        const i = h("input", { id: `design-${k}`, type: "number", min: 0, value: design.addons[k] || 0, "aria-label": k, size: 3 });
        i.addEventListener("input", () => { design.addons[k] = Number(i.value); checkDesign(); });
        form.append(h("label", {}, `${k.replace("_", " ")} `, i), " ");
      }
      editor.append(
        h("div", { class: "row" }, h("label", {}, "Fleet name ", name), " ", h("label", {}, "Points limit ", pts)),
        h("h3", { text: "Ships" }), list,
        h("h3", { text: "Add from the Blue Book (points)" }), book,
        h("h3", { text: "Design a ship (construction rules; the cost is computed as you type)" }), form, designCost,
        h("button", { id: "add-design", onclick: () => { f.ships.push(JSON.parse(JSON.stringify(design))); draw(); recheck(); }, text: "Add this design to the fleet" }));
      checkDesign();
    }
    draw();
    recheck();
  },
};

export default builder;
