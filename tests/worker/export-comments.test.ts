// Exports with comment threads end to end: threads written through the API by several members
// come out of the real export queue as Word comments, PDF notes and TXT notes, only when asked
// for; a share link's page, utterances and downloads never carry them.
import { exports } from "cloudflare:workers";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { type Json, randomIp } from "./helpers";
import { expectStatus, fetchLink, type TestUser } from "./library-helpers";
import { storeTranscript, unchangedWords, updateWords, utterances } from "./transcript-helpers";
import { as, team } from "./workspace-helpers";
import { eventually } from "../support/poll";

const comment = async (user: TestUser, fileId: string, body: Json) =>
  expectStatus(await as(user, "POST", `/transcripts/${fileId}/comments`, body), 201).data;

/** Requests an export, waits for the queue to generate it, and downloads it. */
async function exported(user: TestUser, fileId: string, format: string, options: Json = {}): Promise<Uint8Array> {
  const row = expectStatus(await as(user, "POST", `/transcripts/${fileId}/request-export`, { format, options }), 202).data;
  expect(row.options.include_comments).toBe(options.include_comments ?? false);
  const { status } = await eventually(
    async () => expectStatus(await as(user, "GET", `/exports/${row.id}`), 200).data,
    (r) => r.status === "completed" || r.status === "failed",
    { ms: 20_000 },
  );
  expect(status, "export still running or failed").toBe("completed");
  const { download_url } = expectStatus(await as(user, "GET", `/exports/${row.id}/download`), 200);
  return new Uint8Array(await (await fetchLink(download_url)).arrayBuffer());
}

