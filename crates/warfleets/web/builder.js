// The warfleets fleet builder (docs/web.md, "Fleet builder"), served at /builder/warfleets.js.

// ---- Fleet builder: two fleet files (docs/warfleets.md, "Data files") and a
// scenario made of them. The hulls and their points come from the server's roster;
// the upgrade, hero and title names below are data names only. Every cost and every
// problem (upgrade counts, one weapon per side, Broadside, heroes and titles, points,
// force organisation FB-03) is the server's `fleet check` / `scenario check`: this
// file only writes the TOML and shows the answers.

const SYSTEMS = ["Ablative Armor", "Armored Plating", "Gravity Bumper", "Nuclear Ammo", "Pulse Engine",
  "Reinforced Ram", "Repair Bay", "Shield Booster", "Stealth Rig", "Precision Rig", "Tractor Beam"];
const WEAPONS = ["Energy Cannon", "Giga Cannon", "Linked Railgun", "Missile Cluster", "Plasma Cannon",
  "Pod Launcher", "Precision Cannon", "Rapid-fire Cannon", "Weapon Batteries"];
const WEAPON_NOTES = { "Weapon Batteries": "Broadside" };
const MOUNTS = ["front", "side", "rear"];
const HEROES = ["Tactical Master", "Elite Carrier", "Expert Sapper"];
const TITLES = ["Avenger", "Vanguard", "Defiant"];
// What the hull names mean, for the labels (the server checks the counts).
const HULL_NOTES = { Cruiser: "heavy, 4 upgrades", Destroyer: "medium, 3 upgrades", Corvette: "light, 2 upgrades" };
const FALLBACK_HULLS = [
  { name: "Cruiser" }, { name: "Destroyer" }, { name: "Corvette" },
  { name: "Gunship Squadron" }, { name: "Fighter Squadron" }, { name: "Bomber Squadron" },
];
const isSquadron = (name) => / Squadron$/.test(name);
const tq = (x) => JSON.stringify(String(x)); // a TOML basic string

function shipLines(s, table) {
  const lines = [`[[${table}]]`, `hull = ${tq(s.hull)}`];
  if (s.name && s.name.trim()) lines.push(`name = ${tq(s.name.trim())}`);
  lines.push(`systems = [${SYSTEMS.filter((x) => s.systems.includes(x)).map(tq).join(", ")}]`);
  for (const m of MOUNTS) if (s[m]) lines.push(`${m} = ${tq(s[m])}`);
  if (s.hero) lines.push(`hero = ${tq(s.hero)}`);
  if (s.title) lines.push(`title = ${tq(s.title)}`);
  return lines.join("\n");
}

function unitsToml(f, prefix) {
  const parts = f.ships.map((s) => shipLines(s, `${prefix}ship`));
  for (const [hull, n] of Object.entries(f.squadrons)) {
    if (Number(n) > 0) parts.push(`[[${prefix}squadron]]\nhull = ${tq(hull)}\ncount = ${Number(n)}`);
  }
  return parts.join("\n\n");
}

const pointsLine = (b) => (b.points !== "" && Number.isFinite(Number(b.points)) ? `points = ${Number(b.points)}` : null);

// A fleet file for `orrery fleet check` (the agreed points and force organisation
// are the game's, so both fleets carry the same).
function fleetFileToml(f, b) {
  const head = [`name = ${tq(f.name)}`, pointsLine(b), `force_org = ${b.forceOrg}`].filter(Boolean);
  const units = unitsToml(f, "");
  return head.join("\n") + "\n" + (units ? "\n" + units + "\n" : "");
}

// A scenario file (`orrery scenario check`): the two fleets on a random table; the
// server refuses fleets of unequal points (seed "Floty") unless `asymmetric`.
function wfScenarioToml(b) {
  const head = [`name = "built"`, `about = ${tq(b.fleets.map((f) => f.name).join(" against "))}`,
    pointsLine(b), `force_org = ${b.forceOrg}`, "random_terrain = true", b.asymmetric ? "asymmetric = true" : null].filter(Boolean);
  return head.join("\n") + "\n\n" + b.fleets.map((f) => {
    const units = unitsToml(f, "fleet.");
    return `[[fleet]]\nname = ${tq(f.name)}` + (units ? "\n\n" + units : "");
  }).join("\n\n") + "\n";
}

