// End-to-end tests of the browser client in a real headless Chromium (Debian's
// `chromium`, driven by playwright-core). Run by `tests/browser.rs`:
//   node e2e.mjs ORRERY_BINARY DATA_DIR OUT_DIR
// It starts `orrery serve` itself (and kills and restarts it for the reconnection
// test). Exits non-zero on the first failure; screenshots go to OUT_DIR.
import { startServer, launchChromium } from "./harness.mjs";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

const [bin, data, out] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });

let server = await startServer(bin, data);
const base = server.base;
const browser = await launchChromium();
const consoleErrors = [];
// While the test has killed the server on purpose, Chromium logs each refused
// reconnection attempt as a console error: those are the outage, not a fault.
let serverDown = false;
let refusedWhileDown = 0;
const step = (m) => console.log(`[e2e] ${m}`);

async function newPage(name) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, acceptDownloads: true });
  const page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    if (serverDown && /ERR_CONNECTION_REFUSED/.test(m.text())) refusedWhileDown += 1;
    else consoleErrors.push(`${name}: ${m.text()}`);
  });
  page.on("pageerror", (e) => consoleErrors.push(`${name}: ${e.message}`));
  page.setDefaultTimeout(20000);
  // These tests decide every choice themselves, forced ones included (site.mjs
  // tests the automatic taking of a forced single choice).
  await context.addInitScript(() => {
    localStorage.setItem("orrery:set:auto-forced", "0");
    localStorage.setItem("orrery:set:quick", "0");
    localStorage.setItem("orrery:anim-speed", "off");
  });
  return { context, page };
}

// The first action of the list (a long list waits behind "show all").
async function clickFirstAction(page) {
  if (await page.locator("#show-all").count()) await page.click("#show-all");
  await page.locator("button.action").first().click();
}
const shot = (page, name) => page.screenshot({ path: path.join(out, name + ".png") });
const turnOf = async (page) => Number((await page.textContent("#game-head")).match(/Turn (\d+)/)[1]);
const myTurn = (page) => page.locator("#your-turn").isVisible();

// One decision by clicking as a person would: select a unit, click a highlighted
// hex and a facing, or an enemy to attack; else the first action in the list.
// Then confirm after reading the odds. Returns a description of what was done.
async function decideLaunchFighters(page) {
  const units = page.locator("[data-select]");
  let what = "list";
  if (await units.count()) {
    await units.first().click();
    const dests = page.locator("polygon.hex.dest");
    const targets = page.locator("g.unit.target");
    if (await dests.count()) {
      await dests.nth(Math.floor((await dests.count()) / 2)).click({ force: true }); // a unit on the hex takes the same click
      const facing = page.locator("g.facing-btn");
      if (await facing.count()) await facing.first().click();
      what = "board move";
    } else if (await targets.count()) {
      await targets.first().click();
      what = "board attack";
    }
  }
  await settled(page);
  if (!(await page.locator("#confirm").count())) {
    await clickFirstAction(page);
    what = "list";
  }
  await page.waitForSelector("#confirm");
  const text = await page.textContent("#pending");
  await confirmAndWait(page);
  return `${what}: ${text.replace(/\s+/g, " ").slice(0, 90)}`;
}

// The same with the keyboard only: a unit, a lit hex and a facing are reached by
// focus and chosen with Enter; Enter confirms (the Confirm button takes the focus).
async function decideByKeyboard(page) {
  await page.focus("[data-select]");
  await page.keyboard.press("Enter");
  await page.waitForSelector("polygon.hex.dest");
  const dests = page.locator("polygon.hex.dest");
  await dests.nth((await dests.count()) - 1).focus();
  await page.keyboard.press("Enter");
  if (await page.locator("g.facing-btn").count()) {
    await page.locator("g.facing-btn").first().focus();
    await page.keyboard.press("Enter");
  }
  await page.waitForSelector("#confirm");
  const hash = await page.getAttribute("#game-head", "data-hash");
  await page.keyboard.press("Enter");
  await page.waitForFunction((h) => document.querySelector("#game-head")?.dataset.hash !== h, hash);
}

// The choice clicked is shown with its odds and preview (the page asks the server
// for them first).
const settled = (page) => page.waitForFunction(() => !document.querySelector("#pending")?.dataset.loading);

// Confirm the pending choice and wait until the page shows the state after it.
async function confirmAndWait(page) {
  const hash = await page.getAttribute("#game-head", "data-hash");
  await page.click("#confirm");
  await page.waitForFunction((h) => document.querySelector("#game-head")?.dataset.hash !== h, hash);
}

async function waitForDecisionOrTurn(page, minTurn, ms = 30000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await myTurn(page)) return true;
    if ((await page.locator("#outcome").count())) return false;
    await page.waitForTimeout(100);
  }
  throw new Error(`no decision came (turn ${await turnOf(page)}, wanted ${minTurn})`);
}

// ---- 1. Launch Fighters! against the AI, several whole turns by clicking; reload
// mid-game; resign; then the replay.
// Issue 41: against the AI, the win-chance bar (a setting) shows the seat's chance
// at its decision, and the Hint lists the AI's top three choices with theirs; a
// click on one shows it on the board as the pending choice, to confirm or cancel.
async function checkHint(page, name) {
  await page.click("#settings");
  await page.check("#set-chance-bar");
  await page.click("#settings");
  await page.waitForFunction(() => /^\d+%$/.test((document.querySelector("#chance-value") || {}).textContent || ""));
  await page.click("#hint-button");
  await page.waitForSelector("#hint-list li");
  const n = await page.locator("#hint-list li").count();
  assert.ok(n >= 1 && n <= 3, `the hint lists 1 to 3 choices, not ${n}`);
  assert.match(await page.textContent("#hint-list"), /\d+%/);
  // The choices are ringed and numbered on the board too (the board's `marks` hook).
  await page.waitForSelector("#board .board-mark.hint");
  const rings = await page.locator("#board .board-mark.hint").count();
  assert.ok(rings >= 1 && rings <= n, `the board rings 1 to ${n} hinted places, not ${rings}`);
  const labels = await page.locator("#board .board-mark-label").allTextContents();
  assert.ok(labels.length >= 1 && labels.every((l) => /^[123](,[123])*$/.test(l)), `ring labels ${labels}`);
  await page.locator("#hint-list button").first().click();
  await page.waitForSelector("#confirm");
  await shot(page, name);
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator("#hint").scrollIntoViewIfNeeded();
  await shot(page, name + "-phone");
  await page.setViewportSize(desktop);
  await page.click("#cancel");
  step(`${name}: ${n} hinted choices (${rings} ringed), the chance bar at ${await page.textContent("#chance-value")}`);
}

