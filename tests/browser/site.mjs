// The game site (issue 28), in a real headless Chromium: every ruleset played
// against the AI by clicking at desktop (1400×900) and phone (390×844) size, undo of
// a decision then another one, two seats of one game in one browser (hot seat), an
// animation that moves, the end screen and its rematch, and a random-seed game
// exported, imported and replayed to the same hash (in the browser and by
// `orrery replay`). Run by `tests/browser.rs`:
//   node site.mjs ORRERY_BINARY DATA_DIR OUT_DIR
// Screenshots go to OUT_DIR/site-*.png.
import { startServer, launchChromium } from "./harness.mjs";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const [bin, data, out] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
const step = (m) => console.log(`[site] ${m}`);

const server = await startServer(bin, data);
const base = server.base;
const browser = await launchChromium();
const consoleErrors = [];
const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };

async function newPage(name, viewport = DESKTOP, opts = {}) {
  const context = await browser.newContext({ viewport, acceptDownloads: true, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
  const page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(`${name}: ${m.text()}`); });
  page.on("pageerror", (e) => consoleErrors.push(`${name}: ${e.message}`));
  page.setDefaultTimeout(25000);
  if (opts.animations) await context.addInitScript((v) => localStorage.setItem("orrery:anim-speed", v), opts.animations);
  // Forced single choices the page took for the player, counted as it says so (a
  // toast): the choice may be shown too briefly for a poll to see it.
  await context.addInitScript(() => {
    window.__taken = 0;
    document.addEventListener("DOMContentLoaded", () => {
      const t = document.getElementById("toast");
      if (t) new MutationObserver((recs) => {
        if (recs.some((r) => r.type === "childList") && /^Taken for you/.test(t.textContent)) window.__taken++;
      }).observe(t, { childList: true });
    });
  });
  return { context, page };
}
const shot = (page, name) => page.screenshot({ path: path.join(out, `site-${name}.png`), fullPage: true });
const hashOf = (page) => page.getAttribute("#game-head", "data-hash");
const myTurn = (page) => page.locator("#your-turn").isVisible();
const over = async (page) => (await page.locator("#outcome").count()) > 0;

// Set a game up in the lobby (as a person would, on any screen size).
async function setUp(page, ruleset, { seats = {}, seed = null, name = "Ann", scenario = null } = {}) {
  await page.goto(base + "/");
  await page.waitForSelector("#create");
  await page.selectOption("#ruleset", ruleset);
  if (scenario) await page.selectOption("#scenario", scenario);
  for (const [seat, kind] of Object.entries(seats)) await page.selectOption(`select[data-seat="${seat}"]`, kind);
  await page.fill('[data-seat-name="0"]', name);
  if (seed !== null) await page.fill("#seed", String(seed));
  await page.click("#create");
  await page.click("#play-link");
  await page.waitForSelector("#game-head[data-hash]");
  return page.url().split("/g/")[1];
}

// The page shows another state (or, in a hot-seat game, passes to the next seat).
const changed = (page, before) => page.waitForFunction((h) =>
  document.querySelector("#game-head")?.dataset.hash !== h || !document.querySelector("#pass-cover")?.hidden, before);

// One decision by clicking: the only choice waits to be taken for the player;
// else the board's first listed choice (behind "show all" when folded), confirmed.
async function decide(page) {
  const before = await hashOf(page);
  if (await page.locator("#only-action").count()) {
    await changed(page, before);
    return "forced";
  }
  if (await page.locator("#show-all").count()) await page.click("#show-all");
  const first = page.locator("button.action").first();
  if (!(await first.count())) return "none";
  // The turn may pass between looking and tapping (the page had not yet shown the
  // last answer's effect when it said "your turn"): then there is nothing to tap,
  // and the caller waits for the next turn. A button that stays but cannot be
  // tapped is still a failure.
  try {
    await first.click({ timeout: 5000 });
  } catch (e) {
    if (!(await page.locator("button.action").count())) return "none";
    throw e;
  }
  // A choice with odds or a preview waits for Confirm; one with nothing to read is
  // done at once (the "quick" setting).
  await page.waitForFunction((h) => document.querySelector("#confirm")
    || document.querySelector("#game-head")?.dataset.hash !== h || !document.querySelector("#pass-cover")?.hidden, before);
  if (await page.locator("#confirm").count()) {
    if ((await page.textContent("#confirm")).includes("End the game")) {
      await page.click("#cancel");
      await page.locator("button.action").nth(1).click();
      await page.waitForSelector("#confirm");
    }
    await page.click("#confirm");
  }
  await changed(page, before);
  return "list";
}

