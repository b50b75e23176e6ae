// The documented script (examples/transcribe.sh) with nothing but an API token: it creates a
// webhook, uploads a recording, and as the webhook's handler verifies the signed `file.ready`
// delivery and downloads the SRT. A forged delivery is refused.
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser, expect, test } from "./fixtures";
import { sineWav } from "./media";
import { auth } from "./team";

const SCRIPT = "examples/transcribe.sh";

/** Runs the script; resolves with its exit code and output. */
function run(args: string[], env: Record<string, string>, stdin = "") {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = spawn("bash", [SCRIPT, ...args], { env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout: stdout.trim(), stderr }));
    child.stdin.end(stdin);
  });
}

test("a script with only a token uploads, verifies the file.ready webhook and downloads the SRT", async ({ request, baseURL }) => {
  const user = await createUser(request, "Script Owner");
  const created = await request.post("/api/v1/tokens", {
    headers: auth(user.token),
    data: { name: "Nightly", scopes: ["read", "write"] },
  });
  expect(created.status()).toBe(201);
  const env = { TRANSCRIBE_API: `${baseURL}/api/v1`, TRANSCRIBE_TOKEN: ((await created.json()) as { data: { token: string } }).data.token };
  const outDir = mkdtempSync(join(tmpdir(), "transcribe-script-"));

  // The receiver hands each delivery to the script the CGI way and answers with its verdict.
  let secret = "";
  const verdicts: number[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const signature = String(req.headers["x-webhook-signature"] ?? "");
      const { code } = await run(
        ["receive", secret, outDir],
        { ...env, HTTP_X_WEBHOOK_SIGNATURE: signature },
        Buffer.concat(chunks).toString(),
      );
      verdicts.push(code);
      res.writeHead(code === 0 ? 200 : 400).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const hook = await run(["webhook", `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`], env);
    expect(hook.code, hook.stderr).toBe(0);
    secret = hook.stdout.split(" ")[1] ?? "";
    expect(secret.length).toBeGreaterThan(20);

    const wav = join(outDir, "interview.wav");
    writeFileSync(wav, sineWav(8));
    const upload = await run(["upload", wav], env);
    expect(upload.code, upload.stderr).toBe(0);
    const fileId = upload.stdout;

    const srt = join(outDir, `${fileId}.srt`);
    await expect.poll(() => existsSync(srt), { timeout: 45_000 }).toBe(true);
    const text = readFileSync(srt, "utf8");
    expect(text).toMatch(/^1\r?\n00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}/);
    expect(text).toContain("quarterly budget");
    expect(verdicts).toEqual([0]);

    // Signed as the docs say it passes; a forged signature and a stale (replayed) one do not.
    const body = JSON.stringify({ id: "evt", type: "webhook.test", created_at: new Date().toISOString(), data: {} });
    const now = Math.floor(Date.now() / 1000);
    const signed = (t: number) => `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
    const receive = (signature: string) => run(["receive", secret, outDir], { ...env, HTTP_X_WEBHOOK_SIGNATURE: signature }, body);
    expect((await receive(signed(now))).code).toBe(0);
    expect((await receive(`t=${now},v1=${"0".repeat(64)}`)).code).toBe(3);
    expect((await receive(signed(now - 3600))).code).toBe(3);
  } finally {
    receiver.close();
  }
});