async function launchFightersAgainstAi() {
  const { page } = await newPage("lf");
  await page.goto(base + "/");
  await page.waitForSelector("#create");
  await page.selectOption("#ruleset", "launch-fighters");
  await page.selectOption("#scenario", "asteroid-field");
  await page.selectOption('[data-seat="1"]', "normal");
  await page.fill("#seed", "7");
  await shot(page, "01-lobby");
  await page.click("#create");
  await page.click("#play-link");
  await page.waitForSelector("#hexmap");
  const id = page.url().split("/g/")[1];
  step(`LF game ${id}`);
  let decisions = 0, boardClicks = 0, reloaded = false, odds = false, keyboardMove = false, hinted = false;
  while ((await turnOf(page)) < 4) {
    if (!(await waitForDecisionOrTurn(page, 4))) break;
    if (!hinted && decisions >= 2 && (await page.locator("#hint-button").isVisible())) {
      await checkHint(page, "02b-lf-hint");
      hinted = true;
    }
    // Once, when a unit may move: by keyboard alone.
    if (!keyboardMove && (await page.textContent("#game-head")).includes("movement") && (await page.locator("[data-select]").count())) {
      await decideByKeyboard(page);
      keyboardMove = true;
      decisions++;
      continue;
    }
    const did = await decideLaunchFighters(page);
    if (did.startsWith("board")) boardClicks++;
    if (did.includes("Odds")) odds = true;
    decisions++;
    if (decisions === 3) await shot(page, "02-lf-playing");
    if (decisions === 12 && !reloaded) {
      await page.reload();
      await page.waitForSelector("#hexmap");
      reloaded = true;
      step("reloaded mid-game");
      await shot(page, "03-lf-after-reload");
    }
    if (decisions > 400) throw new Error("too many decisions for 3 turns");
  }
  const turn = await turnOf(page);
  step(`LF: ${decisions} decisions (${boardClicks} on the board), now turn ${turn}, odds seen: ${odds}`);
  assert.ok(turn >= 4, "three whole turns played");
  assert.ok(boardClicks >= 4, "moves made by clicking the map");
  assert.ok(reloaded, "reloaded mid-game");
  assert.ok(keyboardMove, "a move made with the keyboard alone");
  assert.ok(odds, "an attack's odds were shown before it was confirmed");
  assert.ok(hinted, "a hint was asked for and shown");
  // Zoom the map in, look, and fit it again.
  await page.click("#zoom-in");
  await page.click("#zoom-in");
  assert.equal(await page.getAttribute("#board", "data-zoom"), "1.56");
  await shot(page, "13-lf-zoomed");
  await page.click("#zoom-fit");
  // Select a unit and show its arcs for the screenshot.
  await page.locator("g.unit").first().click();
  await shot(page, "04-lf-selected");
  page.once("dialog", (d) => d.accept());
  await page.click("#resign");
  await page.waitForSelector("#outcome");
  assert.match(await page.textContent("#outcome"), /resigned/);
  // The replay: step forward and back, jump to a turn, export.
  await page.click('a[href^="#/replay/"]');
  await page.waitForSelector("#step");
  assert.match(await page.textContent("#step"), /action 0 of \d+/);
  await page.click("#forward");
  await page.waitForFunction(() => /action 1 of/.test(document.querySelector("#step").textContent));
  await page.click("#forward");
  await page.waitForFunction(() => /action 2 of/.test(document.querySelector("#step").textContent));
  await page.click("#back");
  await page.waitForFunction(() => /action 1 of/.test(document.querySelector("#step").textContent));
  const turns = await page.locator("#turn option").count();
  assert.ok(turns >= 3, "jump-to-turn lists the turns");
  await page.selectOption("#turn", { index: 2 });
  await page.waitForFunction(() => /Turn 2/.test(document.querySelector(".replay-head").textContent));
  await page.waitForSelector("#hexmap");
  await shot(page, "05-lf-replay");
  // The analysis (issue 41): asked for, drawn as a graph with the marked decisions
  // and a line per seat; a marked decision (or the graph's mark) jumps there.
  await page.click("#analyse");
  await page.waitForSelector("#analysis svg.analysis-graph polyline");
  const seatsRows = await page.locator(".analysis-seats tr").count();
  assert.equal(seatsRows, 3, "a header and a row per seat");
  const marked = await page.locator(".marks li").count();
  step(`LF analysis: ${marked} marked decisions`);
  if (marked) {
    const to = Number((await page.locator(".marks li button").first().textContent()).slice(1));
    await page.locator(".marks li button").first().click();
    await page.waitForFunction((n) => document.querySelector("#step").textContent.startsWith(`action ${n} of`), to);
  }
  await page.locator("#analysis").scrollIntoViewIfNeeded();
  await shot(page, "05b-lf-analysis");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator("#analysis").scrollIntoViewIfNeeded();
  await shot(page, "05c-lf-analysis-phone");
  await page.setViewportSize({ width: 1366, height: 768 });
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export")]);
  const file = path.join(out, "exported-record.json");
  await download.saveAs(file);
  const record = JSON.parse(fs.readFileSync(file, "utf8"));
  assert.equal(record.ruleset, "launch-fighters");
  assert.ok(record.actions.length > 10);
  // Import it again on the import page and step through.
  await page.goto(base + "/#/replay");
  await page.setInputFiles("#import", file);
  await page.waitForFunction(() => /action 0 of/.test(document.querySelector("#step")?.textContent || ""));
  await page.click("#last");
  await page.waitForFunction((n) => document.querySelector("#step").textContent === `action ${n} of ${n}`, record.actions.length);
  step("LF replay stepped, exported and imported");
  return id;
}

