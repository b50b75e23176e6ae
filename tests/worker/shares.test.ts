// Share links: the owner creates, lists, changes and revokes them; a secret
// opens only its own file's read-only routes, with only the parts included;
// unknown, revoked and expired links answer alike; views, rate limit,
// cascades and quotas.
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decodeUtterances } from "../../common/compact-utterances";
import { SHARE_LIMITS, SHARE_MESSAGES } from "../../common/shares";
import worker from "../../worker/index";
import { apiRequest, call as api, inOneRateWindow, type Json, randomIp } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import { speakers, updateWords, userWithTranscript, utterances } from "./transcript-helpers";

const SECRET_IN_URL = /\/s\/([A-Za-z0-9_-]{43})$/;

const createShare = (user: TestUser, fileId: string, body: unknown = {}) =>
  api("POST", `/audio_files/${fileId}/shares`, body, { token: user.token });
const listShares = (user: TestUser, fileId: string) => api("GET", `/audio_files/${fileId}/shares`, undefined, { token: user.token });
const patchShare = (user: TestUser, id: string, body: unknown) => api("PATCH", `/shares/${id}`, body, { token: user.token });
const revokeShare = (user: TestUser, id: string) => api("DELETE", `/shares/${id}`, undefined, { token: user.token });

/** A visitor without an account, from its own address unless told. */
const shared = (secret: string, path = "", ip = randomIp(), userAgent = "test-visitor") =>
  api("GET", `/shared/${secret}${path}`, undefined, { ip, headers: { "user-agent": userAgent } });

async function newShare(user: TestUser, fileId: string, body: unknown = {}) {
  const data = expectStatus(await createShare(user, fileId, body), 201).data;
  const secret = SECRET_IN_URL.exec(data.url)?.[1];
  expect(secret, data.url).toBeDefined();
  return { share: data, secret: secret! };
}

const shareRow = (id: string) => env.DB.prepare("SELECT * FROM shares WHERE id = ?").bind(id).first<Record<string, unknown>>();

async function setSummaryAndNotes(user: TestUser, fileId: string) {
  const transcript = { summary: "The summary.", notes: "Private notes." };
  expectStatus(await api("PUT", `/transcripts/${fileId}`, { transcript }, { token: user.token }), 200);
}