async function waitForMyTurn(page, ms = 30000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await over(page)) return false;
    if (await myTurn(page)) return true;
    await page.waitForTimeout(100);
  }
  throw new Error("no decision came");
}

// On a phone a tap among targets closer than a finger (40 px) zooms in around it
// until they are a finger apart; then a tap picks one.
async function magnifies(page, ruleset) {
  const spot = await page.evaluate(() => {
    const pts = [...document.querySelectorAll("#board svg [role=button], #board svg [tabindex]")]
      .filter((t) => !t.parentElement.closest("[role=button]"))
      .map((t) => { const r = t.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })
      .filter(([x, y]) => x > 0 && y > 0 && x < innerWidth && y < innerHeight);
    for (const p of pts) {
      const close = pts.filter((q) => q !== p && Math.hypot(q[0] - p[0], q[1] - p[1]) < 40);
      if (close.length) return { x: p[0], y: p[1], gap: Math.min(...close.map((q) => Math.hypot(q[0] - p[0], q[1] - p[1]))) };
    }
    return null;
  });
  if (!spot) return step(`${ruleset} phone: no targets closer than 40 px on the first board`);
  await page.touchscreen.tap(spot.x, spot.y);
  await page.waitForFunction(() => Number(document.querySelector("#board").dataset.zoom || 1) > 1);
  const zoom = Number(await page.getAttribute("#board", "data-zoom"));
  assert.ok(spot.gap * zoom >= 39 || zoom >= 8, `${ruleset}: targets ${spot.gap.toFixed(1)} px apart zoomed ${zoom}×`);
  await shot(page, `${ruleset}-phone-magnified`);
  step(`${ruleset} phone: targets ${spot.gap.toFixed(1)} px apart; a tap zoomed the board ${zoom}× (now ${(spot.gap * zoom).toFixed(0)} px apart)`);
  await page.click("#zoom-fit");
}

