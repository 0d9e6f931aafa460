// Controls that promise only what the server grants (issue 37 §2), in a real headless
// Chromium at desktop (1400×900) and phone (390×844) size:
//  1. the undo control is on screen whenever a seat is played, enabled exactly when
//     the server's latest state says `can_undo` (also when the AI's answer arrives
//     while our own move is still animating), greyed out with the server's reason,
//     which a hover or a tap shows; a greyed-out undo sends nothing;
//  2. right after a decision no choice of the state the server has left can be
//     clicked (a second tap sends nothing, nothing is answered 4xx);
//  3. 32-character names without spaces widen nothing past the window (lobby, game
//     page, end screen);
//  4. a person plays the AI in three tabs (with a clock) without being refused; where
//     a quota applies (games of agents alone), the page lists this browser's games and
//     ends one;
//  5. the Warfleets builder disables *Start a game* for a fleet over its points, and
//     says why on screen; its totals say when the fleets differ.
// Run by `tests/browser.rs`:
//   node controls.mjs ORRERY_BINARY DATA_DIR OUT_DIR
// (`CONTROLS_ONLY=builder,names,quota,undo` runs only the parts named.)
// Screenshots go to OUT_DIR/controls-*.png.
import { startServer, launchChromium } from "./harness.mjs";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

const [bin, data, out] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
const step = (m) => console.log(`[controls] ${m}`);

const server = await startServer(bin, data);
const base = server.base;
const browser = await launchChromium();
const consoleErrors = [];
const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };
const SIZES = [["desktop", DESKTOP], ["phone", PHONE]];
const LONG = ["W".repeat(32), "Mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm"];