describe("share links: the owner's side", () => {
  it("creates, lists, changes and revokes links; the secret appears only in the creating answer and is stored as a hash", async () => {
    const { user, fileId } = await userWithTranscript("share-crud");
    const before = Date.now();
    const { share, secret } = await newShare(user, fileId, { include_media: true, expires_in_days: 7, label: " For the editor " });
    expect(share).toMatchObject({
      url: `http://localhost/s/${secret}`,
      label: "For the editor",
      include_media: true,
      include_summary: false,
      include_notes: false,
      show_owner_name: false,
      views: 0,
      last_viewed_at: null,
    });
    const expires = Date.parse(share.expires_at);
    expect(expires - before).toBeGreaterThanOrEqual(7 * 86400_000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * 86400_000);

    const second = await newShare(user, fileId);
    expect(second.share.expires_at).toBeNull();
    expect(second.secret).not.toBe(secret);

    // The listing has both, newest first, and no secrets.
    const listed = expectStatus(await listShares(user, fileId), 200).data;
    expect(listed.map((s: Json) => s.id)).toEqual([second.share.id, share.id]);
    expect(listed.every((s: Json) => s.url === null)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(secret);

    // D1 holds a hash of the secret, never the secret.
    const row = await shareRow(share.id);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row?.secret_hash).toMatch(/^[0-9a-f]{64}$/);

    const changed = expectStatus(await patchShare(user, share.id, { include_summary: true, expires_in_days: null, label: "" }), 200).data;
    expect(changed).toMatchObject({ id: share.id, url: null, include_media: true, include_summary: true, expires_at: null, label: null });

    expect(expectStatus(await revokeShare(user, share.id), 200)).toEqual({ message: "Share link revoked" });
    expect((await listShares(user, fileId)).body.data.map((s: Json) => s.id)).toEqual([second.share.id]);
    expect(await revokeShare(user, share.id)).toMatchObject({ status: 404, body: { error: SHARE_MESSAGES.notFound } });
  });

  it("validates the options with 422 {error}", async () => {
    const { user, fileId } = await userWithTranscript("share-valid");
    for (const body of [{ expires_in_days: 0 }, { expires_in_days: 366 }, { expires_in_days: 1.5 }, { expires_in_days: "7" }]) {
      expect(await createShare(user, fileId, body)).toEqual(
        expect.objectContaining({ status: 422, body: { error: SHARE_MESSAGES.expiryRange } }),
      );
    }
    expect((await createShare(user, fileId, { include_media: "yes" })).status).toBe(422);
    expect((await createShare(user, fileId, { owner_id: "x" })).status).toBe(422);
    expect((await createShare(user, fileId, { label: "x".repeat(101) })).body).toEqual({ error: SHARE_MESSAGES.labelTooLong });
    const { share } = await newShare(user, fileId);
    expect((await patchShare(user, share.id, {})).body).toEqual({ error: SHARE_MESSAGES.updateEmpty });
    expect((await patchShare(user, share.id, { expires_in_days: 400 })).status).toBe(422);
  });

  it("another user cannot create, list, change or revoke a user's links (404, nothing changed)", async () => {
    const { user, fileId } = await userWithTranscript("share-owner");
    const other = await createUser("share-other");
    const { share, secret } = await newShare(user, fileId);
    expect(await createShare(other, fileId)).toMatchObject({ status: 404 });
    expect(await listShares(other, fileId)).toMatchObject({ status: 404 });
    expect(await patchShare(other, share.id, { include_media: true })).toMatchObject({
      status: 404,
      body: { error: SHARE_MESSAGES.notFound },
    });
    expect(await revokeShare(other, share.id)).toMatchObject({ status: 404, body: { error: SHARE_MESSAGES.notFound } });
    expect(await shareRow(share.id)).toMatchObject({ include_media: 0 });
    expect((await shared(secret)).status).toBe(200);
    // Without an account, none of it.
    expect((await api("GET", `/audio_files/${fileId}/shares`)).status).toBe(401);
    expect((await api("DELETE", `/shares/${share.id}`)).status).toBe(401);
  });

  it("allows 20 live links per file and counts them toward the user's limit; expired ones do not count", async () => {
    const { user, fileId } = await userWithTranscript("share-quota");
    const ids: string[] = [];
    for (let i = 0; i < SHARE_LIMITS.perFile; i++) ids.push((await newShare(user, fileId)).share.id);
    expect(await createShare(user, fileId)).toMatchObject({ status: 403, body: { error: SHARE_MESSAGES.tooManyForFile } });
    await env.DB.prepare("UPDATE shares SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?").bind(ids[0]).run();
    expect((await createShare(user, fileId)).status).toBe(201);

    // The per-user limit (configurable) across files.
    const limited = Object.create(env, { QUOTA_SHARES: { value: "2" } }) as Env;
    const other = await userWithTranscript("share-quota-user");
    const call = async (path: string) => {
      const res = await worker.fetch(apiRequest("POST", path, {}, { token: other.user.token }), limited, createExecutionContext());
      return { status: res.status, body: (await res.json()) as Json };
    };
    expect((await call(`/audio_files/${other.fileId}/shares`)).status).toBe(201);
    expect((await call(`/audio_files/${other.fileId}/shares`)).status).toBe(201);
    expect(await call(`/audio_files/${other.fileId}/shares`)).toEqual({ status: 403, body: { error: SHARE_MESSAGES.tooMany(2) } });
  });
});

