// The STGv2 starting-extras builder (docs/web.md, "Fleet builder"), served at
// /builder/stgv2.js: a built-in board (Scenario 1 for 2–6 players, ST-04) and what
// each player starts with beyond ST-05's starting state — Supply List items (ST-15):
// a weapon, shield or engine on the starting ship, an Energy Cell, 1,000 Spendys ON
// station. The items and their prices are the server's roster; the file is a
// scenario file (`base` and `[[forces]] extras`, docs/stgv2.md) and the server's
// `scenario check` says what each player then starts with, or every problem (ST-06's
// nine cells, ST-15's 24 holes).

const q = (x) => JSON.stringify(String(x)); // a TOML basic string
const money = (n) => Number(n).toLocaleString("en-US");
const ORDINAL = ["first", "second", "third", "fourth", "fifth", "sixth"];
// The roster's items in the Supply List's words (ST-15).
const ITEM_WORDS = { weapon: "Weapon on the ship", shield: "Shield on the ship", engine: "Engine on the ship",
  "energy cell": "Energy Cell", "1000 spendys": "1,000 Spendys ON station" };
const plural = (n, one, many) => `${money(n)} ${n === 1 ? one : many}`;

function scenarioToml(b) {
  const lines = [`name = ${q(b.name)}`, `base = ${q(b.base)}`];
  b.extras.forEach((x, seat) => {
    const items = [];
    for (const [name, n] of Object.entries(x)) for (let i = 0; i < n; i++) items.push(q(name));
    lines.push("", `[[forces]] # player ${seat + 1}: the starting state plus these Supply List items`, `extras = [${items.join(", ")}]`);
  });
  return lines.join("\n") + "\n";
}

function injectStyle() {
  if (document.getElementById("st-builder-style")) return;
  const st = document.createElement("style");
  st.id = "st-builder-style";
  st.textContent = `
#st-builder .forces { grid-template-columns: repeat(auto-fill, minmax(min(100%, 23em), 1fr)); }
#st-builder .st-extras { width: 100%; }
#st-builder .st-extras td.price { color: var(--dim); white-space: nowrap; }
#st-builder .st-extras td { padding: 0.1em 0.3em; }
#st-builder .st-extras td.n { text-align: center; min-width: 1.6em; }
#st-builder .st-start { font-size: 0.92em; }
`;
  document.head.append(st);
}