function injectBuilderStyle() {
  if (document.getElementById("wf-builder-style")) return;
  const st = document.createElement("style");
  st.id = "wf-builder-style";
  st.textContent = `
.wf-builder-grid { display: grid; grid-template-columns: minmax(0, 1.6fr) minmax(0, 1fr); gap: 0.8em; align-items: start; }
.wf-builder-side { position: sticky; top: 0.4em; }
.wf-builder .report { font-size: 0.9em; }
.wf-builder .wf-cost { font-size: 1.1em; font-weight: 700; margin: 0.2em 0; }
.wf-builder .wf-cost.bad { color: var(--bad); } .wf-builder .wf-cost.ok { color: var(--good); }
.wf-builder .wf-start-why.bad { color: var(--bad); font-weight: 700; }
.wf-ship { border: 1px solid var(--line); border-radius: 6px; padding: 0.25em 0.5em; margin: 0.35em 0; background: #121827; font-size: 0.93em; }
.wf-ship button, .wf-ship select, .wf-ship input { padding: 0.05em 0.35em; }
.wf-ship-head { display: flex; flex-wrap: wrap; gap: 0.4em; align-items: center; }
.wf-ship-head .grow { flex: 1; }
.wf-ship .wf-systems { margin: 0.15em 0; }
.wf-ship .wf-systems label { display: inline-block; white-space: nowrap; margin: 0 0.6em 0 0; }
.wf-ship .wf-mounts { display: flex; flex-wrap: wrap; gap: 0.2em 0.7em; align-items: center; }
.wf-ship .wf-mounts label { white-space: nowrap; }
.wf-ship .wf-mounts select { width: 10.5em; }
.wf-ship .wf-mounts select.ability { width: 9.5em; }
.wf-tabs button { margin-right: 0.3em; }
.wf-tabs .sum { font-weight: 400; opacity: 0.85; }
.wf-squadrons label { margin-right: 1em; white-space: nowrap; }
.wf-squadrons input { width: 4em; }
@media (max-width: 900px) {
  .wf-builder-grid { grid-template-columns: minmax(0, 1fr); }
  .wf-builder-side { position: static; order: -1; }
  .wf-ship button, .wf-ship select, .wf-ship input:not([type=checkbox]) { padding: 0.2em 0.5em; }
}
`;
  document.head.append(st);
}