describe("share links: what a secret opens", () => {
  it("shows the file's name, duration, speakers and the transcript as it is now; summary, notes, owner and media only when included", async () => {
    const { user, fileId } = await userWithTranscript("share-read");
    await setSummaryAndNotes(user, fileId);
    const { share, secret } = await newShare(user, fileId);

    const bare = expectStatus(await shared(secret), 200).data;
    expect(bare).toMatchObject({ name: "take.wav", owner_name: null, include_media: false, include_summary: false, include_notes: false });
    expect(bare.transcript).toMatchObject({ summary: null, notes: null });
    expect(bare.duration).toBeGreaterThan(0);
    expect(bare.transcript.speakers.map((s: Json) => Object.keys(s).sort())).toEqual([
      ["displayName", "id", "role"],
      ["displayName", "id", "role"],
    ]);
    expect(JSON.stringify(bare)).not.toMatch(/The summary|Private notes|Library Tester|@example\.com|user_id|storage/);
    expect(await shared(secret, "/media")).toMatchObject({ status: 404, body: { error: SHARE_MESSAGES.mediaNotIncluded } });

    // The owner's corrections and speaker names show on the next read.
    const [u0] = await utterances(user, fileId);
    const words = u0.transcriptWords.map((w: Json, i: number) => (i === 0 ? { id: w.id, text: "Corrected" } : { id: w.id }));
    expectStatus(await updateWords(user, fileId, u0.id, { words }), 200);
    const [first] = await speakers(user, fileId);
    expectStatus(
      await api("PUT", `/transcripts/${fileId}/speakers/${first.id}`, { speaker: { name: "Ada", role: "Host" } }, { token: user.token }),
      200,
    );
    const list = expectStatus(await shared(secret, "/utterances"), 200).data.data;
    expect(list.map((u: Json) => u.id)).toEqual((await utterances(user, fileId)).map((u: Json) => u.id));
    expect(list[0].transcriptWords[0].text).toBe("Corrected");
    // The compact shape the page reads decodes to the same list.
    const compact = expectStatus(await shared(secret, "/utterances?format=compact"), 200).data;
    const shape = (u: Json) => [u.id, u.speakerId, u.startTime, u.transcriptWords.map((w: Json) => [w.id, w.text, w.startTime])];
    expect(decodeUtterances(compact).map(shape)).toEqual(list.map(shape));
    expect((await shared(secret, "/utterances?ids=x")).status).toBe(422);
    expect((await shared(secret)).body.data.transcript.speakers[0]).toEqual({ id: first.id, displayName: "Ada", role: "Host" });

    // Everything included: summary, notes, the owner's name and a working media link.
    await env.MEDIA.put(`users/${user.id}/${fileId}/take.wav`, new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]));
    expectStatus(
      await patchShare(user, share.id, { include_media: true, include_summary: true, include_notes: true, show_owner_name: true }),
      200,
    );
    const full = expectStatus(await shared(secret), 200).data;
    expect(full).toMatchObject({ owner_name: "Library Tester", include_media: true });
    expect(full.transcript).toMatchObject({ summary: "The summary.", notes: "Private notes." });
    const media = expectStatus(await shared(secret, "/media"), 200).data;
    expect(media.content_type).toBe("audio/wav");
    const expiresIn = Date.parse(media.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(3000_000);
    expect(expiresIn).toBeLessThanOrEqual(4 * 3600_000);
    const played = await exports.default.fetch(new Request(media.url));
    expect(played.status).toBe(200);
    expect(new Uint8Array(await played.arrayBuffer()).length).toBe(8);

    // Taking an option back takes effect on the next request.
    expectStatus(await patchShare(user, share.id, { include_media: false, include_notes: false }), 200);
    expect((await shared(secret)).body.data.transcript.notes).toBeNull();
    expect((await shared(secret, "/media")).status).toBe(404);
  });

  it("downloads the shared transcript as TXT, SRT and VTT, with summary and notes only when included", async () => {
    const { user, fileId } = await userWithTranscript("share-export");
    await setSummaryAndNotes(user, fileId);
    const { share, secret } = await newShare(user, fileId);
    const download = (format: string) =>
      exports.default.fetch(
        new Request(`http://localhost/api/v1/shared/${secret}/export/${format}`, { headers: { "cf-connecting-ip": randomIp() } }),
      );
    const txt = await download("txt");
    expect(txt.status).toBe(200);
    expect(txt.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''take.txt");
    const text = await txt.text();
    expect(text).toContain("u0w0 u0w1");
    expect(text).not.toMatch(/The summary|Private notes/);
    const srt = await download("srt");
    expect([srt.status, srt.headers.get("content-type")]).toEqual([200, "application/x-subrip"]);
    expect(await srt.text()).toMatch(/^1\r?\n00:00:00,000 --> /);
    const vtt = await download("vtt");
    expect(vtt.status).toBe(200);
    expect(await vtt.text()).toMatch(/^WEBVTT/);
    expect((await download("pdf")).status).toBe(422);
    expect((await download("docx")).status).toBe(422);

    expectStatus(await patchShare(user, share.id, { include_summary: true, include_notes: true }), 200);
    expect(await (await download("txt")).text()).toMatch(/The summary[\s\S]*Private notes/);
  });

  it("answers revoked, expired and unknown links with the same 404, and every shared answer is uncached, unindexed, without referrer", async () => {
    const { user, fileId } = await userWithTranscript("share-gone");
    const revoked = await newShare(user, fileId);
    const expired = await newShare(user, fileId, { expires_in_days: 1 });
    const live = await newShare(user, fileId);
    expectStatus(await revokeShare(user, revoked.share.id), 200);
    await env.DB.prepare("UPDATE shares SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), expired.share.id)
      .run();
    const unknown = "A".repeat(43);

    const ok = await shared(live.secret);
    expect(ok.status).toBe(200);
    const headerSet = (res: Response) => ({
      cache: res.headers.get("cache-control"),
      robots: res.headers.get("x-robots-tag"),
      referrer: res.headers.get("referrer-policy"),
      type: res.headers.get("content-type"),
    });
    expect(headerSet(ok.res)).toEqual({
      cache: "no-store",
      robots: "noindex, nofollow",
      referrer: "no-referrer",
      type: "application/json",
    });

    const answers = [];
    for (const secret of [revoked.secret, expired.secret, unknown, "short", "not a secret"]) {
      for (const path of ["", "/utterances", "/media", "/export/txt"]) {
        const res = await shared(encodeURIComponent(secret), path);
        answers.push({ status: res.status, body: res.body, headers: headerSet(res.res) });
      }
    }
    const expected = { status: 404, body: { error: SHARE_MESSAGES.gone }, headers: { ...headerSet(ok.res) } };
    expect(answers).toEqual(Array(answers.length).fill(expected));
  });

  it("serves the shared page's HTML with 200 for a live link and 404 (same page) otherwise, noindex and no referrer", async () => {
    const { user, fileId } = await userWithTranscript("share-page");
    const { share, secret } = await newShare(user, fileId);
    const page = (s: string) =>
      exports.default.fetch(
        new Request(`http://localhost/s/${s}`, { headers: { "sec-fetch-mode": "navigate", "cf-connecting-ip": randomIp() } }),
      );
    const good = await page(secret);
    expect(good.status).toBe(200);
    const html = await good.text();
    expect(html).toContain('<div id="root">');
    expect(good.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(good.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(good.headers.get("referrer-policy")).toBe("no-referrer");
    expectStatus(await revokeShare(user, share.id), 200);
    const gone = await page(secret);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe(html);
    const unknown = await page("B".repeat(43));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(html);
  });

  it("opens nothing else: not as a token, a file id, a share id or another path", async () => {
    const { user, fileId } = await userWithTranscript("share-scope");
    const { share, secret } = await newShare(user, fileId, { include_media: true, include_summary: true, include_notes: true });
    const asToken = { token: secret };
    expect((await api("GET", "/audio_files", undefined, asToken)).status).toBe(401);
    expect((await api("GET", `/audio_files/${fileId}`, undefined, asToken)).status).toBe(401);
    expect((await api("GET", `/transcripts/${fileId}/utterances`, undefined, asToken)).status).toBe(401);
    expect((await api("GET", "/auth/validate", undefined, asToken)).status).toBe(401);
    expect((await api("GET", `/audio_files/${fileId}/shares`, undefined, asToken)).status).toBe(401);
    expect((await api("GET", "/folders", undefined, asToken)).status).toBe(401);
    // The secret in any other place, and the share's id or hash in the secret's.
    expect((await api("GET", `/audio_files/${secret}`, undefined, { token: user.token })).status).toBe(404);
    expect((await shared(share.id)).status).toBe(404);
    const hash = (await shareRow(share.id))?.secret_hash as string;
    expect((await shared(hash)).status).toBe(404);
    // A path that climbs out of /shared is just another route, which wants an account.
    expect((await shared(secret, `/../../audio_files/${fileId}`)).status).toBe(401);
    for (const path of ["/speakers", "/edit-history", "/exports", "/download", "/utterances/x"]) {
      expect((await shared(secret, path)).status, path).toBe(404);
    }
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect((await api(method, `/shared/${secret}`, {})).status, method).toBe(404);
      expect((await api(method, `/shared/${secret}/utterances`, {})).status, method).toBe(404);
    }
  });

  it("plays shared media through a link of its own that names neither the owner nor the file, only while the link shares it", async () => {
    const { user, fileId } = await userWithTranscript("share-media");
    const file = await env.DB.prepare("SELECT storage_key FROM audio_files WHERE id = ?").bind(fileId).first<{ storage_key: string }>();
    const bytes = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4, 5, 6]);
    await env.MEDIA.put(file!.storage_key, bytes, { httpMetadata: { contentType: "audio/wav" } });
    const { share, secret } = await newShare(user, fileId, { include_media: true });

    const media = expectStatus(await shared(secret, "/media"), 200).data;
    const url = new URL(media.url);
    expect(url.pathname).toMatch(/^\/api\/v1\/shared-media\/[^/]+$/);
    // Nothing of the owner or the file in the link: no user id, file id, key or name.
    for (const leak of [user.id, fileId, file!.storage_key, "take", "users/", secret]) expect(media.url).not.toContain(leak);

    const played = await exports.default.fetch(new Request(media.url));
    expect(played.status).toBe(200);
    expect(new Uint8Array(await played.arrayBuffer())).toEqual(bytes);
    expect(
      Object.fromEntries(
        ["content-type", "content-disposition", "cache-control", "x-robots-tag", "referrer-policy", "x-content-type-options"].map((h) => [
          h,
          played.headers.get(h),
        ]),
      ),
    ).toEqual({
      "content-type": "audio/wav",
      "content-disposition": "inline",
      "cache-control": "no-store",
      "x-robots-tag": "noindex, nofollow",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
    });
    expect(played.headers.get("content-security-policy")).toContain("sandbox");
    // The player seeks with ranges.
    const part = await exports.default.fetch(new Request(media.url, { headers: { range: "bytes=2-5" } }));
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 2-5/${bytes.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(2, 6));

    // A changed or made-up link is as unknown as a revoked one.
    const gone = { error: SHARE_MESSAGES.gone };
    const tampered = media.url.replace(/.$/, (c: string) => (c === "0" ? "1" : "0"));
    for (const link of [tampered, `${url.origin}/api/v1/shared-media/${share.id}`, `${url.origin}/api/v1/shared-media/x`]) {
      const res = await exports.default.fetch(new Request(link));
      expect([res.status, await res.json()], link).toEqual([404, gone]);
    }
    // Taking media out of the link, or revoking it, ends the link at once.
    expectStatus(await patchShare(user, share.id, { include_media: false }), 200);
    expect((await exports.default.fetch(new Request(media.url))).status).toBe(404);
    expectStatus(await patchShare(user, share.id, { include_media: true }), 200);
    expect((await exports.default.fetch(new Request(media.url))).status).toBe(200);
    expectStatus(await revokeShare(user, share.id), 200);
    const revoked = await exports.default.fetch(new Request(media.url));
    expect([revoked.status, await revoked.json(), revoked.headers.get("cache-control")]).toEqual([404, gone, "no-store"]);
  });
});

