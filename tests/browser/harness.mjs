// What the browser scripts need: `orrery serve` started on a port, Debian's
// Chromium, and (`startScript`, learn.mjs) both at a script's start.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import readline from "node:readline";
import fs from "node:fs";

/** `orrery serve` (`bin`) on `addr` with its data in `data` (and `extra` flags);
 * resolves to `{child, base}` once it prints where it listens. */
export function startServer(bin, data, addr = "127.0.0.1:0", extra = []) {
  const child = spawn(bin, ["serve", "--addr", addr, "--data", data, ...extra], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.on("line", (l) => {
      const m = l.match(/listening on (http:\/\/\S+)/);
      if (m) resolve({ child, base: m[1] });
    });
    child.on("exit", (c) => reject(new Error(`orrery serve exited (${c})`)));
  });
}

/** Headless Chromium (`CHROMIUM`, else Debian's `/usr/bin/chromium`). */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** Desktop and phone sizes the scripts test at. */
export const DESKTOP = { width: 1400, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** A script's start: its arguments (`node SCRIPT ORRERY_BINARY DATA_DIR OUT_DIR`),
 * the output directory made, `orrery serve` and Chromium started, a logger tagged
 * `[tag]`, and the list console errors are collected in. */
export async function startScript(tag) {
  const [bin, data, out] = process.argv.slice(2);
  fs.mkdirSync(out, { recursive: true });
  const server = await startServer(bin, data);
  const browser = await launchChromium();
  return { bin, data, out, server, base: server.base, browser, consoleErrors: [], step: (m) => console.log(`[${tag}] ${m}`) };
}