const builder = {
  mount(el, ctx) {
    const { h } = ctx;
    injectBuilderStyle();
    const bare = (ctx.roster || []).filter((r) => !r.name.includes(" + "));
    const hulls = bare.length ? bare : FALLBACK_HULLS;
    const shipHulls = hulls.filter((r) => !isSquadron(r.name));
    const squadronHulls = hulls.filter((r) => isSquadron(r.name));
    const pts = (name) => { const r = hulls.find((x) => x.name === name); return r && r.points !== undefined ? r.points : null; };
    const newShip = (hull) => ({ hull, name: "", systems: [], front: "", side: "", rear: "", hero: "", title: "" });
    // The skirmish scenario's two fleets at 300 points (data/scenarios/skirmish.toml),
    // so the builder opens on fleets the server accepts.
    const b = {
      points: 300,
      forceOrg: true,
      asymmetric: false,
      fleets: [
        {
          name: "Iron Armada",
          ships: [
            { ...newShip("Cruiser"), systems: ["Armored Plating", "Shield Booster"], front: "Plasma Cannon", side: "Weapon Batteries" },
            { ...newShip("Destroyer"), systems: ["Pulse Engine"], front: "Energy Cannon", side: "Rapid-fire Cannon", title: "Vanguard" },
            { ...newShip("Corvette"), systems: ["Precision Rig"], front: "Linked Railgun" },
            { ...newShip("Corvette"), systems: ["Stealth Rig", "Repair Bay"] },
          ],
          squadrons: { "Fighter Squadron": 3, "Bomber Squadron": 2, "Gunship Squadron": 1 },
        },
        {
          name: "Star Raiders",
          ships: [
            { ...newShip("Cruiser"), systems: ["Reinforced Ram", "Nuclear Ammo"], front: "Giga Cannon", rear: "Missile Cluster" },
            { ...newShip("Destroyer"), systems: ["Tractor Beam"], front: "Precision Cannon", side: "Pod Launcher", title: "Defiant" },
            { ...newShip("Destroyer"), systems: ["Ablative Armor", "Gravity Bumper"], front: "Energy Cannon" },
            { ...newShip("Corvette"), systems: ["Pulse Engine"], front: "Giga Cannon" },
          ],
          squadrons: { "Gunship Squadron": 2, "Bomber Squadron": 2 },
        },
      ],
    };
    let current = 0;
    const results = [null, null]; // the server's last answer for each fleet

    const tabs = h("div", { class: "row wf-tabs", id: "wf-fleet-tabs" });
    const settings = h("div", { class: "row" });
    const editor = h("div", { id: "wf-fleet-editor" });
    const cost = h("div", { id: "wf-fleet-cost", class: "wf-cost" });
    const report = h("pre", { id: "wf-fleet-report", class: "report" });
    const startReport = h("pre", { id: "wf-start-report", class: "report bad", hidden: true });
    // Start is offered only for fleets the server accepts, as a scenario too; when it
    // is not, the reason is on screen (the server's words), and the totals say when
    // the fleets' points differ.
    const startBtn = h("button", { id: "wf-start", class: "primary", onclick: start, disabled: true, "aria-describedby": "wf-start-why", text: "Start a game: fleet 1 against fleet 2" });
    const startWhy = h("p", { id: "wf-start-why", class: "wf-start-why", "aria-live": "polite" });
    const totals = h("p", { id: "wf-totals", class: "hint" });
    el.textContent = "";
    el.append(h("div", { class: "wf-builder", id: "wf-builder" },
      settings, tabs,
      h("div", { class: "wf-builder-grid" },
        editor,
        h("div", { class: "wf-builder-side panel" },
          h("h3", { text: "Cost and problems (the server's `fleet check`)" }), cost, report,
          h("div", { class: "row" },
            h("button", { id: "wf-save-fleet", onclick: saveFleet, text: "Save fleet file (.toml)" }), " ",
            h("button", { id: "wf-save-scenario", onclick: () => ctx.save("built.toml", wfScenarioToml(b)), text: "Save scenario (.toml)" })),
          totals,
          h("div", { class: "row" }, startBtn),
          startWhy,
          startReport))));

    // The agreed points (shared by both fleets) and force organisation.
    const ptsInput = h("input", { id: "wf-points", type: "number", min: 1, step: 1, value: b.points, style: "width: 5.5em", "aria-label": "Agreed points" });
    ptsInput.addEventListener("input", () => { b.points = ptsInput.value; recheck(); });
    const preset = (n) => h("button", { "data-points": n, onclick: () => { ptsInput.value = n; b.points = n; recheck(); }, text: `${n} pts` });
    const fo = h("input", { id: "wf-force-org", type: "checkbox", checked: b.forceOrg });
    fo.addEventListener("change", () => { b.forceOrg = fo.checked; recheck(); });
    const asym = h("input", { id: "wf-asymmetric", type: "checkbox", checked: b.asymmetric });
    asym.addEventListener("change", () => { b.asymmetric = asym.checked; recheck(); });
    settings.append(h("label", {}, "Agreed points ", ptsInput), " ", preset(300), " ", preset(450), " ",
      h("label", { style: "margin-left: 1em" }, fo, " Force organisation (FB-03)"),
      h("label", { style: "margin-left: 1em", title: "The seed wants fleets of equal points; tick to play unequal fleets on purpose" }, asym, " Unequal fleets (asymmetric)"),
      h("span", { class: "hint", text: "  — both fleets; the server checks everything." }));

    function fileName(f) {
      return `${f.name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "").toLowerCase() || "fleet"}.toml`;
    }
    function saveFleet() {
      ctx.save(fileName(b.fleets[current]), fleetFileToml(b.fleets[current], b));
    }

    function drawTabs() {
      tabs.textContent = "";
      b.fleets.forEach((f, i) => {
        const r = results[i];
        const sum = !r ? "" : r.error ? " — ?" : r.valid ? ` — ${r.report.total} pts ✓` : ` — ${r.problems.length} problem${r.problems.length === 1 ? "" : "s"}`;
        tabs.append(h("button", { class: i === current ? "primary" : "", "data-fleet": i, "aria-pressed": i === current ? "true" : "false",
          onclick: () => { current = i; draw(); showReport(); } },
        `Fleet ${i + 1}: ${f.name}`, h("span", { class: "sum", text: sum })));
      });
    }

    function showReport() {
      const r = results[current];
      if (!r) { cost.textContent = "…"; report.textContent = ""; return; }
      if (r.error) {
        cost.className = "wf-cost bad"; cost.textContent = "The server did not answer";
        report.className = "report bad"; report.textContent = r.error;
        return;
      }
      if (r.valid) {
        cost.className = "wf-cost ok";
        cost.textContent = `${r.report.total} of ${r.report.points} pts — no problems`;
        report.className = "report ok";
        report.textContent = r.text;
      } else {
        cost.className = "wf-cost bad";
        cost.textContent = `${r.problems.length} problem${r.problems.length === 1 ? "" : "s"} (the server prices a fleet without problems)`;
        report.className = "report bad";
        report.textContent = r.problems.join("\n");
      }
    }

    let timer = null;
    let seq = 0;
    let scenario = null; // the server's scenario check of both fleets, once both pass
    let checking = true; // a check of the fleets as they are now is on its way
    const recheck = () => {
      startReport.hidden = true;
      scenario = null;
      checking = true;
      drawTabs();
      drawStart();
      clearTimeout(timer);
      timer = setTimeout(check, 150);
    };
    async function check() {
      const mine = ++seq;
      const answers = await Promise.all(b.fleets.map((f, i) =>
        ctx.check("fleet", fleetFileToml(f, b), fileName(f)).catch((e) => ({ error: e.message }))));
      if (mine !== seq) return; // a newer check is on its way
      answers.forEach((r, i) => { results[i] = r; });
      drawTabs();
      showReport();
      if (answers.every((r) => r.valid)) {
        const r = await ctx.check("scenario", wfScenarioToml(b), "built.toml").catch((e) => ({ valid: false, problems: [e.message] }));
        if (mine !== seq) return;
        scenario = r;
      }
      checking = false;
      drawStart();
    }

    // A problem as the server words it, without the file's name in front.
    const unfiled = (p) => String(p).replace(/^[^:\s]+\.toml: /, "");

    // Start a game: enabled exactly when both fleets and the scenario made of them
    // pass the server's checks; otherwise disabled, with the first reason on screen.
    function drawStart() {
      const named = (i) => `Fleet ${i + 1} (${b.fleets[i].name})`;
      const t = results.map((r) => (!checking && r && r.valid ? r.report.total : null));
      totals.textContent = t.every((x) => x !== null)
        ? `Totals: ${b.fleets.map((f, i) => `${f.name} ${t[i]} pts`).join(", ")}` +
          (t[0] === t[1] ? " — equal." : ` — they differ by ${Math.abs(t[0] - t[1])} pts${b.asymmetric ? " (unequal fleets on purpose)" : ""}.`)
        : "";
      let why = "";
      const failed = results.findIndex((r) => r && !r.valid);
      if (checking || results.some((r) => !r)) why = "Checking the fleets with the server…";
      else if (failed >= 0) {
        const r = results[failed];
        why = r.error ? `The server did not answer: ${r.error}`
          : `${named(failed)}: ${unfiled(r.problems[0])}` + (r.problems.length > 1 ? ` (and ${r.problems.length - 1} more problem${r.problems.length > 2 ? "s" : ""})` : "");
      } else if (!scenario) why = "Checking the scenario with the server…";
      else if (!scenario.valid) {
        why = `The two fleets do not make a scenario: the server's scenario check says why, below.`;
        startReport.hidden = false;
        startReport.textContent = "The scenario (the server's `scenario check`):\n" + scenario.problems.join("\n");
      }
      startBtn.disabled = Boolean(why);
      startWhy.textContent = why ? `Start is off. ${why}` : "";
      startWhy.className = "wf-start-why" + (why && !/^Checking/.test(why) ? " bad" : " hint");
    }

    async function start() {
      const r = await ctx.check("scenario", wfScenarioToml(b), "built.toml").catch((e) => ({ valid: false, problems: [e.message] }));
      if (!r.valid) {
        startReport.hidden = false;
        startReport.textContent = "The scenario (the server's `scenario check`):\n" + r.problems.join("\n");
        return ctx.toast("The fleets do not make a scenario: see the problems.");
      }
      startReport.hidden = true;
      ctx.startWith(r.scenario, `${b.fleets[0].name} against ${b.fleets[1].name}`, 2);
    }

    const option = (value, text, sel) => h("option", { value, text, selected: value === sel });

    function shipCard(f, s, i) {
      const count = h("span", { class: "hint" });
      const showCount = () => {
        const n = s.systems.length + MOUNTS.filter((m) => s[m]).length;
        count.textContent = `${n} upgrade${n === 1 ? "" : "s"} chosen`;
      };
      showCount();
      const changed = () => { showCount(); recheck(); };
      const hull = h("select", { "data-hull": i, "aria-label": `Ship ${i + 1} hull` },
        shipHulls.map((r) => option(r.name, `${r.name}${pts(r.name) !== null ? ` (${pts(r.name)} pts)` : ""}`, s.hull)),
        shipHulls.some((r) => r.name === s.hull) ? null : option(s.hull, s.hull, s.hull));
      hull.addEventListener("change", () => { s.hull = hull.value; draw(); recheck(); });
      const name = h("input", { "data-ship-name": i, value: s.name, placeholder: "name (optional)", size: 12, "aria-label": `Ship ${i + 1} name` });
      name.addEventListener("input", () => { s.name = name.value; recheck(); });
      const systems = h("div", { class: "wf-systems" }, h("span", { class: "hint", text: "Systems: " }), SYSTEMS.map((x) => {
        const c = h("input", { type: "checkbox", "data-system": x, checked: s.systems.includes(x), "aria-label": `Ship ${i + 1} ${x}` });
        c.addEventListener("change", () => {
          s.systems = c.checked ? [...s.systems, x] : s.systems.filter((y) => y !== x);
          changed();
        });
        return h("label", {}, c, ` ${x}`);
      }));
      const pick = (field, names, notes, label) => {
        const sel = h("select", { "data-mount": field, class: names === WEAPONS ? null : "ability", "aria-label": `Ship ${i + 1} ${field}` },
          option("", "—", s[field]), names.map((n) => option(n, notes && notes[n] ? `${n} (${notes[n]})` : n, s[field])));
        sel.addEventListener("change", () => { s[field] = sel.value; changed(); });
        return h("label", {}, `${label} `, sel);
      };
      return h("div", { class: "wf-ship", "data-ship": i },
        h("div", { class: "wf-ship-head" },
          h("strong", { text: `Ship ${i + 1}` }), hull,
          h("span", { class: "hint", text: HULL_NOTES[s.hull] || "" }), name,
          h("span", { class: "grow" }), count,
          h("button", { "data-copy": i, "aria-label": `copy ship ${i + 1}`, onclick: () => { f.ships.splice(i + 1, 0, JSON.parse(JSON.stringify(s))); draw(); recheck(); }, text: "copy" }),
          h("button", { "data-remove": i, "aria-label": `remove ship ${i + 1}`, onclick: () => { f.ships.splice(i, 1); draw(); recheck(); }, text: "remove" })),
        systems,
        h("div", { class: "wf-mounts" }, h("span", { class: "hint", text: "Weapons:" }),
          MOUNTS.map((m) => pick(m, WEAPONS, WEAPON_NOTES, m))),
        h("div", { class: "wf-mounts" }, pick("hero", HEROES, null, "Hero"), pick("title", TITLES, null, "Title")));
    }

    function draw() {
      drawTabs();
      const f = b.fleets[current];
      editor.textContent = "";
      const name = h("input", { id: "wf-fleet-name", value: f.name, size: 16, "aria-label": "Fleet name" });
      name.addEventListener("input", () => { f.name = name.value; recheck(); });
      const squadrons = h("div", { class: "row wf-squadrons", id: "wf-squadrons" }, h("strong", { text: "Squadrons " }),
        squadronHulls.map((r) => {
          const n = h("input", { type: "number", min: 0, max: 30, value: f.squadrons[r.name] || 0, "data-squadron": r.name, "aria-label": `${r.name} count` });
          n.addEventListener("input", () => { f.squadrons[r.name] = n.value === "" ? 0 : Number(n.value); recheck(); });
          return h("label", {}, `${r.name}${pts(r.name) !== null ? ` (${pts(r.name)} pts)` : ""} `, n);
        }));
      editor.append(
        h("div", { class: "row" }, h("label", {}, "Fleet name ", name), " ",
          h("span", { class: "hint", text: "Add a ship: " }),
          shipHulls.flatMap((r) => [h("button", { "data-add-hull": r.name, onclick: () => { f.ships.push(newShip(r.name)); draw(); recheck(); } },
            `+ ${r.name}${pts(r.name) !== null ? ` (${pts(r.name)} pts)` : ""}`), " "]),
          h("button", { id: "wf-clear-fleet", onclick: () => { f.ships = []; f.squadrons = {}; draw(); recheck(); }, text: "Empty this fleet" })),
        h("div", { id: "wf-ships" }, f.ships.length ? f.ships.map((s, i) => shipCard(f, s, i)) : h("p", { class: "hint", text: "No ships yet." })),
        squadrons);
    }

    draw();
    recheck();
  },
};

export default builder;