// ---- 1. Every ruleset against the AI, desktop and phone, by clicking.
const RULESETS = ["launch-fighters", "stratoyager", "black-skies", "warfleets", "stgv2"];
async function everyRulesetEverySize() {
  for (const [tag, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    for (const ruleset of RULESETS) {
      const started = Date.now();
      const { page, context } = await newPage(`${ruleset}-${tag}`, viewport);
      const id = await setUp(page, ruleset, { seats: { 1: "normal" } });
      if (tag === "phone") {
        // Nothing wider than the phone; the board has room.
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(wide <= viewport.width + 1, `${ruleset} on a phone scrolls sideways (${wide} px)`);
        const board = await page.locator("#board").boundingBox();
        assert.ok(board && board.width >= 300 && board.height >= 250, `${ruleset}: the board is ${JSON.stringify(board)} on a phone`);
      }
      await shot(page, `${ruleset}-${tag}-start`);
      if (tag === "phone") await magnifies(page, ruleset);
      const done = { list: 0, forced: 0 };
      // Launch Fighters! longer: into the attack phase, where forced choices come.
      const decisions = ruleset === "launch-fighters" && tag === "desktop" ? 24 : 8;
      for (let i = 0; i < decisions; i++) {
        if (!(await waitForMyTurn(page))) break;
        const how = await decide(page);
        if (how in done) done[how]++;
        if (i === 3) await shot(page, `${ruleset}-${tag}-playing`);
      }
      done.forced = Math.max(done.forced, await page.evaluate(() => window.__taken));
      assert.ok(done.list >= 3, `${ruleset} ${tag}: ${JSON.stringify(done)} decisions by clicking`);
      if (decisions > 8) assert.ok(done.forced >= 1, `a forced single choice was taken for the player (${JSON.stringify(done)})`);
      await shot(page, `${ruleset}-${tag}-later`);
      step(`${ruleset} ${tag}: game ${id}, ${done.list} chosen by clicking, ${done.forced} forced choices taken for the player (${Math.round((Date.now() - started) / 1000)} s)`);
      await context.close();
    }
  }
}

// ---- 2. Undo, then another decision; two seats of one game in one browser.
async function undoAndHotSeat() {
  const { page, context } = await newPage("hot-seat");
  await setUp(page, "stratoyager", { seats: { 1: "here" }, seed: 5, name: "Ann" });
  await page.waitForSelector("#your-turn");
  assert.match(await page.textContent("#game-head"), /you are Ann/);
  const start = await hashOf(page);
  if (await page.locator("#show-all").count()) await page.click("#show-all");
  const first = (await page.locator("button.action").first().textContent()).trim();
  await page.locator("button.action").first().click();
  if (await page.locator("#confirm").count()) await page.click("#confirm");
  // The control is always there; offered once the server says the decision may be
  // taken back (issue 37).
  await page.waitForSelector('#undo[aria-disabled="false"]');
  await page.click("#undo");
  await page.waitForFunction((h) => document.querySelector("#game-head")?.dataset.hash === h, start);
  if (await page.locator("#show-all").count()) await page.click("#show-all");
  const second = (await page.locator("button.action").nth(1).textContent()).trim();
  assert.notEqual(first, second);
  await page.locator("button.action").nth(1).click();
  if (await page.locator("#confirm").count()) await page.click("#confirm");
  await page.waitForFunction((h) => document.querySelector("#game-head")?.dataset.hash !== h, start);
  const log = await page.textContent("#log");
  step(`undo: "${first.slice(0, 50)}" taken back, "${second.slice(0, 50)}" chosen instead`);
  await shot(page, "undo");
  // Seat 0 decides until seat 1 (held in this browser too) is to move: the page
  // passes to it behind a cover.
  for (let i = 0; i < 30 && !(await page.locator("#pass-show").isVisible()); i++) {
    if (await myTurn(page)) await decide(page);
    else await page.waitForTimeout(100);
  }
  await page.waitForSelector("#pass-show");
  await shot(page, "hot-seat-cover");
  await page.click("#pass-show");
  await page.waitForFunction(() => /you are Seat 1/.test(document.querySelector("#game-head")?.textContent || ""));
  await page.waitForSelector("#your-turn");
  await decide(page);
  step(`hot seat: both seats of one game played in one browser (log ${log.length} chars)`);
  await context.close();
}

// ---- 2b. Rules at hand: a term in the log explains itself, a rule id leads to its
// section of the ruleset's rules page (at phone size too).
async function rulesAtHand() {
  for (const viewport of [DESKTOP, PHONE]) {
    const { page, context } = await newPage("rules", viewport);
    await setUp(page, "launch-fighters", { seats: { 1: "normal" }, seed: 7 });
    for (let i = 0; i < 3; i++) if (await waitForMyTurn(page)) await decide(page);
    await page.waitForSelector("#log abbr.gloss[title]");
    const term = await page.locator("#log abbr.gloss").first().getAttribute("title");
    assert.ok(term && term.length > 3, "a term in the log has its meaning");
    await page.goto(`${base}/#/rules/launch-fighters/LF-11`);
    await page.waitForSelector("#r-LF-11.target");
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= viewport.width + 1, `the rules page scrolls sideways (${wide} px)`);
    await shot(page, `rules-${viewport === PHONE ? "phone" : "desktop"}`);
    step(`rules at hand (${viewport.width} px): a log term explains itself ("${term.slice(0, 50)}"), LF-11 opens its section`);
    await context.close();
  }
}

