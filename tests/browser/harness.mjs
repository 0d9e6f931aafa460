// What both browser scripts need (e2e.mjs, site.mjs): `orrery serve` started on a
// port, and Debian's Chromium.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import readline from "node:readline";

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
