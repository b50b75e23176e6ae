// The penetration-test attack on media links, end to end in Chromium: an uploader
// stores HTML as "clip.wav" with the Content-Type `audio/wav, text/html` and sends
// the inline media link to a victim. Chromium takes the last type of such a list,
// so if the header came back unchanged the page would run on the app's origin and
// read the victim's token. It must not run at all.
import { expect, test, type Page, type Request } from "@playwright/test";
import { createUser, snap } from "./fixtures";

const EVIL_TYPE = "audio/wav, text/html";

// Every effect the payload would have: the title, a marker in local storage and in a
// cookie, a message to the window, and requests carrying what it could read.
const PAYLOAD = `<!doctype html><html><head><title>clip</title></head><body><script>
document.title = "pwned";
var token;
try { token = localStorage.getItem("auth_token"); localStorage.setItem("xss-ran", "1"); } catch (e) { token = "blocked:" + e.name; }
try { document.cookie = "xss=1; path=/"; } catch (e) {}
try { window.postMessage("xss-ran", "*"); (window.opener || window.parent).postMessage("xss-ran", "*"); } catch (e) {}
new Image().src = "/xss-beacon?token=" + encodeURIComponent(String(token));
fetch("/xss-fetch?token=" + encodeURIComponent(String(token))).catch(function () {});
</script><img src="/xss-img" onerror="document.title='pwned-img'"></body></html>`;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The attacker's side, all over the API: upload link, PUT with the crafted type, confirm, links. */
async function plantHtmlAsWav(page: Page) {
  const attacker = await createUser(page.request, "Mallory");
  const body = Buffer.from(PAYLOAD);
  const linkRes = await page.request.post("/api/v1/audio_files/upload-url", {
    headers: auth(attacker.token),
    data: { filename: "clip.wav", content_type: "audio/wav", file_size: body.length },
  });
  expect(linkRes.status()).toBe(200);
  const link = (await linkRes.json()) as { upload_url: string; key: string };
  const put = await page.request.put(link.upload_url, { headers: { "Content-Type": EVIL_TYPE }, data: body });
  expect(put.status(), await put.text()).toBe(200);
  const confirmed = await page.request.post("/api/v1/audio_files/confirm-upload", {
    headers: auth(attacker.token),
    data: { filename: "clip.wav", key: link.key, file_size: body.length, content_type: "audio/wav", folder_id: "", duration_seconds: "" },
  });
  expect(confirmed.status()).toBe(201);
  const { data } = (await confirmed.json()) as { data: { id: string } };
  const links = await page.request.get(`/api/v1/audio_files/${data.id}/download`, { headers: auth(attacker.token) });
  expect(links.status()).toBe(200);
  return (await links.json()) as { url: string; download_url: string; content_type: string };
}

test("an HTML body uploaded as `audio/wav, text/html` never runs on the app's origin", async ({ page, context }) => {
  const logs: string[] = [];
  page.on("console", (msg) => logs.push(`${msg.type()}: ${msg.text()}`));
  const pageErrors: string[] = [];
  page.on("pageerror", (err) => pageErrors.push(err.message));
  const leaks: string[] = [];
  page.on("request", (req: Request) => {
    if (/\/xss-/.test(new URL(req.url()).pathname)) leaks.push(req.url());
  });
  // Answer the payload's requests quietly (they are only observed).
  await page.route(/\/xss-(beacon|fetch|img)/, (route) => route.fulfill({ status: 204 }));

  const links = await plantHtmlAsWav(page);
  expect(links.content_type).toBe("audio/wav");

  // The victim: signed in, the token in local storage.
  const victim = await createUser(page.request, "Victim");
  await page.goto("/");
  await page.evaluate((token) => localStorage.setItem("auth_token", token), victim.token);
  const marks = () =>
    page.evaluate(() => ({ ran: localStorage.getItem("xss-ran"), token: localStorage.getItem("auth_token"), cookie: document.cookie }));

  // Control: the same payload served as HTML on this origin does run and is seen by every check below.
  await page.route("**/xss-control", (route) => route.fulfill({ status: 200, contentType: "text/html", body: PAYLOAD }));
  await page.goto("/xss-control");
  await expect(page).toHaveTitle(/pwned/);
  await expect.poll(() => leaks.some((url) => url.includes(encodeURIComponent(victim.token)))).toBe(true);
  expect((await marks()).ran).toBe("1");
  expect((await context.cookies()).some((c) => c.name === "xss")).toBe(true);
  // Reset every marker before the real attack.
  await page.evaluate(() => localStorage.removeItem("xss-ran"));
  await context.clearCookies();
  leaks.length = 0;

  // The victim opens the inline media link.
  const response = await page.goto(links.url);
  expect(response?.status()).toBe(200);
  // Give a script every chance to run.
  await page.waitForTimeout(1500);
  await snap(page, "90-security-media-inline-link");
  expect(await page.title()).not.toMatch(/pwned/);
  expect(leaks).toEqual([]);
  // Not an HTML document at all: a media document, and sandboxed without scripts if it ever were one.
  expect(await page.evaluate(() => document.scripts.length)).toBe(0);
  const headers = response!.headers();
  expect(headers["content-type"]).toBe("audio/wav");
  expect(headers["content-security-policy"]).toBe("sandbox; default-src 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["content-disposition"]).toBe("inline");

  // The download link is a download, never a page.
  const [download] = await Promise.all([page.waitForEvent("download"), page.goto(links.download_url).catch(() => null)]);
  expect(download.suggestedFilename()).toBe("clip.wav");

  // Back on the app: local storage and cookies untouched, nothing sent anywhere.
  await page.goto("/");
  const after = await marks();
  expect(after.ran).toBeNull();
  expect(after.token).toBe(victim.token);
  expect(after.cookie).not.toContain("xss=");
  expect((await context.cookies()).some((c) => c.name === "xss")).toBe(false);
  expect(leaks).toEqual([]);
  expect(pageErrors, logs.join("\n")).toEqual([]);
});
