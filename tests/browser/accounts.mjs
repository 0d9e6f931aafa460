// Accounts in the browser (issue 42), in a real headless Chromium: a player signs up
// in the lobby at desktop size, sets up a game against the AI and moves; on a phone
// (another browser context: no shared storage, no token) they log in, find the game
// under "Logged in as", open it as their own seat and move there; the session cookie
// is HttpOnly (the page's script cannot read it); a wrong password is said on
// screen; logging out turns the lobby back into a guest's.
// Run by `tests/browser.rs`:
//   node accounts.mjs ORRERY_BINARY DATA_DIR OUT_DIR
// Screenshots go to OUT_DIR/accounts-*.png.
import { startServer, launchChromium } from "./harness.mjs";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

const [bin, data, out] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
const step = (m) => console.log(`[accounts] ${m}`);

const server = await startServer(bin, data);
const base = server.base;
const browser = await launchChromium();
const consoleErrors = [];
const pages = [];
const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };

async function newPage(name, viewport) {
  const context = await browser.newContext({ viewport, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
  const page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error" && !/status of 4\d\d/.test(m.text())) consoleErrors.push(`${name}: ${m.text()}`); });
  page.on("pageerror", (e) => consoleErrors.push(`${name}: ${e.message}`));
  page.setDefaultTimeout(25000);
  pages.push([name, page]);
  return { context, page };
}
const shot = (page, name) => page.screenshot({ path: path.join(out, `accounts-${name}.png`), fullPage: true });

// One decision by clicking, once it is this seat's turn: a forced choice is taken
// by the page itself; else the first listed choice, confirmed where the page asks
// (never "End the game"). The state hash changes when the server took it.
async function moveOnce(page) {
  await page.waitForSelector("button.action:not([disabled]), #only-action, #show-all", { timeout: 60000 });
  const before = await page.getAttribute("#game-head", "data-hash");
  const changed = () => page.waitForFunction((h) => document.querySelector("#game-head")?.dataset.hash !== h, before, { timeout: 60000 });
  if (await page.locator("#only-action").count()) return changed();
  if (await page.locator("#show-all").count()) await page.click("#show-all");
  await page.locator("button.action").first().click();
  await page.waitForFunction((h) => document.querySelector("#confirm") || document.querySelector("#game-head")?.dataset.hash !== h, before);
  if (await page.locator("#confirm").count()) {
    if ((await page.textContent("#confirm")).includes("End the game")) {
      await page.click("#cancel");
      await page.locator("button.action").nth(1).click();
      await page.waitForSelector("#confirm");
    }
    await page.click("#confirm");
  }
  return changed();
}

try {
  // ---- Desktop: sign up, set up a game against the AI, move.
  const desk = await newPage("desktop", DESKTOP);
  await desk.page.goto(base + "/");
  await desk.page.waitForSelector("#login");
  await shot(desk.page, "desktop-guest");
  await desk.page.fill("#login-name", "Ada Lovelace");
  await desk.page.fill("#login-password", "analytical engine");
  await desk.page.click("#sign-up");
  await desk.page.waitForSelector("#account-name");
  assert.equal((await desk.page.textContent("#account-name")).trim(), "Ada Lovelace");
  const cookies = await desk.context.cookies();
  const session = cookies.find((c) => c.name === "orrery_session");
  assert.ok(session && session.httpOnly && session.sameSite === "Lax", JSON.stringify(cookies));
  assert.equal(await desk.page.evaluate(() => document.cookie.includes("orrery_session")), false, "the page's script cannot read the session");
  step("signed up; the session cookie is HttpOnly and SameSite=Lax");
  await desk.page.selectOption("#ruleset", "launch-fighters");
  await desk.page.selectOption('select[data-seat="1"]', "easy");
  await desk.page.click("#create");
  await desk.page.click("#play-link");
  await desk.page.waitForSelector("#game-head[data-hash]");
  const id = desk.page.url().split("/g/")[1];
  await moveOnce(desk.page);
  step(`game ${id} set up and a move played at the desktop`);

  // ---- Phone: another device, nothing in its storage: log in, find the game.
  const phone = await newPage("phone", PHONE);
  await phone.page.goto(base + "/");
  await phone.page.waitForSelector("#login");
  await phone.page.fill("#login-name", "ada lovelace");
  await phone.page.fill("#login-password", "not the password");
  await phone.page.click("#log-in");
  await phone.page.waitForFunction(() => /wrong name or password/.test(document.querySelector("#login-said")?.textContent || ""));
  await shot(phone.page, "phone-wrong-password");
  await phone.page.fill("#login-password", "analytical engine");
  await phone.page.click("#log-in");
  await phone.page.waitForSelector(`#account-games a[href="#/g/${id}"]`);
  const wide = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= PHONE.width + 1, `the lobby is ${wide} px wide on a phone`);
  await shot(phone.page, "phone-lobby");
  // The games list marks the game as this player's and offers to resume it.
  await phone.page.waitForSelector(`tr[data-game="${id}"] a[href="#/g/${id}"]`);
  await phone.page.click(`#account-games a[href="#/g/${id}"]`);
  await phone.page.waitForSelector("#game-head[data-hash]");
  await phone.page.waitForFunction(() => /you are/.test(document.querySelector("#game-head")?.textContent || ""));
  const stored = await phone.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("orrery:seats:")));
  assert.deepEqual(stored, [], "the phone holds no token: the account is the seat");
  await moveOnce(phone.page);
  await shot(phone.page, "phone-game");
  step("the phone logged in, found the game and moved as the account's seat");

  // ---- Log out: a guest again.
  await phone.page.goto(base + "/");
  await phone.page.waitForSelector("#log-out");
  await phone.page.click("#log-out");
  await phone.page.waitForSelector("#login");
  await shot(desk.page, "desktop-game-after-phone-move");
  step("logged out on the phone");
  // ---- The desktop's lobby, still logged in: its account box, the game as its own,
  // the rated box offered; the player's page.
  await desk.page.goto(base + "/");
  await desk.page.waitForSelector(`#account-games a[href="#/g/${id}"]`);
  await desk.page.waitForSelector("#rated", { state: "visible" });
  // Correspondence: the game waits for Ada (the AI answered the phone's move), so it
  // leads her list, marked, and the tab's title counts it.
  await desk.page.waitForSelector("#account-games li.your-turn");
  await desk.page.waitForFunction(() => document.title === "(1) Orrery");
  await shot(desk.page, "desktop-lobby");
  // ---- A rated game: Ada sets it up, Bob (a phone) signs up and takes the open
  // seat from the lobby, then resigns; both pages show the ratings, the
  // leaderboard lists both.
  await desk.page.check("#rated");
  await desk.page.selectOption('select[data-seat="1"]', "human");
  await desk.page.click("#create");
  await desk.page.click("#play-link");
  await desk.page.waitForSelector("#game-head[data-hash]");
  const bob = await newPage("bob", PHONE);
  await bob.page.goto(base + "/");
  await bob.page.fill("#login-name", "Bob");
  await bob.page.fill("#login-password", "difference engine");
  await bob.page.click("#sign-up");
  await bob.page.waitForSelector("#account-name");
  const joinButton = bob.page.locator("button[data-join$='/1']").first();
  await joinButton.waitFor();
  const rated = (await joinButton.getAttribute("data-join")).split("/")[0];
  await joinButton.click();
  await bob.page.waitForFunction(() => /you are/.test(document.querySelector("#game-head")?.textContent || ""));
  // ---- A takeback between accounts: whoever the initiative gives the first move
  // moves, presses Undo (which asks the other), and the other lets them; the mover's
  // page is back where it was.
  const CHOICE = "button.action:not([disabled]), #only-action, #show-all";
  const mover = await Promise.race([desk, bob].map((p) => p.page.waitForSelector(CHOICE, { timeout: 60000 }).then(() => p)));
  const other = mover === desk ? bob : desk;
  const moverBefore = await mover.page.getAttribute("#game-head", "data-hash");
  await moveOnce(mover.page);
  await mover.page.waitForSelector("#undo[aria-disabled='false']");
  await mover.page.click("#undo");
  await other.page.waitForSelector("#takeback-accept", { timeout: 15000 });
  await shot(other.page, "takeback-asked");
  await other.page.click("#takeback-accept");
  await mover.page.waitForFunction((h) => document.querySelector("#game-head")?.dataset.hash === h, moverBefore, { timeout: 15000 });
  step(`a move taken back when the other player let it (${mover === desk ? "Ada" : "Bob"} asked)`);
  // ---- Talk: Bob's markup arrives at Ada as text; Ada mutes him; a draw offered
  // by Ada is declined by Bob with the buttons.
  await bob.page.waitForSelector("#talk-panel:not([hidden]) #talk-input");
  await bob.page.fill("#talk-input", "<b>good luck</b> & have fun");
  await bob.page.click("#talk-send");
  await desk.page.waitForFunction(() => /<b>good luck<\/b> & have fun/.test(document.querySelector("#talk-lines")?.textContent || ""), null, { timeout: 15000 });
  assert.equal(await desk.page.locator("#talk-lines b").count(), 0, "chat is shown as text, never as markup");
  await desk.page.click("#draw-offer");
  await desk.page.waitForSelector("#draw-waiting");
  await bob.page.waitForSelector("#draw-decline", { timeout: 15000 });
  await shot(bob.page, "phone-draw-offered");
  await bob.page.click("#draw-decline");
  await desk.page.waitForFunction(() => /declined the draw/.test(document.querySelector("#talk-lines")?.textContent || ""), null, { timeout: 15000 });
  // Each line once, though the socket's word and the page's own reading cross.
  for (const p of [desk.page, bob.page]) {
    assert.equal(await p.locator("#talk-lines li.talk-draw_offer").count(), 1, "the offer shown once: " + await p.textContent("#talk-lines"));
    assert.equal(await p.locator("#talk-lines li.talk-chat").count(), 1, "the chat line shown once");
  }
  await desk.page.check("#talk-mute");
  await desk.page.waitForFunction(() => /1 message muted/.test(document.querySelector("#talk-lines")?.textContent || ""));
  await shot(desk.page, "desktop-talk");
  step("chat as text, a muted player, a draw offered and declined");
  const resigned = await bob.page.evaluate(async (g) => (await fetch(`/api/games/${g}/resign`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).status, rated);
  assert.equal(resigned, 200);
  // The server rates a rated game a moment after it ends (in the background): wait
  // for it through the API, saying what the page would have shown if it never comes.
  const rated_ = await desk.page.evaluate(async () => {
    let p = null;
    for (let i = 0; i < 120; i++) {
      p = await (await fetch("/api/players/Ada%20Lovelace")).json();
      if (p.ratings && p.ratings.length) return { ok: true };
      await new Promise((r) => setTimeout(r, 250));
    }
    return { ok: false, p };
  });
  assert.ok(rated_.ok, "the rated game was not rated within 30 s: " + JSON.stringify(rated_.p));
  await desk.page.goto(base + "/#/player/Ada%20Lovelace");
  await desk.page.waitForSelector("#ratings .rating-graph, svg.rating-graph");
  const shown = await desk.page.textContent("#ratings");
  assert.match(shown, /Launch Fighters!/);
  assert.match(shown, /1[6-9]\d\d\?/, "a win from 1500 raises a provisional rating");
  await shot(desk.page, "desktop-player");
  await bob.page.goto(base + "/#/ratings/launch-fighters");
  await bob.page.waitForSelector("#board");
  const board = await bob.page.textContent("#board");
  assert.ok(board.indexOf("Ada Lovelace") < board.indexOf("Bob"), board);
  await shot(bob.page, "phone-leaderboard");
  step("a rated game moved both ratings; the player page and the leaderboard show them");
  // ---- A challenge with a points limit: Ada posts one with a force from the
  // roster; Bob (a phone) sees its terms in the lobby, builds his own force with
  // the picker, accepts, and is taken into the game; it is in Ada's games too.
  await desk.page.goto(base + "/");
  await desk.page.click("#new-challenge");
  await desk.page.waitForSelector("#post-challenge .force-picker li");
  await desk.page.fill("#challenge-points", "1000");
  await desk.page.locator("#post-challenge .force-picker li button[aria-label$=' more']").first().click();
  await desk.page.waitForFunction(() => /Force: [1-9][\d,]* of 1,000 points$/.test(document.querySelector("#post-challenge .total")?.textContent || ""));
  await shot(desk.page, "desktop-challenge-form");
  await desk.page.click("#post-challenge-send");
  await desk.page.waitForSelector("#challenges button[data-withdraw]");
  await shot(desk.page, "desktop-challenge-posted");
  await bob.page.goto(base + "/");
  const acceptButton = bob.page.locator("#challenges button[data-accept]").first();
  await acceptButton.waitFor();
  const terms = await bob.page.textContent("#challenges");
  assert.match(terms, /1,000 points/);
  assert.match(terms, /Ada Lovelace/);
  await acceptButton.click();
  await bob.page.waitForSelector("tr.accepting .force-picker li");
  // Over the limit: the picker says so and the server refuses it in words.
  const more = bob.page.locator("tr.accepting .force-picker li button[aria-label$=' more']").first();
  for (let i = 0; i < 60 && !(await bob.page.locator("tr.accepting .total.bad").count()); i++) await more.click();
  await bob.page.click("[data-send-force]");
  await bob.page.waitForFunction(() => /over the challenge's/.test(document.querySelector("tr.accepting p.said")?.textContent || ""));
  await shot(bob.page, "phone-challenge-over-limit");
  const less = bob.page.locator("tr.accepting .force-picker li button[aria-label$=' less']").first();
  while (await bob.page.locator("tr.accepting .total.bad").count()) await less.click();
  await bob.page.click("[data-send-force]");
  await bob.page.waitForFunction(() => /you are/.test(document.querySelector("#game-head")?.textContent || ""));
  const started = bob.page.url().split("#/g/")[1];
  await shot(bob.page, "phone-challenge-game");
  await desk.page.goto(base + "/");
  await desk.page.waitForSelector(`#account-games a[href="#/g/${started}"]`);
  step("a challenge with a points limit posted, accepted with a force built on a phone, and begun");
  // The other side answers first: Bob opens a challenge's picker, Ada withdraws it
  // meanwhile; Bob's force is refused in words and no game begins.
  const second = await desk.page.evaluate(async () => {
    const roster = (await (await fetch("/api/rulesets/launch-fighters/roster")).json()).roster;
    const r = await fetch("/api/challenges", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ruleset: "launch-fighters", points: 1000, force: [roster[0].name] }) });
    return (await r.json()).challenge.id;
  });
  await bob.page.goto(base + "/");
  await bob.page.locator(`button[data-accept="${second}"]`).click();
  await bob.page.waitForSelector("tr.accepting .force-picker li");
  await bob.page.locator("tr.accepting .force-picker li button[aria-label$=' more']").first().click();
  const withdrawn = await desk.page.evaluate(async (id) => (await fetch(`/api/challenges/${id}`, { method: "DELETE" })).status, second);
  assert.equal(withdrawn, 200);
  await bob.page.click("[data-send-force]");
  await bob.page.waitForFunction(() => /withdrawn/.test(document.querySelector("tr.accepting p.said")?.textContent || ""));
  assert.ok(bob.page.url().endsWith("/"), "no game was opened: " + bob.page.url());
  step("a challenge withdrawn while another player built a force: the force is refused in words");
  assert.deepEqual(consoleErrors, [], consoleErrors.join("\n"));
  console.log("[accounts] all passed");
} catch (e) {
  console.error(e);
  console.error(consoleErrors.join("\n"));
  for (const [name, page] of pages) await shot(page, `failed-${name}`).catch(() => {});
  process.exitCode = 1;
} finally {
  await browser.close();
  server.child.kill();
}