const fromXml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
const textOf = (xml: string) => fromXml([...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(""));

/** A team file with a stored transcript (four utterances of four words, `u0w0` …) and threads by three members. */
async function commentedTeamFile() {
  const t = await team();
  const { fileId } = await storeTranscript(t.owner);
  expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
  const list = await utterances(t.owner, fileId);
  const w = (u: number, i: number) => list[u].transcriptWords[i].id;
  const spelling = await comment(t.owner, fileId, { start_word_id: w(0, 1), end_word_id: w(0, 2), body: "Is this <b>spelled</b> right?" });
  expectStatus(await as(t.editor, "POST", `/comments/${spelling.id}/replies`, { body: "Yes, checked." }), 201);
  const cut = await comment(t.commenter, fileId, { start_word_id: w(1, 3), end_word_id: w(2, 0), body: "Cut this part." });
  expectStatus(await as(t.editor, "PATCH", `/comments/${cut.id}`, { resolved: true }), 200);
  // A thread whose only word is then deleted: it stays, marked removed.
  const gone = await comment(t.owner, fileId, { start_word_id: w(3, 1), end_word_id: w(3, 1), body: "A name here?" });
  const last = list[3];
  expectStatus(
    await updateWords(t.owner, fileId, last.id, {
      version: last.version,
      words: unchangedWords(last).filter((x: Json) => x.id !== w(3, 1)),
    }),
    200,
  );
  const threads = expectStatus(await as(t.viewer, "GET", `/transcripts/${fileId}/comments`), 200).data;
  expect(threads.map((c: Json) => [c.id, c.anchor.removed])).toEqual([
    [spelling.id, false],
    [cut.id, false],
    [gone.id, true],
  ]);
  return { t, fileId, threads };
}

describe("exports with comments", { timeout: 120_000 }, () => {
  it("DOCX: each thread a Word comment around its words, replies threaded, resolved marked; PDF and TXT notes; none unless asked", async () => {
    const { t, fileId, threads } = await commentedTeamFile();
    const [spelling, cut] = threads;
    const names = threads.map((c: Json) => c.author.full_name);

    // A viewer reads comments, so a viewer's export may include them.
    const zip = await JSZip.loadAsync(await exported(t.viewer, fileId, "docx", { include_comments: true }));
    const document = await zip.file("word/document.xml")!.async("string");
    const commentsXml = await zip.file("word/comments.xml")!.async("string");
    const listed = [...commentsXml.matchAll(/<w:comment ([^>]*)>([\s\S]*?)<\/w:comment>/g)].map(([, attrs, inner]) => ({
      id: /w:id="(\d+)"/.exec(attrs!)![1]!,
      author: fromXml(/w:author="([^"]*)"/.exec(attrs!)![1]!),
      date: /w:date="([^"]*)"/.exec(attrs!)![1],
      text: textOf(inner!),
    }));
    expect(listed.map((c) => [c.author, c.text])).toEqual([
      [names[0], "Is this <b>spelled</b> right?"],
      [spelling.replies[0].author.full_name, "Yes, checked."],
      [names[1], "(resolved) Cut this part."],
      [names[2], "(text removed: “u3w1”) A name here?"],
    ]);
    expect(listed[0]!.date).toBe(spelling.created_at);
    const between = (id: string) => {
      const start = document.indexOf(`<w:commentRangeStart w:id="${id}"/>`);
      const end = document.indexOf(`<w:commentRangeEnd w:id="${id}"/>`);
      expect(start, `range ${id}`).toBeGreaterThan(0);
      expect(end).toBeGreaterThan(start);
      expect(document).toContain(`<w:commentReference w:id="${id}"/>`);
      return document.slice(start, end).split("</w:p>").map(textOf);
    };
    // The thread and its reply on exactly "u0w1 u0w2"; the cut one from the second utterance's last word into the third.
    expect(between(listed[0]!.id)).toEqual(["u0w1 u0w2"]);
    expect(between(listed[1]!.id)).toEqual(["u0w1 u0w2"]);
    const across = between(listed[2]!.id);
    expect([across[0], across.at(-1)!.endsWith("u2w0")]).toEqual(["u1w3", true]);
    expect(between(listed[3]!.id)).toEqual([""]);
    const extended = await zip.file("word/commentsExtended.xml")!.async("string");
    expect(extended).toMatch(/w15:paraIdParent="/);
    expect(extended).toContain('w15:done="1"');
    expect(cut.resolved).toBe(true);

    const txt = new TextDecoder().decode(await exported(t.viewer, fileId, "txt", { include_comments: true }));
    expect(txt).toContain(`u0w0 u0w1 u0w2 u0w3\n[Comment on “u0w1 u0w2” — ${names[0]}: Is this <b>spelled</b> right?]\n`);
    expect(txt).toContain(`[Reply — ${spelling.replies[0].author.full_name}: Yes, checked.]`);
    expect(txt).toContain(`[Comment on “u1w3 u2w0” (resolved) — ${names[1]}: Cut this part.]`);
    expect(txt).toContain(`u3w0 u3w2 u3w3\n[Comment on “u3w1” (text removed) — ${names[2]}: A name here?]\n`);

    const pdf = await exported(t.viewer, fileId, "pdf", { include_comments: true });
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe("%PDF-");

    // Without the option: the same file, no comments.
    const plain = await JSZip.loadAsync(await exported(t.viewer, fileId, "docx"));
    expect(plain.file("word/comments.xml")).toBeNull();
    expect(await plain.file("word/document.xml")!.async("string")).not.toContain("commentRange");
    expect(new TextDecoder().decode(await exported(t.viewer, fileId, "txt"))).not.toContain("[Comment");
    // Captions never carry them.
    expect(new TextDecoder().decode(await exported(t.viewer, fileId, "srt", { include_comments: true }))).not.toContain("spelled");
  });

  it("refuses a bad include_comments and a stranger alike", async () => {
    const { t, fileId } = await commentedTeamFile();
    const request = (user: TestUser, options: Json) =>
      as(user, "POST", `/transcripts/${fileId}/request-export`, { format: "docx", options });
    expect(expectStatus(await request(t.owner, { include_comments: "yes" }), 422).error).toEqual(expect.any(String));
    expectStatus(await request(t.stranger, { include_comments: true }), 404);
  });

  it("a share link never shows comments: not on its page, its utterances or its downloads", async () => {
    const { t, fileId } = await commentedTeamFile();
    const created = expectStatus(
      await as(t.owner, "POST", `/audio_files/${fileId}/shares`, { include_summary: true, include_notes: true }),
      201,
    ).data;
    const secret = /\/s\/([A-Za-z0-9_-]{43})$/.exec(created.url)![1];
    const read = async (path: string) => {
      const res = await exports.default.fetch(
        new Request(`http://localhost/api/v1/shared/${secret}${path}`, { headers: { "cf-connecting-ip": randomIp() } }),
      );
      expect(res.status, path).toBe(200);
      return res.text();
    };
    for (const path of ["", "/utterances", "/utterances?format=compact", "/export/txt", "/export/srt", "/export/vtt"]) {
      const body = await read(path);
      for (const secretText of ["spelled", "Cut this part", "A name here", "Yes, checked", "[Comment", "comments"])
        expect(body, `${path} shows ${secretText}`).not.toContain(secretText);
    }
    // A comments path under the link does not exist.
    const res = await exports.default.fetch(
      new Request(`http://localhost/api/v1/shared/${secret}/comments`, { headers: { "cf-connecting-ip": randomIp() } }),
    );
    expect(res.status).toBe(404);
  });
});
