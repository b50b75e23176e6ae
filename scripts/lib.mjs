// Shared helpers for the project scripts (Node, no dependencies).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));

/** Nothing but the npm registry is reachable: keep Cloudflare's tools offline and prompt-free. */
export const offlineEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: process.env.CI ?? "1",
};

/** Creates .dev.vars from the committed example, with a random local secret. */
export function ensureDevVars() {
  const target = `${root}.dev.vars`;
  if (existsSync(target)) return;
  copyFileSync(`${root}.dev.vars.example`, target);
  const secret = randomBytes(32).toString("hex");
  writeFileSync(target, readFileSync(target, "utf8").replace(/^JWT_SECRET=.*$/m, `JWT_SECRET=${secret}`));
  console.log("Created .dev.vars with a random JWT_SECRET");
}

/** Runs a command, inheriting stdio; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: offlineEnv, ...options });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✗ ${command} ${args.join(" ")} failed with exit code ${code}`);
    process.exit(code);
  }
}

export const bin = (name) => `${root}node_modules/.bin/${name}`;