// ---- 3. An animation: after the AI's move, a unit's drawn position changes over
// several frames.
async function animationMoves() {
  const { page, context } = await newPage("animation", DESKTOP, { animations: "slow" });
  await setUp(page, "launch-fighters", { seats: { 1: "normal" }, seed: 7 });
  let seen = 0;
  for (let i = 0; i < 30 && !seen; i++) {
    if (!(await waitForMyTurn(page))) break;
    if (!(await page.textContent("#game-head")).includes("movement")) {
      await decide(page);
      continue;
    }
    // Watch every unit while the decision is sent and the AI answers.
    await page.evaluate(() => {
      window.__moves = {};
      const watch = () => {
        for (const u of document.querySelectorAll("[data-unit]")) {
          const r = u.getBoundingClientRect();
          const k = u.dataset.unit;
          const p = `${Math.round(r.x)},${Math.round(r.y)}`;
          const seen = (window.__moves[k] ||= []);
          if (seen[seen.length - 1] !== p) seen.push(p);
        }
        if (!window.__stop) requestAnimationFrame(watch);
      };
      window.__stop = false;
      requestAnimationFrame(watch);
    });
    await decide(page);
    await page.waitForTimeout(1500);
    seen = await page.evaluate(() => { window.__stop = true; return Math.max(0, ...Object.values(window.__moves).map((p) => p.length)); });
  }
  assert.ok(seen >= 4, `a unit's drawn position changed over several frames (${seen} positions)`);
  step(`animation: a unit was drawn at ${seen} positions on its way`);
  await context.close();
}

// ---- 4. The end screen, and a rematch that starts a new game; 5. a random-seed
// game exported and imported replays to the same hash.
async function endingRematchAndExport() {
  const { page, context } = await newPage("ending", DESKTOP);
  const id = await setUp(page, "warfleets", { seats: { 1: "normal" }, scenario: "patrol" });
  for (let i = 0; i < 4; i++) if (await waitForMyTurn(page)) await decide(page);
  page.once("dialog", (d) => d.accept());
  await page.click("#resign");
  await page.waitForSelector("#ending");
  const ending = await page.textContent("#ending");
  assert.match(ending, /You resigned/);
  assert.match(ending, /Ann/, "the player's name");
  assert.doesNotMatch(ending, /\d\.\d{3,}/, "numbers are rounded");
  await shot(page, "ending");
  // The final hash a spectator sees, from the server.
  const spect = await page.evaluate((g) => fetch(`/api/games/${g}`).then((r) => r.json()), id);
  // Export the record from the replay page.
  await page.click("#ending-replay");
  await page.waitForSelector("#export");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export")]);
  const file = path.join(out, "site-random-seed-record.json");
  await download.saveAs(file);
  const record = JSON.parse(fs.readFileSync(file, "utf8"));
  assert.equal(typeof record.seed, "string", "the seed is kept as digits");
  assert.ok(BigInt(record.seed) >= 0n);
  // Imported in the browser: the last step has the spectator's hash.
  await page.goto(base + "/#/replay");
  await page.setInputFiles("#import", file);
  await page.waitForFunction(() => /action 0 of/.test(document.querySelector("#step")?.textContent || ""));
  await page.click("#last");
  await page.waitForFunction((n) => document.querySelector("#step").textContent === `action ${n} of ${n}`, record.actions.length);
  const imported = await page.getAttribute(".replay-head", "data-hash");
  assert.equal(imported, spect.status.hash, "the imported record replays to the game's hash");
  // And at the terminal.
  const r = spawnSync(bin, ["replay", file], { encoding: "utf8" });
  assert.equal(r.status, 0, `orrery replay: ${r.stderr}`);
  step(`export → import: seed ${record.seed} (${record.actions.length} actions) replays to ${imported}; orrery replay agrees`);
  // Rematch: back to the game, the end screen, a new game.
  await page.goto(`${base}/#/g/${id}`);
  await page.waitForSelector("#rematch");
  await page.click("#rematch");
  await page.waitForFunction((old) => location.hash.startsWith("#/g/") && !location.hash.includes(old), id);
  await page.waitForSelector("#game-head[data-hash]");
  assert.match(await page.textContent("#game-head"), /Turn [01] /);
  assert.equal(await page.locator("#outcome").count(), 0, "the rematch is a game in play");
  assert.equal(await page.locator("#ending").count(), 0);
  step(`rematch: ${page.url().split("/g/")[1]} after ${id}`);
  await context.close();
}

try {
  await undoAndHotSeat();
  await endingRematchAndExport();
  await rulesAtHand();
  await animationMoves();
  await everyRulesetEverySize();
  assert.deepEqual(consoleErrors, [], "console errors");
  console.log("[site] all passed");
} finally {
  await browser.close();
  server.child.kill();
}