describe("share links: views, rate limit and lifecycle", () => {
  it("counts a view at most once per address per hour, whatever the browser, and not the page's checks", async () => {
    const { user, fileId } = await userWithTranscript("share-views");
    const { share, secret } = await newShare(user, fileId);
    const ip = randomIp();
    await shared(secret, "", ip, "phone");
    await shared(secret, "", ip, "phone");
    await shared(secret, "/utterances", ip, "phone");
    await shared(secret, "?view=0", randomIp(), "laptop");
    expect((await shared(secret, "?view=yes")).status).toBe(422);
    let [row] = (await listShares(user, fileId)).body.data;
    expect(row.views).toBe(1);
    expect(Date.now() - Date.parse(row.last_viewed_at)).toBeLessThan(60_000);
    // Another browser at the same address is the same visitor; another address is not.
    await shared(secret, "", ip, "laptop");
    [row] = (await listShares(user, fileId)).body.data;
    expect(row.views).toBe(1);
    await shared(secret, "", randomIp(), "phone");
    await shared(secret, "", randomIp(), "phone");
    [row] = (await listShares(user, fileId)).body.data;
    expect(row.views).toBe(3);
    // An hour later the same visitor counts again.
    await env.DB.prepare("UPDATE share_views SET counted_at = ? WHERE share_id = ?")
      .bind(new Date(Date.now() - 3601_000).toISOString(), share.id)
      .run();
    await shared(secret, "", ip, "phone");
    [row] = (await listShares(user, fileId)).body.data;
    expect(row.views).toBe(4);
    // The table holds hashes, not addresses.
    const stored = await env.DB.prepare("SELECT visitor_hash FROM share_views WHERE share_id = ?").bind(share.id).all();
    expect(JSON.stringify(stored.results)).not.toContain(ip);
  });

  it("limits shared requests per client with 429 {error}, other clients unaffected", { timeout: 60_000 }, async () => {
    const { user, fileId } = await userWithTranscript("share-rate");
    const { secret } = await newShare(user, fileId);
    await inOneRateWindow(async () => {
      const ip = randomIp();
      const statuses: number[] = [];
      // Unknown secrets count too: a guesser is limited the same way.
      for (let i = 0; i < 61; i++) statuses.push((await shared(i % 2 ? secret : "C".repeat(43), "", ip)).status);
      expect(
        statuses.slice(0, 60).filter((s) => s !== 200 && s !== 404),
        statuses.join(","),
      ).toEqual([]);
      expect(statuses[60]).toBe(429);
      expect((await shared(secret, "/utterances", ip)).body).toEqual({ error: SHARE_MESSAGES.tooManyRequests });
      const page = await exports.default.fetch(new Request(`http://localhost/s/${secret}`, { headers: { "cf-connecting-ip": ip } }));
      expect(page.status).toBe(429);
      // The same headers as every shared answer: never cached or indexed, no referrer.
      expect([page.headers.get("cache-control"), page.headers.get("x-robots-tag"), page.headers.get("referrer-policy")]).toEqual([
        "no-store",
        "noindex, nofollow",
        "no-referrer",
      ]);
      expect(await page.json()).toEqual({ error: SHARE_MESSAGES.tooManyRequests });
      expect((await shared(secret, "", randomIp())).status).toBe(200);
    });
  });

  it("keeps working when the file is renamed or moved, and ends with the file or the owner's account", { timeout: 20_000 }, async () => {
    const { user, fileId } = await userWithTranscript("share-life");
    const { secret } = await newShare(user, fileId);
    expectStatus(await api("PUT", `/audio_files/${fileId}`, { audio_file: { name: "Interview" } }, { token: user.token }), 200);
    const folder = expectStatus(await api("POST", "/folders", { folder: { name: "Press" } }, { token: user.token }), 201).data;
    expectStatus(await api("PUT", `/audio_files/${fileId}`, { audio_file: { folder_id: folder.id } }, { token: user.token }), 200);
    expect((await shared(secret)).body.data.name).toBe("Interview");

    expectStatus(await api("DELETE", `/audio_files/${fileId}`, undefined, { token: user.token }), 200);
    expect(await shared(secret)).toMatchObject({ status: 404, body: { error: SHARE_MESSAGES.gone } });
    expect(await env.DB.prepare("SELECT count(*) n FROM shares WHERE audio_file_id = ?").bind(fileId).first("n")).toBe(0);

    const other = await userWithTranscript("share-account");
    const second = await newShare(other.user, other.fileId);
    await shared(second.secret);
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(other.user.id).run();
    expect((await shared(second.secret)).status).toBe(404);
    expect(await env.DB.prepare("SELECT count(*) n FROM shares WHERE user_id = ?").bind(other.user.id).first("n")).toBe(0);
    expect(await env.DB.prepare("SELECT count(*) n FROM share_views WHERE share_id = ?").bind(second.share.id).first("n")).toBe(0);
  });
});
