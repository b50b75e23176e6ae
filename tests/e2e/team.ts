// A team for the browser tests: a workspace, a member who joined through the e-mailed
// invitation, files uploaded straight into it, and the member's own browser.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { createUser, expect, linkPath, mailTo } from "./fixtures";
import { sineWav } from "./media";

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

type Session = Awaited<ReturnType<typeof createUser>>;

/** A new team workspace of the signed-in owner, with `name` invited as `role` and accepted. */
export async function teamWithMember(
  page: Page,
  ownerToken: string,
  teamName: string,
  memberName: string,
  role: "editor" | "commenter" | "viewer",
) {
  const created = await page.request.post("/api/v1/workspaces", { headers: auth(ownerToken), data: { name: teamName } });
  expect(created.status()).toBe(201);
  const team = ((await created.json()) as { data: { id: string } }).data;
  const member = await createUser(page.request, memberName);
  const invited = await page.request.post(`/api/v1/workspaces/${team.id}/invitations`, {
    headers: auth(ownerToken),
    data: { email: member.email, role },
  });
  expect(invited.status()).toBe(201);
  const link = linkPath(await mailTo(page, member.email, /You're invited to a workspace/), "/invitations/accept");
  const token = new URLSearchParams(link.split("?")[1]).get("token");
  expect((await page.request.post("/api/v1/invitations/accept", { headers: auth(member.token), data: { token } })).status()).toBe(200);
  return { team, member };
}

/** Uploads a WAV of `seconds` straight into a workspace (25 s: 6 utterances of 8 words from the fake speech server). */
export async function uploadInto(
  request: APIRequestContext,
  token: string,
  workspaceId: string,
  name: string,
  seconds = 25,
): Promise<string> {
  const body = sineWav(seconds);
  const link = await request.post("/api/v1/audio_files/upload-url", {
    headers: auth(token),
    data: { filename: name, content_type: "audio/wav", file_size: body.length, workspace_id: workspaceId },
  });
  expect(link.status()).toBe(200);
  const { upload_url, key } = (await link.json()) as { upload_url: string; key: string };
  expect((await request.put(upload_url, { headers: { "Content-Type": "audio/wav" }, data: body })).status()).toBe(200);
  const confirmed = await request.post("/api/v1/audio_files/confirm-upload", {
    headers: auth(token),
    data: { filename: name, key, file_size: body.length, content_type: "audio/wav", duration_seconds: seconds, workspace_id: workspaceId },
  });
  expect(confirmed.status()).toBe(201);
  return ((await confirmed.json()) as { data: { id: string } }).data.id;
}

/** A second person's browser, signed in with tutorials skipped; its page errors are collected. */
export async function memberBrowser(browser: Browser, request: APIRequestContext, session: Pick<Session, "token" | "user">) {
  const res = await request.put("/api/v1/preferences", {
    headers: auth(session.token),
    data: { preferences: { tutorials: { skip_all: true } } },
  });
  expect(res.status()).toBe(200);
  const user = { ...(session.user as object), preferences: ((await res.json()) as { data: unknown }).data };
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.addInitScript(
    ({ token, user }) => {
      localStorage.setItem("auth_token", token);
      localStorage.setItem("auth_user", JSON.stringify(user));
    },
    { token: session.token, user },
  );
  return { context, page, errors };
}