// ---- 2. Stratoyager, two browsers against each other, secret orders.
async function stratoyagerSecretOrders() {
  const a = await newPage("sy-a");
  const b = await newPage("sy-b");
  const framesB = [];
  b.page.on("websocket", (ws) => ws.on("framereceived", (f) => framesB.push(String(f.payload))));
  const framesA = [];
  a.page.on("websocket", (ws) => ws.on("framereceived", (f) => framesA.push(String(f.payload))));
  await a.page.goto(base + "/");
  await a.page.waitForSelector("#create");
  await a.page.selectOption("#ruleset", "stratoyager");
  await a.page.selectOption('[data-seat="1"]', "human");
  await a.page.click("#create");
  const link = await a.page.inputValue('[data-seat-link="1"]');
  await a.page.click("#play-link");
  await a.page.waitForSelector("#table");
  await b.page.goto(link);
  await b.page.waitForSelector("#table");
  assert.ok(!b.page.url().includes("join"), "the token leaves the address bar");
  step("SY: both seats in");
  let secretChecks = 0, maneuvers = 0;
  const sides = [{ p: a.page, frames: framesA, seat: 0 }, { p: b.page, frames: framesB, seat: 1 }];
  for (let round = 0; round < 120; round++) {
    if (secretChecks >= 4 && maneuvers >= 2) break;
    // Whoever owes a decision: the first side commits, then we look at the other
    // side's page before it commits (the order must not be there), then it commits.
    const owing = [];
    for (const s of sides) if (await myTurn(s.p)) owing.push(s);
    if (!owing.length) { await a.page.waitForTimeout(150); continue; }
    const [first, second] = owing;
    const secret = await first.p.evaluate(() => /Secret orders/.test(document.querySelector("#sy-panel")?.textContent || ""));
    const mark = second ? second.frames.length : 0;
    const hidden = (s) => [...document.querySelectorAll(`[data-ask-seat="${s}"]`)].filter((li) => /committed \(hidden\)/.test(li.textContent)).length;
    const before = second ? await second.p.evaluate(hidden, first.seat) : 0;
    const order = await decideStratoyager(first.p);
    if (order.maneuver) maneuvers++;
    if (second && secret) {
      // The other page now shows that this seat committed, never what.
      // The count is written out here, not passed as source: the page's CSP forbids eval.
      await second.p.waitForFunction(([s, n]) => [...document.querySelectorAll(`[data-ask-seat="${s}"]`)].filter((li) => /committed \(hidden\)/.test(li.textContent)).length > n, [first.seat, before]);
      const html = await second.p.content();
      const storage = await second.p.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
      const frames = second.frames.slice(mark).join("\n");
      for (const [where, text] of [["DOM", html], ["storage", storage], ["WebSocket", frames]]) {
        assert.ok(!text.includes(order.text), `seat ${second.seat}'s ${where} holds seat ${first.seat}'s unrevealed order "${order.text}"`);
      }
      for (const f of second.frames.slice(mark)) {
        const m = JSON.parse(f);
        for (const ask of m.view?.batch?.asks || []) {
          if (ask.seat === first.seat && m.view.batch.secret) assert.equal(ask.answer ?? null, null, "another seat's answer in a state message");
        }
        for (const e of m.events || []) assert.notEqual(e.event?.kind, "your_order", "another seat's private order event");
      }
      secretChecks++;
      if (secretChecks === 1) await shot(second.p, "06-sy-committed-hidden");
      const revealMark = first.frames.length;
      const second_order = await decideStratoyager(second.p);
      if (second_order.maneuver) maneuvers++;
      // Both see the reveal: the first page gets a state message with the other's answer resolved.
      await first.p.waitForFunction((n) => n, true);
      void revealMark;
    }
    await a.page.waitForTimeout(150);
  }
  step(`SY: ${secretChecks} secret batches checked, ${maneuvers} maneuvers planned`);
  assert.ok(secretChecks >= 3, "several secret batches were checked");
  assert.ok(maneuvers >= 2, "maneuvers planned in the planner");
  // Both pages saw the reveal of the other's orders in their logs.
  const logA = await a.page.textContent("#log"), logB = await b.page.textContent("#log");
  assert.ok(logA.length > 50 && logB.length > 50);
  await shot(a.page, "08-sy-after-reveal");
  await a.context.close();
  await b.context.close();
}

// One SY decision: the maneuver planner for a Movement Action, else the first
// action in the list; returns the committed order's description.
async function decideStratoyager(page) {
  let maneuver = false;
  if (await page.locator("#planner").count()) {
    await page.selectOption("#first-driver", "accelerate");
    await page.fill("#first-thrust", "1");
    await page.locator("#first-thrust").dispatchEvent("change");
    await page.waitForSelector("#plan-status div");
    await page.waitForFunction(() => !document.querySelector("#plan-choose")?.disabled);
    await page.waitForSelector("polyline.plan-path", { state: "attached" });
    if (!(await page.evaluate(() => window.__syPlannerShot))) {
      await page.screenshot({ path: path.join(out, "07-sy-planner.png") });
      await page.evaluate(() => (window.__syPlannerShot = true));
    }
    await page.click("#plan-choose");
    await page.waitForSelector("#stress");
    maneuver = true;
  } else {
    await clickFirstAction(page);
  }
  await page.waitForSelector("#confirm");
  const text = (await page.textContent(".pending-text")).replace(/^Your choice:\s*/, "").trim();
  await confirmAndWait(page);
  return { text, maneuver };
}