async function newPage(name, viewport, opts = {}) {
  const context = await browser.newContext({ viewport, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
  const page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error" && !/status of 4\d\d/.test(m.text())) consoleErrors.push(`${name}: ${m.text()}`); });
  page.on("pageerror", (e) => consoleErrors.push(`${name}: ${e.message}`));
  page.setDefaultTimeout(25000);
  if (opts.animations) await context.addInitScript((v) => localStorage.setItem("orrery:anim-speed", v), opts.animations);
  return { context, page };
}
const shot = (page, name) => page.screenshot({ path: path.join(out, `controls-${name}.png`), fullPage: true });
const hashOf = (page) => page.getAttribute("#game-head", "data-hash");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Nothing wider than the window: the page does not scroll sideways.
async function fits(page, what) {
  const { wide, inner } = await page.evaluate(() => ({ wide: document.documentElement.scrollWidth, inner: innerWidth }));
  assert.ok(wide <= inner + 1, `${what}: the page is ${wide} px wide in a ${inner} px window`);
  return wide;
}

async function setUp(page, ruleset, { seats = {}, seed = null, name = "Ann", scenario = null, clock = null } = {}) {
  await page.goto(base + "/");
  await page.waitForSelector("#create");
  await page.selectOption("#ruleset", ruleset);
  if (scenario) await page.selectOption("#scenario", scenario);
  for (const [seat, kind] of Object.entries(seats)) await page.selectOption(`select[data-seat="${seat}"]`, kind);
  await page.fill('[data-seat-name="0"]', name);
  if (seed !== null) await page.fill("#seed", String(seed));
  if (clock) await page.selectOption("#clock", clock);
  await page.click("#create");
  await page.click("#play-link");
  await page.waitForSelector("#game-head[data-hash]");
  return page.url().split("/g/")[1];
}

// ---- 1 and 2. Undo and the action list against the AI, the AI's answer arriving
// while our own move still animates (slow animations hold it in the page's queue).
async function undoAndListFollowTheServer(tag, viewport, ruleset, seed) {
  const { page, context } = await newPage(`undo-${ruleset}-${tag}`, viewport, { animations: "slow" });
  // Every action or undo the page sends, what it was answered, and the state shown
  // when it left; a second tap on the list at once after each action leaves (a
  // person's double tap); and, at every frame, any choice still clickable while an
  // answer is on its way or the state it answered is still on screen.
  await context.addInitScript(() => {
    window.__sent = [];
    window.__stale = [];
    const orig = window.fetch;
    window.fetch = async (url, opts) => {
      const m = opts && opts.method === "POST" && /\/(actions|undo)$/.exec(String(url));
      const rec = m ? { kind: m[1], hash: document.querySelector("#game-head")?.dataset.hash, done: false, status: 0 } : null;
      if (rec) {
        window.__sent.push(rec);
        if (rec.kind === "actions") {
          setTimeout(() => {
            const again = document.querySelector("#actions button.action:not(:disabled), #pending #confirm:not(:disabled)");
            if (again) { rec.doubleTap = again.textContent.slice(0, 40); again.click(); }
          }, 0);
        }
      }
      try {
        const r = await orig(url, opts);
        if (rec) rec.status = r.status;
        return r;
      } finally {
        if (rec) { rec.done = true; rec.t1 = performance.now(); }
      }
    };
    const watch = () => {
      const shown = document.querySelector("#game-head")?.dataset.hash;
      const open = window.__sent.filter((r) => r.kind === "actions" && (!r.done || (r.status === 200 && r.hash === shown)));
      if (open.length) {
        const live = document.querySelectorAll("#actions button.action:not(:disabled), #pending #confirm:not(:disabled)");
        if (live.length) window.__stale.push(`${live.length} choices clickable (${live[0].textContent.slice(0, 30)}) while ${open[0].done ? "the state answered is on screen" : "an answer is on its way"}`);
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  // The state messages the page receives, as they arrive.
  const frames = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => {
    try {
      const m = JSON.parse(String(f.payload));
      if (m.type === "state") frames.push({ at: Date.now(), can: m.can_undo, why: m.undo_refusal || "", hash: m.status.hash, terminal: m.status.terminal });
    } catch (e) { /* not JSON */ }
  }));
  const id = await setUp(page, ruleset, { seats: { 1: "normal" }, seed });
  // At the start: the control is there, greyed out, with the reason.
  await page.waitForSelector("#undo");
  assert.equal(await page.getAttribute("#undo", "aria-disabled"), "true", "nothing to take back at the start");
  const first = await page.getAttribute("#undo", "title");
  assert.match(first, /not possible now: (nothing of yours to take back yet|the other side has moved)/);
  await shot(page, `undo-${ruleset}-${tag}-start`);
  let samples = 0, raced = 0, enabled = 0, refusedClicks = 0, decisions = 0;
  const reasons = new Set();
  // The control as the server's latest state (received at least 300 ms ago) says.
  const check = async () => {
    const latest = frames[frames.length - 1];
    if (!latest || Date.now() - latest.at < 300 || latest.terminal) return null;
    const ui = await page.evaluate(() => {
      const u = document.querySelector("#undo");
      // An answer on its way (and the moment the page takes to read it).
      const sending = window.__sent.some((r) => !r.done || performance.now() - r.t1 < 250);
      return u && { disabled: u.getAttribute("aria-disabled"), title: u.title, shown: document.querySelector("#game-head").dataset.hash, sending };
    });
    // Our own decision on its way: the control waits for the server's answer.
    if (!ui || ui.sending) return null;
    const again = frames[frames.length - 1];
    if (again !== latest) return null; // a newer state came meanwhile
    samples++;
    assert.equal(ui.disabled, latest.can ? "false" : "true", `undo ${ui.disabled === "true" ? "greyed out" : "offered"} ("${ui.title}") while the server's latest state says can_undo=${latest.can} (${latest.why}), ${Date.now() - latest.at} ms ago`);
    if (!latest.can) {
      assert.ok(ui.title.includes(latest.why), `the reason "${latest.why}" on hover: "${ui.title}"`);
      reasons.add(latest.why);
    } else enabled++;
    if (!latest.can && ui.shown !== latest.hash) raced++;
    return { latest, ui };
  };
  // Bounded by time, not by turns of this loop: forced moves the page takes by itself
  // (#only-action) pass turns of it, and under load a game gave only 4 decisions in
  // 40 turns (a CI-like run on 2 cores, with the other scripts running beside it).
  const giveUp = Date.now() + 150000;
  while (Date.now() < giveUp && decisions < 10) {
    // Our turn, the page caught up.
    const end = Date.now() + 30000;
    while (Date.now() < end) {
      if (await page.locator("#outcome").count()) break;
      const ready = await page.evaluate(() => Boolean(document.querySelector("#your-turn")) && !document.querySelector("#actions-wait") && document.querySelector("#actions")?.getAttribute("aria-busy") !== "true");
      if (ready) break;
      await check();
      await sleep(60);
    }
    if (await page.locator("#outcome").count()) break;
    if (await page.locator("#only-action").count()) { await sleep(200); continue; }
    if (await page.locator("#show-all").count()) await page.click("#show-all");
    const choice = page.locator("#actions button.action:not(:disabled)").first();
    if (!(await choice.count())) { await sleep(100); continue; }
    const before = await hashOf(page);
    await choice.click();
    await page.waitForFunction((h) => document.querySelector("#confirm:not(:disabled)") || document.querySelector("#game-head")?.dataset.hash !== h || window.__sent.some((r) => r.hash === h), before);
    if (await page.locator("#confirm:not(:disabled)").count()) {
      if ((await page.textContent("#confirm")).includes("End the game")) { await page.click("#cancel"); continue; }
      await page.click("#confirm");
    }
    decisions++;
    // Watch the control while the AI answers and the animations play.
    const until = Date.now() + 3500;
    let tapped = false;
    while (Date.now() < until) {
      const seen = await check();
      // The AI has answered while our own move is on screen: a tap on the greyed-out
      // control says why and sends nothing.
      if (seen && !seen.latest.can && seen.ui.shown !== seen.latest.hash && !tapped) {
        tapped = true;
        const sent = await page.evaluate(() => window.__sent.length);
        if (viewport === PHONE) await page.locator("#undo").tap({ force: true });
        else await page.locator("#undo").click({ force: true });
        await page.waitForFunction(() => /Undo is not possible now/.test(document.querySelector("#toast")?.textContent || ""));
        assert.equal(await page.evaluate(() => window.__sent.length), sent, "a greyed-out undo sent nothing");
        refusedClicks++;
        if (refusedClicks === 1) await shot(page, `undo-${ruleset}-${tag}-greyed`);
      }
      await sleep(50);
    }
  }
  const sent = await page.evaluate(() => window.__sent);
  const stale = await page.evaluate(() => window.__stale);
  const refused = sent.filter((r) => r.status >= 400);
  const doubled = sent.filter((r) => r.doubleTap);
  step(`${ruleset} ${tag}: game ${id}, ${decisions} decisions, ${sent.length} sent (${doubled.length} second taps went through), undo checked ${samples} times against the server's latest state (${enabled} offered, greyed out for: ${[...reasons].join("; ")}), the AI's answer came first ${raced} times, ${refusedClicks} taps on the greyed-out undo sent nothing`);
  assert.deepEqual(stale, [], "choices of a state the server has left were clickable");
  assert.deepEqual(refused.map((r) => `${r.kind} ${r.status}`), [], "nothing the page sent was refused");
  assert.deepEqual(doubled.map((r) => r.doubleTap), [], "a second tap right after a decision sent nothing");
  assert.ok(decisions >= 5, `${decisions} decisions`);
  assert.ok(samples >= 20 && enabled >= 1, `undo checked ${samples} times, offered ${enabled}`);
  assert.ok(raced >= 1 && refusedClicks >= 1, `the AI's answer arrived while our move was on screen ${raced} times`);
  // A decision that may be taken back: offered, and taken back when clicked.
  await context.close();
}

// A seat's own decision is offered back and taken back (the control enabled).
async function undoOffered(tag, viewport) {
  const { page, context } = await newPage(`undo-own-${tag}`, viewport);
  await setUp(page, "stratoyager", { seats: { 1: "here" }, seed: 5 });
  await page.waitForSelector("#your-turn");
  assert.equal(await page.getAttribute("#undo", "aria-disabled"), "true");
  const start = await hashOf(page);
  if (await page.locator("#show-all").count()) await page.click("#show-all");
  await page.locator("button.action").first().click();
  if (await page.locator("#confirm").count()) await page.click("#confirm");
  await page.waitForSelector('#undo[aria-disabled="false"]');
  await shot(page, `undo-own-${tag}`);
  if (viewport === PHONE) await page.locator("#undo").tap();
  else await page.keyboard.press("Control+z");
  await page.waitForFunction((h) => document.querySelector("#game-head")?.dataset.hash === h, start);
  await page.waitForSelector('#undo[aria-disabled="true"]');
  step(`undo ${tag}: a seat's own placement offered back and taken back (${viewport === PHONE ? "a tap" : "Ctrl+Z"})`);
  await context.close();
}

// ---- 3. Long names: the lobby, the game page and the end screen fit the window.
async function longNames() {
  // Two games of two long-named players, and one of ours against the AI.
  for (let i = 0; i < 2; i++) {
    const r = await fetch(base + "/api/games", { method: "POST", body: JSON.stringify({ ruleset: "launch-fighters", seats: LONG.map((name) => ({ type: "human", name })) }) }).then((x) => x.json());
    assert.ok(r.ok, JSON.stringify(r));
  }
  for (const [tag, viewport] of SIZES) {
    const { page, context } = await newPage(`names-${tag}`, viewport);
    const id = await setUp(page, "launch-fighters", { seats: { 1: "normal" }, name: LONG[0] });
    await page.waitForSelector("#your-turn");
    // The lobby: every row's Resume / Watch is inside the window.
    await page.goto(base + "/");
    await page.waitForSelector(`tr[data-game="${id}"] a`);
    const table = await page.locator("table.games").boundingBox();
    const links = await page.locator("table.games td.actions a").evaluateAll((as) => as.map((a) => a.getBoundingClientRect().right));
    await shot(page, `names-${tag}-lobby`);
    const wide = await fits(page, `the lobby (${tag})`);
    assert.ok(links.length >= 3 && links.every((r) => r <= viewport.width), `Resume/Watch end at ${links.join(", ")} px`);
    // The game page: the name is cut with an ellipsis, whole on hover.
    await page.goto(`${base}/#/g/${id}`);
    await page.waitForSelector("#your-turn");
    await fits(page, `the game page (${tag})`);
    const head = await page.locator("#game-head .name").first().boundingBox();
    assert.ok(head && head.x + head.width <= viewport.width, `the name in the head ends at ${head && head.x + head.width}`);
    assert.equal(await page.getAttribute("#game-head .name", "title"), LONG[0], "the whole name on hover");
    await shot(page, `names-${tag}-game`);
    // The end screen.
    await page.waitForSelector("#resign");
    page.once("dialog", (d) => d.accept());
    await page.click("#resign");
    await page.waitForSelector("#ending");
    await fits(page, `the end screen (${tag})`);
    const ending = await page.locator("#ending").boundingBox();
    assert.ok(ending.x >= 0 && ending.x + ending.width <= viewport.width, `the end screen spans ${ending.x}..${ending.x + ending.width}`);
    await shot(page, `names-${tag}-ending`);
    step(`long names ${tag}: lobby ${wide} px wide (games table ${Math.round(table.width)} px) in ${viewport.width} px, links end by ${Math.round(Math.max(...links))} px; game page and end screen fit`);
    await context.close();
  }
}

// ---- 4. Three tabs against the AI; a quota that applies lists the games and ends one.
async function threeTabsAndTheQuota() {
  for (const [tag, viewport] of SIZES) {
    const { page, context } = await newPage(`tabs-${tag}`, viewport);
    const ids = [];
    for (let tab = 0; tab < 3; tab++) {
      const p = tab ? await context.newPage() : page;
      ids.push(await setUp(p, "launch-fighters", { seats: { 1: "normal" }, clock: "60000" }));
    }
    assert.equal(new Set(ids).size, 3, "three games");
    step(`three tabs ${tag}: three games against the AI with a clock, none refused (${ids.join(", ")})`);
    await context.close();
  }
  // Games of agents alone are capped per address; a server whose agents may think
  // one second per address keeps them unfinished. (The agents are `hard`, whose
  // thinking reaches that second within the game; `easy` ones think so little that
  // their game could end before the second is asked for.)
  const quotaData = data + "-quota";
  const q = await startServer(bin, quotaData, "127.0.0.1:0", ["--agent-games-per-address", "1", "--agent-seconds-per-address", "1"]);
  try {
    for (const [tag, viewport] of SIZES) {
      const { page, context } = await newPage(`quota-${tag}`, viewport);
      const agents = async () => {
        await page.goto(q.base + "/");
        await page.waitForSelector("#create");
        await page.selectOption("#ruleset", "launch-fighters");
        await page.selectOption('select[data-seat="0"]', "hard");
        await page.selectOption('select[data-seat="1"]', "hard");
        await page.click("#create");
        await page.waitForFunction(() => /is set up|quota/.test(document.querySelector("#created")?.textContent || ""));
      };
      await agents();
      assert.match(await page.textContent("#created"), /is set up/);
      const first = await page.textContent("#created code");
      await agents();
      await page.waitForSelector(`#your-games tr[data-game="${first}"] [data-end]`);
      assert.match(await page.textContent("#your-games"), /agent_games/, "the server's reason");
      await fits(page, `the quota's list (${tag})`);
      await shot(page, `quota-${tag}`);
      page.once("dialog", (d) => d.accept());
      await page.click(`#your-games [data-end="${first}"]`);
      await page.waitForFunction((id) => /ended/.test(document.querySelector(`#your-games tr[data-game="${id}"]`)?.textContent || ""), first);
      await page.click("#create");
      await page.waitForFunction(() => /is set up/.test(document.querySelector("#created")?.textContent || ""));
      const again = await page.textContent("#created code");
      const ended = await page.evaluate((id) => fetch(`/api/games/${id}`).then((r) => r.json()), first);
      assert.equal(ended.status.terminal, true, "the game listed was ended");
      step(`quota ${tag}: a second game of agents alone refused; the page listed ${first} and ended it; ${again} set up`);
      // Leave nothing running for the next size.
      await page.evaluate((id) => fetch(`/api/games/${id}/resign`, { method: "POST", headers: { Authorization: "Bearer " + localStorage.getItem("orrery:creator:" + id) }, body: JSON.stringify({ seat: 0 }) }), again);
      await context.close();
    }
  } finally {
    q.child.kill();
  }
}

// ---- 5. The Warfleets builder: over the points, Start is off and says why.
async function warfleetsOverThePoints() {
  for (const [tag, viewport] of SIZES) {
    const { page, context } = await newPage(`wf-${tag}`, viewport);
    await page.goto(base + "/#/builder/warfleets");
    await page.waitForSelector("#wf-builder [data-add-hull=Corvette]");
    // The sample fleets at their agreed points: accepted, Start offered.
    await page.waitForSelector("#wf-start:not(:disabled)");
    const equal = await page.textContent("#wf-totals");
    // Agreed points under what the fleets cost: Start off, the reason on screen.
    await page.fill("#wf-points", "250");
    await page.waitForFunction(() => /more than the agreed 250/.test(document.querySelector("#wf-start-why")?.textContent || ""));
    assert.ok(await page.isDisabled("#wf-start"), "Start a game is off for a fleet over its points");
    const why = (await page.textContent("#wf-start-why")).trim();
    await page.locator("#wf-start-why").scrollIntoViewIfNeeded();
    assert.ok(await page.isVisible("#wf-start-why"));
    const box = await page.locator("#wf-start-why").boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= viewport.width + 1, `the reason spans ${box.x}..${box.x + box.width}`);
    await fits(page, `the builder (${tag})`);
    await shot(page, `wf-${tag}-over`);
    // A click on it does nothing and says nothing new: it is off.
    await page.fill("#wf-points", "300");
    await page.waitForSelector("#wf-start:not(:disabled)");
    // One fleet more than the other: the totals say so, and the server's scenario
    // check decides whether they may play.
    await page.click('[data-fleet="0"]');
    await page.fill("[data-squadron='Fighter Squadron']", "0");
    await page.waitForFunction(() => /differ by \d+ pts/.test(document.querySelector("#wf-totals")?.textContent || ""));
    const differ = await page.textContent("#wf-totals");
    if (await page.isDisabled("#wf-start")) assert.match(await page.textContent("#wf-start-why"), /do not make a scenario/);
    await shot(page, `wf-${tag}-differ`);
    step(`WF builder ${tag}: "${equal.trim()}"; at 250 pts Start is off: "${why.slice(0, 110)}"; then "${differ.trim()}"`);
    await context.close();
  }
}

let failed = false;
try {
  // `CONTROLS_ONLY=undo,names` runs those parts alone (while working on one).
  const only = (part) => !process.env.CONTROLS_ONLY || process.env.CONTROLS_ONLY.split(",").includes(part);
  if (only("builder")) await warfleetsOverThePoints();
  if (only("names")) await longNames();
  if (only("quota")) await threeTabsAndTheQuota();
  if (only("undo")) {
    for (const [tag, viewport] of SIZES) await undoOffered(tag, viewport);
    await undoAndListFollowTheServer("desktop", DESKTOP, "launch-fighters", 7);
    await undoAndListFollowTheServer("phone", PHONE, "launch-fighters", 7);
    await undoAndListFollowTheServer("desktop", DESKTOP, "black-skies", 11);
  }
  assert.deepEqual(consoleErrors, [], "console errors");
  console.log("[controls] all passed");
} catch (e) {
  failed = true;
  for (const c of browser.contexts()) for (const [i, p] of c.pages().entries()) await p.screenshot({ path: path.join(out, `controls-failure-${i}.png`) }).catch(() => {});
  console.error("[controls] FAILED:", e && e.stack ? e.stack : e);
  if (consoleErrors.length) console.error("[controls] console errors:", consoleErrors);
} finally {
  await browser.close();
  server.child.kill();
}
process.exit(failed ? 1 : 0);