const builder = {
  mount(el, ctx) {
    const { h } = ctx;
    injectStyle();
    const items = ctx.roster || [];
    const boards = ((ctx.ruleset && ctx.ruleset.scenarios) || [{ name: "outpost", seats: 2 }]);
    // Scenario 1 for two players with no extras (the default scenario, ST-05's
    // starting state): a scenario the server accepts.
    const b = { name: "my-outpost", base: boards[0].name, extras: [] };
    const seatsOf = (name) => (boards.find((s) => s.name === name) || { seats: 2 }).seats;
    const fit = () => {
      const n = seatsOf(b.base);
      while (b.extras.length < n) b.extras.push({});
      b.extras.length = n;
    };
    fit();
    let checked = null;
    let starts = [];
    const report = h("pre", { id: "st-report", class: "report" });
    const cols = h("div", { class: "forces", id: "st-players" });
    const board = h("select", { id: "st-base", "aria-label": "Board" },
      boards.map((s) => h("option", { value: s.name, text: `${s.name} (${s.seats} players)`, selected: s.name === b.base })));
    const about = h("p", { class: "hint", id: "st-base-about" });
    board.addEventListener("change", () => { b.base = board.value; fit(); draw(); recheck(); });
    el.textContent = "";
    el.append(h("div", { id: "st-builder" },
      h("div", { class: "row" }, h("label", {}, "Board ", board)), about,
      h("p", { class: "hint", text: "Every player starts with the board's starting state (ST-05); add what a player starts with beyond it, at Supply List prices (ST-15). Under each player: what the server says he then starts with." }),
      cols,
      h("h3", { text: "Check (the server's `scenario check`)" }), report,
      h("div", { class: "row" },
        h("button", { id: "st-save", onclick: () => ctx.save(`${b.name}.toml`, scenarioToml(b)), text: "Save scenario file (.toml)" }), " ",
        h("button", { id: "st-start", class: "primary", onclick: start, text: "Start a game with these players" }))));

    async function start() {
      if (!checked) { clearTimeout(timer); await check(); }
      if (!checked) return ctx.toast("Fix the problems first: see the check.");
      ctx.startWith(checked, `${b.base} with starting extras`, b.extras.length);
    }

    const total = (x) => Object.entries(x).reduce((t, [n, c]) => t + c * ((items.find((r) => r.name === n) || {}).points || 0), 0);
    const startText = (st) => !st ? "Starts with: — (see the check below)" : `Starts with: a ship with ${plural(st.ship.weapon, "Weapon", "Weapons")}, ` +
      `${plural(st.ship.shield, "Shield", "Shields")}, ${plural(st.ship.engine, "Engine", "Engines")}` +
      `${st.ship.shuttle ? `, ${plural(st.ship.shuttle, "Shuttle", "Shuttles")}` : ""}; ` +
      `${plural(st.cells, "Energy Cell", "Energy Cells")}; ${money(st.spendys)} Spendys ON station`;
    function draw() {
      const s = boards.find((x) => x.name === b.base);
      about.textContent = s && s.description ? s.description : "";
      cols.textContent = "";
      b.extras.forEach((x, seat) => {
        cols.append(h("div", { class: "panel force", "data-player": seat },
          h("h3", { text: `Player ${seat + 1} (${ORDINAL[seat] || seat + 1} seat)` }),
          h("table", { class: "st-extras" },
            h("tr", { class: "hint" }, h("td", { text: "Supply List item" }), h("td", { class: "price", text: "Spendys" }), h("td", { colspan: 3 })),
            items.map((r) => {
            const n = x[r.name] || 0;
            return h("tr", {}, h("td", { text: ITEM_WORDS[r.name] || r.name }), h("td", { class: "price", text: money(r.points) }),
              h("td", {}, h("button", { "data-remove": `${seat}.${r.name}`, "aria-label": `player ${seat + 1}: one ${r.name} less`, disabled: n === 0,
                onclick: () => { x[r.name] = Math.max(0, n - 1); draw(); recheck(); }, text: "−" })),
              h("td", { class: "n", text: String(n) }),
              h("td", {}, h("button", { "data-add": `${seat}.${r.name}`, "aria-label": `player ${seat + 1}: one more ${r.name}`,
                onclick: () => { x[r.name] = n + 1; draw(); recheck(); }, text: "+" })));
          })),
          h("div", { class: "total", text: `Extras: ${money(total(x))} Spendys at Supply List prices` }),
          h("div", { class: "st-start", id: `st-start-${seat}`, text: startText(starts[seat]) })));
      });
    }

    let timer = null;
    let seq = 0;
    const recheck = () => { checked = null; clearTimeout(timer); timer = setTimeout(check, 150); };
    async function check() {
      const mine = ++seq;
      let r;
      try {
        r = await ctx.check("scenario", scenarioToml(b), `${b.name}.toml`);
      } catch (e) {
        r = { valid: false, problems: [e.message] };
      }
      if (mine !== seq) return;
      checked = r.valid ? r.scenario : null;
      starts = r.valid ? b.extras.map((_, i) => (r.scenario.forces || [])[i] || r.scenario.start) : [];
      report.className = "report " + (r.valid ? "ok" : "bad");
      report.textContent = r.valid
        ? `${r.check.seats} players; the server accepts the scenario.`
        : r.problems.join("\n");
      b.extras.forEach((_, i) => { const t = document.getElementById(`st-start-${i}`); if (t) t.textContent = startText(starts[i]); });
    }
    draw();
    recheck();
  },
};

export default builder;