// ---- 3. The fleet builder: a Blue Book fleet and a designed ship, saved, then a
// game started with it.
async function fleetBuilder() {
  const { page } = await newPage("builder");
  await page.goto(base + "/#/builder");
  await page.waitForSelector("#blue-book");
  // The builder opens on a valid example fleet: start from an empty one.
  await page.waitForSelector("#clear-fleet");
  await page.click("#clear-fleet");
  await page.click('[data-design="Excelsior"]');
  await page.fill("#design-name", "Picket One");
  await page.fill("#design-cannons", "2");
  await page.fill("#design-defense", "3");
  await page.waitForFunction(() => /Picket One\s+\d+/.test(document.querySelector("#design-cost").textContent));
  const cost = await page.textContent("#design-cost");
  await page.click("#add-design");
  await page.waitForFunction(() => /total/i.test(document.querySelector("#fleet-report").textContent) && /Picket One/.test(document.querySelector("#fleet-report").textContent));
  await shot(page, "09-builder");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save-fleet")]);
  const file = path.join(out, "my-fleet.toml");
  await download.saveAs(file);
  const toml = fs.readFileSync(file, "utf8");
  assert.match(toml, /design = "Excelsior"/);
  assert.match(toml, /name = "Picket One"/);
  // Over the limit: the server's message, as the CLI prints it.
  await page.fill("#fleet-points", "20");
  await page.waitForFunction(() => /over its limit/.test(document.querySelector("#fleet-report").textContent));
  await page.fill("#fleet-points", "200");
  await page.waitForFunction(() => !/over its limit/.test(document.querySelector("#fleet-report").textContent));
  await page.click("#use-fleets");
  await page.waitForSelector("#builder-start #create");
  await page.selectOption('#builder-start [data-seat="1"]', "open");
  await page.click("#builder-start #create");
  await page.click("#play-link");
  await page.waitForSelector("#hexmap");
  await page.waitForFunction(() => /Picket One/.test(document.querySelector("#fleets")?.textContent || ""));
  // Someone in the lobby takes the open seat.
  const id = page.url().split("/g/")[1];
  const other = await newPage("joiner");
  await other.page.goto(base + "/");
  await other.page.click(`[data-join="${id}/1"]`);
  await other.page.waitForSelector("#hexmap");
  await other.page.waitForFunction(() => /you are (seat 1|Seat 1)/i.test(document.querySelector("#game-head").textContent));
  await other.page.goto(base + "/");
  await other.page.waitForSelector(`tr[data-game="${id}"]`);
  assert.equal(await other.page.locator(`[data-join="${id}/1"]`).count(), 0, "a taken seat is not offered again");
  step(`builder: fleet saved (${toml.split("\n").length} lines), design cost shown (${cost.trim().split("\n")[0]}), game started, open seat taken`);
  await shot(page, "10-builder-game");

  // Stratoyager: forces by points, saved as a scenario file, then played.
  await page.goto(base + "/#/builder");
  await page.waitForSelector("#builder-ruleset");
  await page.selectOption("#builder-ruleset", "stratoyager");
  await page.waitForSelector('[data-force="0"] [data-add="Vulture Mk IV"]');
  await page.click('[data-empty-force="0"]');
  await page.click('[data-empty-force="1"]');
  await page.click('[data-force="0"] [data-add="Vulture Mk IV"]');
  await page.click('[data-force="0"] [data-add="Guardian 151a"]');
  await page.click('[data-force="1"] [data-add="Blackbuck Mk II"]');
  await page.click('[data-force="1"] [data-add="Blackbuck Mk II"]');
  await page.waitForFunction(() => /Vulture Mk IV/.test(document.querySelector("#force-report").textContent) && /ok/.test(document.querySelector("#force-report").className));
  await page.fill("#force-points", "200");
  await page.waitForFunction(() => /over the scenario's limit|over/.test(document.querySelector("#force-report").textContent));
  const overMsg = await page.textContent("#force-report");
  await page.fill("#force-points", "400");
  await page.waitForFunction(() => /ok/.test(document.querySelector("#force-report").className));
  await shot(page, "11-builder-stratoyager");
  const [dl] = await Promise.all([page.waitForEvent("download"), page.click("#save-scenario")]);
  const sfile = path.join(out, "my-battle.toml");
  await dl.saveAs(sfile);
  assert.match(fs.readFileSync(sfile, "utf8"), /units = \["Vulture Mk IV", "Guardian 151a"\]/);
  await page.click("#use-forces");
  await page.waitForSelector("#builder-start #create");
  await page.selectOption('#builder-start [data-seat="1"]', "easy");
  await page.click("#builder-start #create");
  await page.click("#play-link");
  await page.waitForSelector("#table");
  await page.waitForFunction(() => /Vulture Mk IV/.test(document.body.textContent));
  step(`builder: Stratoyager forces checked (over the limit: ${overMsg.trim().split("\n")[0].slice(0, 80)}), saved, game started`);
  return file;
}

// ---- 3b. The Warfleets fleet builder: ships added by clicking, the server's cost,
// a force organisation problem as the server words it, fixed, saved, then a game.
async function warfleetsBuilder() {
  const started = Date.now();
  const { page } = await newPage("wf-builder");
  await page.goto(base + "/#/builder");
  await page.waitForSelector("#builder-ruleset");
  await page.selectOption("#builder-ruleset", "warfleets");
  await page.waitForSelector("#wf-builder [data-add-hull=Corvette]");
  // The builder opens on the skirmish's fleets: start from an empty one.
  await page.click("#wf-clear-fleet");
  const report = () => page.textContent("#wf-fleet-report");
  const reportHas = (re) => page.waitForFunction((src) => new RegExp(src).test(document.querySelector("#wf-fleet-report").textContent), re.source);
  await page.click("[data-points='300']");
  assert.ok(await page.isChecked("#wf-force-org"), "force organisation is on by default");
  // The first answer of the server (the empty fleet's).
  await page.waitForFunction(() => document.querySelector("#wf-fleet-report").textContent.trim() !== "");
  // A Corvette with its two upgrades: the server prices it.
  await page.click("[data-add-hull=Corvette]");
  await reportHas(/takes exactly 2 upgrades/);
  await page.click('[data-ship="0"] [data-system="Pulse Engine"]');
  await page.selectOption('[data-ship="0"] [data-mount="front"]', "Energy Cannon");
  await reportHas(/40 of 300 pts, force organisation on/);
  await page.fill("[data-squadron='Fighter Squadron']", "2");
  await reportHas(/60 of 300 pts/);
  // Broadside on the front: the server says so.
  await page.selectOption('[data-ship="0"] [data-mount="front"]', "Weapon Batteries");
  await reportHas(/has Broadside: it may only be mounted on the side/);
  await page.selectOption('[data-ship="0"] [data-mount="front"]', "Energy Cannon");
  // Three Corvettes at 300 pts: force organisation allows two copies (FB-03).
  await page.click('[data-copy="0"]');
  await page.click('[data-copy="0"]');
  await reportHas(/3 × Corvette; force organisation allows 2 copies of one ship at 300 pts/);
  const problem = (await report()).trim();
  assert.match(await page.textContent("#wf-fleet-cost"), /1 problem/);
  await shot(page, "34-warfleets-builder");
  // At 450 pts three are allowed; back at 300, one removed.
  await page.click("[data-points='450']");
  await reportHas(/140 of 450 pts/);
  await page.click("[data-points='300']");
  await reportHas(/3 × Corvette/);
  await page.click('[data-remove="2"]');
  await reportHas(/100 of 300 pts, force organisation on/);
  assert.match(await page.getAttribute("#wf-fleet-report", "class"), /\bok\b/);
  const [dl] = await Promise.all([page.waitForEvent("download"), page.click("#wf-save-fleet")]);
  const file = path.join(out, "warfleets-fleet.toml");
  await dl.saveAs(file);
  const toml = fs.readFileSync(file, "utf8");
  assert.match(toml, /^name = "Iron Armada"\npoints = 300\nforce_org = true\n/);
  assert.equal(toml.match(/\[\[ship\]\]\nhull = "Corvette"\nsystems = \["Pulse Engine"\]\nfront = "Energy Cannon"/g).length, 2);
  assert.match(toml, /\[\[squadron\]\]\nhull = "Fighter Squadron"\ncount = 2/);
  // The second fleet is the builder's sample; both make the game.
  await page.click('[data-fleet="1"]');
  await page.waitForFunction(() => /Star Raiders|Cruiser/.test(document.querySelector("#wf-fleet-report").textContent));
  // Seed "Floty": fleets of equal points. 100 against 210 pts is refused, with the
  // difference, by the server's scenario check, before any click: Start is off
  // (issue 37)…
  await page.waitForFunction(() => {
    const r = document.querySelector("#wf-start-report");
    return r && !r.hidden && /185 pts apart/.test(r.textContent) && /asymmetric = true/.test(r.textContent);
  });
  assert.ok(await page.isDisabled("#wf-start"), "Start is off for fleets the scenario check refuses");
  // …unless the scenario says the fleets are unequal on purpose.
  await page.check("#wf-asymmetric");
  await page.click("#wf-start");
  await page.waitForSelector("#builder-start #create");
  await page.selectOption('#builder-start [data-seat="1"]', "easy");
  await page.click("#builder-start #create");
  await page.click("#play-link");
  await page.waitForSelector("#wf-table");
  await page.waitForSelector("#wf-panel[data-question]");
  step(`WF builder: cost and problems from the server (${problem.split("\n").pop().slice(0, 90)}), fixed, saved (${toml.split("\n").length} lines), game started (${Math.round((Date.now() - started) / 1000)} s)`);
  assert.deepEqual(consoleErrors, [], "console errors");
}

// ---- 4. The server is killed (-9) mid-game: the page says so, reconnects when it
// is back, and play goes on where it stood.
async function reconnectAfterKill() {
  const { page } = await newPage("reconnect");
  const r = await fetch(base + "/api/games", { method: "POST", body: JSON.stringify({ ruleset: "launch-fighters", seed: 4, seats: [{ type: "human" }, { type: "agent", agent: "greedy" }] }) }).then((x) => x.json());
  await page.goto(`${base}/#/join/${r.id}/${r.seats[0].token}`);
  await page.waitForSelector("#hexmap");
  await waitForDecisionOrTurn(page, 0);
  await decideLaunchFighters(page);
  // Kill it while the decision is ours (the AI is not thinking).
  await waitForDecisionOrTurn(page, 0);
  await page.waitForFunction(() => /^connected$/.test(document.querySelector("#conn").textContent));
  const before = await page.getAttribute("#game-head", "data-hash");
  serverDown = true;
  server.child.kill("SIGKILL");
  await page.waitForFunction(() => /connection lost/.test(document.querySelector("#conn").textContent));
  await page.waitForSelector("#offline");
  await shot(page, "12-connection-lost");
  server = await startServer(bin, data, base.replace("http://", ""));
  await page.waitForFunction(() => /^connected$/.test(document.querySelector("#conn").textContent), null, { timeout: 30000 });
  serverDown = false;
  assert.equal(await page.getAttribute("#game-head", "data-hash"), before, "the game stands where it stood");
  await waitForDecisionOrTurn(page, 0);
  await decideLaunchFighters(page);
  step(`reconnect: killed -9, the page said so (${refusedWhileDown} refused attempts while down), reconnected to the restarted server and played on`);
}

// The bearing (degrees, + = right) from our lead to the nearest enemy, as the board
// draws them: the test's own pilot, to get a shot in.
const bearingToEnemy = (page) => page.evaluate(() => {
  const fs = [...document.querySelectorAll("g.bs-fighter")].map((g) => ({ seat: +g.dataset.seat, x: +g.dataset.x, y: +g.dataset.y, heading: +g.dataset.heading }));
  const me = fs.find((f) => f.seat === 0), foes = fs.filter((f) => f.seat === 1);
  if (!me || !foes.length) return 0;
  const d = (f) => Math.hypot(f.x - me.x, f.y - me.y);
  const e = foes.reduce((a, b) => (d(a) <= d(b) ? a : b));
  const b = (Math.atan2(e.x - me.x, e.y - me.y) * 180) / Math.PI - me.heading;
  return ((b + 540) % 360) - 180;
});

// ---- 5. Black Skies against the AI: a duel played on the board alone (deploy by
// clicking the own zone, the secret set-up of speed and first card, cards, options
// and targets from the board's controls), through turn 2; the secret card control is
// the player's alone, and who moves first is drawn only after set-up (seed PLAY).
async function blackSkiesDuelAgainstAi() {
  const { page } = await newPage("bs");
  await page.goto(base + "/");
  await page.waitForSelector("#create");
  await page.selectOption("#ruleset", "black-skies");
  await page.selectOption("#scenario", "duel");
  await page.selectOption('[data-seat="1"]', "easy");
  await page.fill("#seed", "11");
  await page.click("#create");
  await page.click("#play-link");
  await page.waitForSelector("#bs-table");
  const id = page.url().split("/g/")[1];
  const watch = await newPage("bs-watch");
  await watch.page.goto(`${base}/#/watch/${id}`);
  await watch.page.waitForSelector("#bs-table");
  step(`BS game ${id}`);
  const seen = {};
  let secretChecks = 0, pathsShown = 0, odds = false, firstDrawn = false;
  // Who moves first is drawn after set-up: until then nobody's page says who.
  const undrawn = async (p) => assert.match(await p.textContent("#bs-first"), /who moves first is drawn after set-up/);
  // Through turn 2, and on to turn 6 until a shot has been fired from the board.
  const more = async () => (await turnOf(page)) < (odds ? 3 : 7);
  for (let n = 0; await more(); n++) {
    if (n > 300) throw new Error("too many Black Skies decisions");
    if (!(await waitForDecisionOrTurn(page, 3))) break;
    if (!(await more())) break;
    const phase = await page.getAttribute("#bs-panel", "data-phase");
    seen[phase] = (seen[phase] || 0) + 1;
    let secret = null;
    if (phase === "deploy" || phase === "ready") {
      await undrawn(page);
      await undrawn(watch.page);
    } else if (!firstDrawn) {
      // The roll is an event both see, and the panel says who starts every turn.
      await watch.page.waitForFunction(() => [...document.querySelectorAll("#log li")].some((li) => /who moves first is drawn: d2 [12], .* moves first every turn/.test(li.textContent)));
      assert.match(await page.textContent("#bs-first"), /starts every turn/);
      firstDrawn = true;
    }
    // Our cards put face down (in set-up: an element readied), as the spectator's log tells them.
    const facedown = () => watch.page.evaluate(() => [...document.querySelectorAll("#log li")].filter((li) => /^Tigers (.* puts a card face down|readies an element in secret)/.test(li.textContent)).length);
    const downBefore = await facedown();
    if (phase === "deploy") {
      // A click in the own zone, away from the dots: the nearest legal spot is taken.
      const zone = page.locator("#bs-zone-mine");
      const box = await zone.boundingBox();
      await zone.click({ position: { x: box.width * (0.3 + 0.1 * seen.deploy), y: box.height * 0.3 }, force: true });
      await page.waitForSelector("g.bs-heading");
      await page.click('g.bs-heading[data-heading="0"]');
      if (await page.locator("[data-wing]").count()) await page.locator("[data-wing]").last().click();
      if (seen.deploy === 1) await shot(page, "20-black-skies-deploy");
      await page.click("#bs-deploy");
    } else if (phase === "ready" && (await page.locator("[data-speed]").count())) {
      // Set-up, secret: the next element of the deck and its starting speed…
      assert.equal(await watch.page.locator("[data-speed]").count(), 0, "the spectator sees a speed control");
      seen.speed = (seen.speed || 0) + 1;
      if (seen.speed === 1) await shot(page, "20b-black-skies-setup-speed");
      await page.click('[data-speed="6"]');
    } else if (phase === "ready" || phase === "card") {
      // …then its first card (set-up), or the next card after an activation.
      // The secret control: on this page only, never on the spectator's.
      assert.equal(await watch.page.locator("#bs-cards, [data-card]").count(), 0, "the spectator sees a card control");
      const cards = page.locator("#bs-cards [data-card]");
      assert.ok((await cards.count()) >= 3, "the card control offers the element's cards");
      await page.hover('#bs-cards [data-card="2"]');
      await page.waitForSelector("#bs-paths polyline", { state: "attached" });
      pathsShown++;
      if (seen.card === 1) await shot(page, "21-black-skies-card");
      if (phase === "ready" && !seen.firstCard) await shot(page, "20c-black-skies-setup-card");
      if (phase === "ready") seen.firstCard = (seen.firstCard || 0) + 1;
      // Towards the nearest enemy: Straight, or Break Left / Right.
      const b = await bearingToEnemy(page);
      const pick = page.locator(`#bs-cards [data-card="${b < -20 ? 2 : b > 20 ? 3 : 1}"]`);
      secret = (await pick.textContent()).trim();
      await pick.click();
      if (phase === "card") await page.waitForSelector("#bs-preview");
    } else if (phase === "maneuver") {
      await page.hover("[data-option]");
      await page.waitForSelector("#bs-paths polyline", { state: "attached" });
      pathsShown++;
      const b = await bearingToEnemy(page);
      const opts = page.locator("[data-option]");
      const sharp = Math.abs(b) > 45 && !/^Straight/.test(await opts.first().textContent());
      await (sharp ? opts.last() : opts.first()).click();
    } else if (phase === "group") {
      await page.locator("[data-sizes]").first().click();
    } else if (phase === "fire") {
      const targets = page.locator("g.bs-fighter.target");
      if (await targets.count()) {
        await targets.first().locator("polygon").click();
        await page.waitForSelector("#odds");
        if (!odds) await shot(page, "22-black-skies-fire");
        odds = true;
      } else {
        await page.click("#bs-hold");
      }
    } else {
      throw new Error(`a Black Skies decision in phase ${phase}`);
    }
    await page.waitForSelector("#confirm");
    await confirmAndWait(page);
    if (secret) {
      // Committed: the spectator learns that a card lies face down (in set-up: that
      // an element is ready, and the cards once both sides are), never which.
      await watch.page.waitForFunction(([n]) => [...document.querySelectorAll("#log li")].filter((li) => /^Tigers (.* puts a card face down|readies an element in secret)/.test(li.textContent)).length > n, [downBefore]);
      await watch.page.waitForFunction(() => /a card lies face down/.test(document.querySelector("#bs-elements").textContent));
      const html = await watch.page.content();
      assert.ok(!html.includes(secret), `the spectator's page holds the secret card "${secret}"`);
      secretChecks++;
    }
  }
  const turn = await turnOf(page);
  const over = (await page.locator("#outcome").count()) > 0;
  step(`BS: decisions by phase ${JSON.stringify(seen)}, now turn ${turn}${over ? " (game over)" : ""}, ${secretChecks} secret cards checked, paths shown ${pathsShown}, odds seen: ${odds}, who moves first drawn after set-up: ${firstDrawn}`);
  assert.ok(turn >= 3 || over, "two whole turns played");
  assert.ok(seen.deploy >= 1 && seen.speed >= 1 && seen.firstCard >= 1, "set up on the board");
  assert.ok(firstDrawn, "who moves first drawn and shown after set-up");
  assert.ok(secretChecks >= 2 && pathsShown >= 1, "cards chosen with their paths shown");
  const enemy = page.locator('g.bs-fighter[data-seat="1"]:not(.selected):not(.target) polygon');
  if (await enemy.count()) await enemy.first().click();
  await shot(page, "23-black-skies-selected");
  await shot(watch.page, "24-black-skies-spectator");
  // The replay draws the same board, step by step.
  await page.click('a[href^="#/replay/"]');
  await page.waitForSelector("#step");
  await page.selectOption("#turn", { index: 1 });
  await page.waitForFunction(() => /Turn 1/.test(document.querySelector(".replay-head").textContent));
  await page.waitForSelector("#bs-table g.bs-fighter");
  assert.deepEqual(consoleErrors, [], "console errors");
  await watch.context.close();
}

// ---- 6. Warfleets against the AI: the patrol scenario (150 pts) played on the board
// alone: marker spots, deployment spots, facings on the ring, activations, ship
// orders in the planner with their path previewed, squadron flights, shots at
// ringed targets with their odds; through round 2 (or the end of the game).
async function warfleetsAgainstAi() {
  const started = Date.now();
  const { page } = await newPage("wf");
  await page.goto(base + "/");
  await page.waitForSelector("#create");
  await page.selectOption("#ruleset", "warfleets");
  await page.selectOption("#scenario", "patrol");
  await page.selectOption('[data-seat="1"]', "easy");
  await page.fill("#seed", "5");
  await page.click("#create");
  await page.click("#play-link");
  await page.waitForSelector("#wf-table");
  const id = page.url().split("/g/")[1];
  step(`WF game ${id}`);
  const seen = {};
  let boardClicks = 0, orderPreviews = 0, flights = 0, shots = 0;
  // The models as the board draws them.
  const models = () => page.evaluate(() => [...document.querySelectorAll("#wf-table g.wf-model")].map((g) => ({
    id: +g.dataset.model, seat: +g.dataset.seat, x: +g.dataset.x, y: +g.dataset.y, heading: +g.dataset.heading, cls: g.getAttribute("class"),
  })));
  // Through round 2, and on to round 5 until a shot has been fired from the board.
  const more = async () => (await turnOf(page)) < (shots ? 3 : 6);
  for (let n = 0; await more(); n++) {
    if (n > 400) throw new Error("too many Warfleets decisions");
    if (!(await waitForDecisionOrTurn(page, 3, 60000))) break;
    if (!(await more())) break;
    const kind = await page.getAttribute("#wf-panel", "data-question");
    seen[kind] = (seen[kind] || 0) + 1;
    if (kind === "marker") {
      const dots = page.locator("#wf-spots circle.wf-spot.marker");
      const count = await dots.count();
      assert.ok(count > 0, "legal marker spots are drawn");
      await dots.nth(Math.floor(count * (0.3 + 0.2 * (seen.marker % 3)))).click();
      boardClicks++;
    } else if (kind === "aside") {
      // FB-08: our squadron under a ship, placed on a spot within 1" of it.
      await page.locator("#wf-spots circle.wf-spot.move_aside").first().click();
      boardClicks++;
    } else if (kind === "edge") {
      await page.click('[data-edge="south"]');
    } else if (kind === "deploy") {
      await page.locator("[data-deploy-model]").first().click();
      // The dot at the front of the zone, the ships spread along it.
      const i = await page.evaluate((k) => {
        const dots = [...document.querySelectorAll("#wf-spots circle.wf-spot.deploy")].map((c) => ({ x: +c.dataset.x, y: +c.dataset.y }));
        const north = document.querySelector("#wf-panel").dataset.myEdge === "north";
        const front = north ? Math.min(...dots.map((d) => d.y)) : Math.max(...dots.map((d) => d.y));
        const want = 20 + 9 * k;
        let best = 0;
        dots.forEach((d, j) => {
          const score = Math.abs(d.y - front) * 10 + Math.abs(d.x - want);
          const b = dots[best];
          if (score < Math.abs(b.y - front) * 10 + Math.abs(b.x - want)) best = j;
        });
        return best;
      }, seen.deploy);
      await page.locator("#wf-spots circle.wf-spot.deploy").nth(i).click();
      boardClicks++;
      await page.waitForSelector("#confirm");
      if (seen.deploy === 2) await shot(page, "30-warfleets-deploy");
    } else if (kind === "face") {
      const north = (await page.getAttribute("#wf-panel", "data-my-edge")) === "north";
      await page.waitForSelector("#wf-compass");
      await page.click(`#wf-table g.wf-face[data-face="${north ? 12 : 0}"]`);
      boardClicks++;
    } else if (kind === "activate") {
      const ready = page.locator("#wf-table g.wf-model.can-activate circle.base");
      assert.ok((await ready.count()) > 0, "the models that may activate are ringed");
      await ready.first().click();
      boardClicks++;
    } else if (kind === "order" && (await page.locator("#wf-kinds").count())) {
      // A ship: Move, turning toward the nearest enemy, the path previewed first.
      const ms = await models();
      const me = ms.find((m) => /selected/.test(m.cls)) || ms.find((m) => m.seat === 0);
      const foes = ms.filter((m) => m.seat === 1);
      await page.click('[data-order-kind="move"]');
      if (foes.length) {
        const e = foes.reduce((a, b) => (Math.hypot(a.x - me.x, a.y - me.y) <= Math.hypot(b.x - me.x, b.y - me.y) ? a : b));
        const b = ((((Math.atan2(e.x - me.x, e.y - me.y) * 180) / Math.PI - me.heading) % 360) + 540) % 360 - 180;
        const turns = await page.locator("[data-turn]").evaluateAll((bs) => bs.map((x) => +x.dataset.turn));
        const t = turns.reduce((a, c) => (Math.abs(c * 15 - b) < Math.abs(a * 15 - b) ? c : a), 0);
        await page.click(`[data-turn="${t}"]`);
      }
      await page.waitForSelector("#wf-path", { state: "attached" });
      orderPreviews++;
      if (orderPreviews === 1) await shot(page, "31-warfleets-order-preview");
      await page.click("#wf-order-go");
      await page.waitForSelector("#wf-preview");
    } else if (kind === "order") {
      // A squadron: the flight spot nearest an enemy, Move (may shoot) if it can.
      const i = await page.evaluate(() => {
        const foes = [...document.querySelectorAll('#wf-table g.wf-model[data-seat="1"]')].map((g) => ({ x: +g.dataset.x, y: +g.dataset.y }));
        const dots = [...document.querySelectorAll("#wf-spots circle.wf-spot")].map((c) => ({ x: +c.dataset.x, y: +c.dataset.y, cruise: c.classList.contains("cruise") }));
        const score = (d) => Math.min(...foes.map((f) => Math.max(1.5, Math.hypot(f.x - d.x, f.y - d.y)))) + (d.cruise ? 30 : 0);
        let best = 0;
        dots.forEach((d, j) => { if (score(d) < score(dots[best])) best = j; });
        return dots.length ? best : -1;
      });
      if (i >= 0) {
        await page.locator("#wf-spots circle.wf-spot").nth(i).click();
        flights++;
        boardClicks++;
      } else await page.click("#wf-hold");
    } else if (kind === "fire") {
      const targets = page.locator("#wf-table g.wf-model.target circle.base");
      if (await targets.count()) {
        await targets.first().click();
        boardClicks++;
        // Several guns may reach it: the panel then lists them, with their odds.
        await settled(page);
        if (!(await page.locator("#confirm").count())) await page.locator("[data-fire-target]").first().click();
        await page.waitForSelector("#odds");
        shots++;
        if (shots === 1) await shot(page, "32-warfleets-fire");
      } else {
        await page.click("#wf-done");
      }
    } else if (await page.locator("#wf-generic button").count()) {
      await page.locator("#wf-generic button").first().click();
    } else {
      await clickFirstAction(page);
    }
    await page.waitForSelector("#confirm");
    await confirmAndWait(page);
  }
  const turn = await turnOf(page);
  const over = (await page.locator("#outcome").count()) > 0;
  step(`WF: decisions by question ${JSON.stringify(seen)}, ${boardClicks} on the board, ${orderPreviews} ship orders previewed, ${flights} flights, ${shots} shots; now round ${turn}${over ? " (game over)" : ""}; ${((Date.now() - started) / 1000).toFixed(0)} s`);
  assert.ok(turn >= 2 || over, "round 1 played through");
  assert.ok(seen.deploy >= 2 && seen.face >= 1 && seen.activate >= 1, "deployed, faced and activated on the board");
  assert.ok(orderPreviews >= 1, "a ship order was sent with its path previewed");
  assert.ok(flights >= 1, "a squadron flew to a spot clicked on the table");
  // Select an enemy ship: its arcs and ranges, its card with the upgrades.
  const enemy = page.locator('#wf-table g.wf-model.ship[data-seat="1"]:not(.target):not(.can-activate) circle.base');
  if (await enemy.count()) {
    await enemy.first().click();
    await page.waitForSelector("#wf-upgrades");
  }
  await shot(page, "33-warfleets-later");
  assert.deepEqual(consoleErrors, [], "console errors");
}

// ---- 7. STGv2, three players: seat 0 by clicking against two easy AIs on the
// outpost-3 scenario — the starting corner on the field, the cells form, ships
// following Move Card sets (the ship clicked, a reachable position clicked, then each
// card's end marker on the field), attacks at ringed enemies with their odds, Action
// attempts at ringed clusters, purchases (a new ship on a spot by the station, assets
// from the panel), damage choices and `next` — for three whole turns of seat 0.
async function stgv2ThreePlayers() {
  const started = Date.now();
  const { page } = await newPage("stg");
  await page.goto(base + "/");
  await page.waitForSelector("#create");
  await page.selectOption("#ruleset", "stgv2");
  await page.selectOption("#scenario", "outpost-3");
  assert.equal(await page.locator("#seats select").count(), 3, "three seats");
  await page.selectOption('[data-seat="1"]', "easy");
  await page.selectOption('[data-seat="2"]', "easy");
  await page.fill("#seed", "3");
  await page.click("#create");
  await page.click("#play-link");
  await page.waitForSelector("#st-field");
  const id = page.url().split("/g/")[1];
  step(`STGv2 game ${id}`);
  const seen = {};
  const did = { follows: 0, cards: 0, cardsOnField: 0, attacks: 0, acts: 0, actsOffered: 0, buys: 0, lost: 0, endSets: 0 };
  const rounds = []; // the round of each of our turns
  let boughtIn = -1;
  const ringed = (sel) => page.locator(`#st-field ${sel}`);
  for (let n = 0; ; n++) {
    if (n > 400) throw new Error("too many STGv2 decisions");
    if (!(await waitForDecisionOrTurn(page, 4, 90000))) break;
    const q = await page.getAttribute("#st-panel", "data-question");
    const round = Number(await page.getAttribute("#st-panel", "data-round"));
    if (q === "cells" && rounds.length === 3) break; // three whole turns played
    seen[q] = (seen[q] || 0) + 1;
    if (q === "start") {
      assert.ok((await ringed("g.st-start").count()) >= 1, "the starting corners are drawn");
      await shot(page, "40-stgv2-start");
      await ringed("g.st-start").first().click();
    } else if (q === "cells") {
      rounds.push(round);
      // One more Move Card set and as many ACTION cells as the form allows.
      const plus = (col) => page.locator(`#st-cells [data-col="${col}"][data-delta="1"]`);
      if (await plus("move").isEnabled()) await plus("move").click();
      for (let i = 0; i < 3 && (await plus("action").isEnabled()); i++) await plus("action").click();
      await page.click("#st-cells-go");
    } else if (q === "card") {
      // The following ship's next card: the end marker nearest the goal clicked on the field.
      await page.waitForSelector("#st-field g.st-end");
      if (did.cards === 0) await shot(page, "41-stgv2-move-card");
      const best = ringed("g.st-end.best");
      const end = (await best.count()) ? best.first() : ringed("g.st-end").first();
      const plays = Number(await end.getAttribute("data-plays"));
      await end.click();
      if (plays > 1) await page.locator("#st-dirs button").first().click(); // several ways end there
      did.cards++;
      did.cardsOnField++;
    } else if (q === "lose") {
      await page.locator("#st-lose button").first().click();
      did.lost++;
    } else if (q === "follow") {
      await page.click("#st-end-set");
      did.endSets++;
    } else if (["combat", "action", "purchase"].includes(q)) {
      const target = ringed("g.st-ship.target");
      const cluster = ringed("g.st-cluster.can-act");
      if (q === "action" && (await cluster.count())) did.actsOffered++;
      if (q === "combat" && (await target.count()) && !did.attacks) {
        await target.first().locator("circle.st-hull").click();
        await page.waitForSelector("#odds");
        await shot(page, "43-stgv2-attack");
        did.attacks++;
      } else if (q === "action" && (await cluster.count())) {
        await cluster.first().click();
        did.acts++;
      } else if (await ringed("g.st-ship.can-follow").count()) {
        // A ship follows a set: click it, then a reachable position beside a cluster
        // that is free or ours (an Action attempt there next), low on its rod.
        await ringed("g.st-ship.can-follow circle.st-hull").first().click();
        await page.waitForSelector("#st-field circle.st-reach");
        if (!did.follows) await shot(page, "41-stgv2-move");
        const pos = await page.evaluate(() => {
          const near = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
          const clusters = [...document.querySelectorAll("#st-field g.st-cluster")]
            .filter((g) => g.dataset.outpost === "" || g.dataset.outpost === "0").map((g) => g.dataset.node.split(",").map(Number));
          const dots = [...document.querySelectorAll("#st-field circle.st-reach")].map((c) => ({ pos: c.dataset.pos, n: c.dataset.node.split(",").map(Number), z: +c.dataset.z }));
          const beside = (d) => clusters.some(([a, b]) => near.some(([da, db]) => a + da === d.n[0] && b + db === d.n[1]));
          const good = dots.filter(beside).sort((x, y) => x.z - y.z);
          return (good[0] || dots[Math.floor(dots.length / 2)]).pos;
        });
        await ringed(`circle.st-reach[data-pos="${pos}"]`).click();
        await page.waitForSelector("#st-preview");
        did.follows++;
      } else if (q === "purchase" && boughtIn !== round && (await ringed("g.st-buy").count() || await page.locator("#st-buys [data-buy]").count())) {
        // One purchase a turn: an asset for a ship beside the station, else a new ship
        // on a spot clicked by the station.
        const asset = page.locator('#st-buys [data-buy="engine"][data-ship], #st-buys [data-buy="weapon"][data-ship]');
        if (await asset.count()) await asset.first().click();
        else await ringed("g.st-buy").first().click();
        boughtIn = round;
        did.buys++;
      } else {
        await page.click("#st-next");
      }
    } else {
      throw new Error(`an STGv2 decision "${q}"`);
    }
    await page.waitForSelector("#confirm");
    await confirmAndWait(page);
  }
  const turn = await turnOf(page);
  const over = (await page.locator("#outcome").count()) > 0;
  const drawn = await page.locator("#st-field g.st-ship").count();
  const listed = await page.locator("#st-ships tr[data-ship]").count();
  step(`STGv2: decisions ${JSON.stringify(seen)}, ${JSON.stringify(did)}; our turns in rounds ${rounds.join(", ")}; now round ${turn}${over ? " (game over)" : ""}, ${drawn} ships drawn; ${((Date.now() - started) / 1000).toFixed(0)} s`);
  assert.ok(over || rounds.length === 3, "three whole turns of seat 0 played");
  assert.ok(over || turn >= 4, "the rounds advanced");
  assert.deepEqual(rounds, [...rounds].sort((a, b) => a - b).filter((r, i, all) => all.indexOf(r) === i), "one turn a round, in order");
  assert.ok(drawn >= 3 && drawn === listed, "every ship is drawn on the field");
  assert.ok(did.follows >= 2 && did.cardsOnField >= 3, "ships moved by clicking the field");
  assert.ok(did.buys >= 1, "something bought");
  assert.ok(did.acts >= 1 || did.actsOffered === 0, "an Action attempt made when one was offered");
  // An enemy ship selected: its rod labelled, its level's plane, its card.
  await page.locator('#st-field g.st-ship:not([data-seat="0"]) circle.st-hull').first().click();
  await page.waitForSelector("#card[data-ship]");
  await page.locator("#st-info").scrollIntoViewIfNeeded();
  await shot(page, "42-stgv2-later");
  assert.deepEqual(consoleErrors, [], "console errors");
}

let failed = false;
try {
  await launchFightersAgainstAi();
  await reconnectAfterKill();
  await stratoyagerSecretOrders();
  await fleetBuilder();
  await warfleetsBuilder();
  await blackSkiesDuelAgainstAi();
  await warfleetsAgainstAi();
  await stgv2ThreePlayers();
  assert.deepEqual(consoleErrors, [], "console errors");
  step("all passed");
} catch (e) {
  failed = true;
  for (const c of browser.contexts()) for (const [i, p] of c.pages().entries()) await p.screenshot({ path: path.join(out, `failure-${i}.png`) }).catch(() => {});
  console.error("[e2e] FAILED:", e && e.stack ? e.stack : e);
  if (consoleErrors.length) console.error("[e2e] console errors:", consoleErrors);
} finally {
  await browser.close();
  server.child.kill("SIGKILL");
}
process.exit(failed ? 1 : 0);
