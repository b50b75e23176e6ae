// Highlights (docs/api.md, Highlights; decision 047): words marked with a label, listed in text
// order and by label, kept on their words through edits and undo, roles, the workspace's labels,
// and the quote list as TXT and DOCX.
import { exports } from "cloudflare:workers";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { DEFAULT_HIGHLIGHT_LABELS, HIGHLIGHT_LIMITS, HIGHLIGHT_MESSAGES } from "../../common/highlights";
import { WORKSPACE_MESSAGES } from "../../common/workspaces";
import { apiRequest, type Json } from "./helpers";
import { expectStatus, type TestUser } from "./library-helpers";
import { openTab, until } from "./live-helpers";
import {
  merge,
  sampleTranscript,
  split,
  storeTranscript,
  undoOk,
  unchangedWords,
  updateWords,
  userWithTranscript,
  utterances,
} from "./transcript-helpers";
import { as, team } from "./workspace-helpers";

const highlights = async (user: TestUser, fileId: string, query = ""): Promise<Json[]> =>
  expectStatus(await as(user, "GET", `/transcripts/${fileId}/highlights${query}`), 200).data;

const highlight = async (user: TestUser, fileId: string, body: Json) =>
  expectStatus(await as(user, "POST", `/transcripts/${fileId}/highlights`, body), 201).data;

const on = (u: Json, from: number, to: number, label = "quote") => ({
  start_word_id: u.transcriptWords[from].id,
  end_word_id: u.transcriptWords[to].id,
  label,
});

/** The quote list as the browser downloads it. */
async function download(user: TestUser, fileId: string, query: string) {
  const res = await exports.default.fetch(
    apiRequest("GET", `/transcripts/${fileId}/highlights/export?${query}`, undefined, { token: user.token }),
  );
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** A team file with a stored transcript (moved into the team). */
async function teamFile() {
  const t = await team();
  const { fileId } = await storeTranscript(t.owner);
  expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
  return { t, fileId, list: await utterances(t.owner, fileId) };
}

describe("highlights", { timeout: 120_000 }, () => {
  it("marks words with a label, lists them in text order and by label, tells the other tabs, and removes them", async () => {
    const { user, fileId } = await userWithTranscript("highlights");
    const [first, second] = await utterances(user, fileId);
    const tab = await openTab(user, "highlights_changed", fileId);

    const late = await highlight(user, fileId, on(second, 0, 1, "  Action   item "));
    expect(late).toEqual({
      id: expect.any(String),
      label: "action item",
      start_time: second.transcriptWords[0].startTime,
      end_time: second.transcriptWords[1].endTime,
      text: "u1w0 u1w1",
      speaker: "Speaker 2",
      start_word_id: second.transcriptWords[0].id,
      end_word_id: second.transcriptWords[1].id,
      removed: false,
      created_by: { id: user.id, full_name: expect.any(String) },
      created_at: expect.any(String),
    });
    expect(await until(() => tab.messages.some((m) => m.file_id === fileId))).toBe(true);
    // Across two utterances and earlier in the text: listed first.
    const early = await highlight(user, fileId, on(first, 2, 0 + 3));
    expect(early).toMatchObject({ text: "u0w2 u0w3", speaker: "Speaker 1", label: "quote" });
    expect((await highlights(user, fileId)).map((h) => h.id)).toEqual([early.id, late.id]);
    expect((await highlights(user, fileId, "?label=Action%20Item")).map((h) => h.id)).toEqual([late.id]);

    const heard = tab.messages.length;
    expect(expectStatus(await as(user, "DELETE", `/highlights/${late.id}`), 200).message).toBe(HIGHLIGHT_MESSAGES.deleted);
    expect((await highlights(user, fileId)).map((h) => h.id)).toEqual([early.id]);
    expect(await until(() => tab.messages.length > heard)).toBe(true);
    tab.close();
    expectStatus(await as(user, "DELETE", `/highlights/${late.id}`), 404);
  });

  it("stays on its words through a correction, a split and a merge; removed with its words, back with undo", async () => {
    const { user, fileId } = await userWithTranscript("highlights-anchor");
    const [first] = await utterances(user, fileId);
    const ids = first.transcriptWords.map((w: Json) => w.id);
    const made = await highlight(user, fileId, on(first, 1, 2));
    const now = async () => (await highlights(user, fileId)).find((h) => h.id === made.id);

    await updateWords(user, fileId, first.id, {
      version: first.version,
      words: first.transcriptWords.map((w: Json, i: number) => (i === 1 ? { id: w.id, text: "Fixed" } : { id: w.id })),
    });
    expect(await now()).toMatchObject({ start_word_id: ids[1], end_word_id: ids[2], text: "Fixed u0w2", removed: false });

    const [edited] = await utterances(user, fileId);
    await split(user, fileId, first.id, { version: edited.version, first_word_id: ids[2], new_utterance_id: "hl-split" });
    expect(await now()).toMatchObject({ start_word_id: ids[1], end_word_id: ids[2], removed: false });
    const halves = await utterances(user, fileId);
    await merge(user, fileId, halves[0].id, { version: halves[0].version, source_version: halves[1].version });
    expect(await now()).toMatchObject({ start_word_id: ids[1], end_word_id: ids[2], text: "Fixed u0w2", removed: false });

    const [merged] = await utterances(user, fileId);
    await updateWords(user, fileId, merged.id, {
      version: merged.version,
      words: unchangedWords(merged).filter((w: Json) => w.id !== ids[1] && w.id !== ids[2]),
    });
    expect(await now()).toMatchObject({
      removed: true,
      text: "u0w1 u0w2",
      speaker: "Speaker 1",
      start_time: first.transcriptWords[1].startTime,
    });
    // Left out of the quote list while its words are gone.
    expect(new TextDecoder().decode((await download(user, fileId, "format=txt")).bytes)).not.toContain("u0w2");

    await undoOk(user, fileId);
    expect(await now()).toMatchObject({ start_word_id: ids[1], end_word_id: ids[2], text: "Fixed u0w2", removed: false });
  });

  it("refuses bad input with a clear error", async () => {
    const { user, fileId } = await userWithTranscript("highlights-bad");
    // A longer transcript: each transcript's word ids are its own, so its last words are none of this file's.
    const other = await storeTranscript(user, sampleTranscript(40, 4));
    const [first] = await utterances(user, fileId);
    const foreign = (await utterances(user, other.fileId)).at(-1)!;
    const post = async (body: Json) => expectStatus(await as(user, "POST", `/transcripts/${fileId}/highlights`, body), 422).error;

    expect(await post(on(first, 2, 0))).toBe(HIGHLIGHT_MESSAGES.wordsReversed);
    expect(await post({ ...on(first, 0, 0), end_word_id: foreign.transcriptWords[0].id })).toBe(HIGHLIGHT_MESSAGES.wordsNotFound);
    expect(await post(on(first, 0, 1, "   "))).toBe(HIGHLIGHT_MESSAGES.labelRequired);
    expect(await post(on(first, 0, 1, "x".repeat(41)))).toBe(HIGHLIGHT_MESSAGES.labelTooLong);
    expect(await post(on(first, 0, 1, "two\nlines"))).toBe(HIGHLIGHT_MESSAGES.labelControls);
    expect(await post({ start_word_id: first.transcriptWords[0].id, label: "quote" })).toBe(HIGHLIGHT_MESSAGES.wordIdRequired);
    await post({ ...on(first, 0, 1), extra: 1 });
    expectStatus(await as(user, "GET", `/transcripts/${fileId}/highlights/export?format=pdf`), 422);
    expectStatus(await as(user, "POST", "/transcripts/missing/highlights", on(first, 0, 1)), 404);

    // A highlight is a quote, not a chapter: at most HIGHLIGHT_LIMITS.maxWords words.
    const long = await storeTranscript(user, sampleTranscript(1, HIGHLIGHT_LIMITS.maxWords + 1));
    const [all] = await utterances(user, long.fileId);
    const words = all.transcriptWords.length - 1;
    expect(expectStatus(await as(user, "POST", `/transcripts/${long.fileId}/highlights`, on(all, 0, words)), 422).error).toBe(
      HIGHLIGHT_MESSAGES.tooLong,
    );
    expect((await highlight(user, long.fileId, on(all, 1, words))).removed).toBe(false);
  });

  it("lets each role do what it may: viewers read, commenters highlight, makers and editors remove; a stranger finds nothing", async () => {
    const { t, fileId, list } = await teamFile();
    const words = on(list[0], 0, 1);

    expect(expectStatus(await as(t.viewer, "POST", `/transcripts/${fileId}/highlights`, words), 403).error).toBe(
      WORKSPACE_MESSAGES.forbidden,
    );
    const byCommenter = await highlight(t.commenter, fileId, words);
    const byEditor = await highlight(t.editor, fileId, on(list[1], 0, 0));
    expect((await highlights(t.viewer, fileId)).length).toBe(2);
    expect((await download(t.viewer, fileId, "format=txt")).res.status).toBe(200);
    expectStatus(await as(t.viewer, "DELETE", `/highlights/${byCommenter.id}`), 403);
    expect(expectStatus(await as(t.commenter, "DELETE", `/highlights/${byEditor.id}`), 403).error).toBe(HIGHLIGHT_MESSAGES.notMaker);

    for (const [method, path, body] of [
      ["GET", `/transcripts/${fileId}/highlights`],
      ["POST", `/transcripts/${fileId}/highlights`, words],
      ["GET", `/transcripts/${fileId}/highlights/export?format=txt`],
      ["DELETE", `/highlights/${byCommenter.id}`],
      ["GET", `/workspaces/${t.workspace.id}/highlight_labels`],
      ["DELETE", `/workspaces/${t.workspace.id}/highlight_labels/quote`],
    ] as const)
      expectStatus(await as(t.stranger, method, path, body), 404);

    expectStatus(await as(t.editor, "DELETE", `/highlights/${byCommenter.id}`), 200);
    expectStatus(await as(t.commenter, "DELETE", `/highlights/${byCommenter.id}`), 404);
    expectStatus(await as(t.editor, "DELETE", `/highlights/${byEditor.id}`), 200);
  });

  it("keeps the workspace's labels: the defaults, custom ones added by use in their first spelling, removed by editors", async () => {
    const { t, fileId, list } = await teamFile();
    const labels = async (u: TestUser) =>
      (expectStatus(await as(u, "GET", `/workspaces/${t.workspace.id}/highlight_labels`), 200).data as Json[]).map((l) => [
        l.label,
        l.custom,
      ]);
    expect(await labels(t.viewer)).toEqual(DEFAULT_HIGHLIGHT_LABELS.map((l) => [l, false]));

    await highlight(t.commenter, fileId, on(list[0], 0, 0, "Budget"));
    expect((await highlight(t.commenter, fileId, on(list[0], 1, 1, "BUDGET"))).label).toBe("Budget");
    expect((await highlight(t.commenter, fileId, on(list[0], 2, 2, "Quote"))).label).toBe("quote");
    expect(await labels(t.viewer)).toEqual([...DEFAULT_HIGHLIGHT_LABELS.map((l) => [l, false]), ["Budget", true]]);
    // The personal workspace of the commenter has none of the team's labels.
    expect((await labels(t.commenter)).length).toBe(4);
    expect((expectStatus(await as(t.commenter, "GET", `/workspaces/${t.commenter.id}/highlight_labels`), 200).data as Json[]).length).toBe(
      3,
    );

    const remove = (u: TestUser, label: string) =>
      as(u, "DELETE", `/workspaces/${t.workspace.id}/highlight_labels/${encodeURIComponent(label)}`);
    expectStatus(await remove(t.commenter, "budget"), 403);
    expect(expectStatus(await remove(t.editor, "action item"), 422).error).toBe(HIGHLIGHT_MESSAGES.defaultLabel);
    expectStatus(await remove(t.editor, "budget"), 200);
    expectStatus(await remove(t.editor, "budget"), 404);
    expect((await labels(t.viewer)).length).toBe(3);
    // Highlights keep the label they carry.
    expect((await highlights(t.viewer, fileId, "?label=budget")).length).toBe(2);
  });

  it("exports the quote list as TXT and DOCX: each quote with its speaker, time and file name, grouped or one label's", async () => {
    const { t, fileId, list } = await teamFile();
    await highlight(t.commenter, fileId, on(list[2], 0, 2, "action item"));
    await highlight(t.commenter, fileId, on(list[1], 1, 3));
    const { name } = expectStatus(await as(t.owner, "GET", `/audio_files/${fileId}`), 200).data;
    const at = (u: number) => {
      const s = Math.floor(list[u].transcriptWords[0].startTime);
      return `0:00:${String(s).padStart(2, "0")}`;
    };

    const txt = await download(t.viewer, fileId, "format=txt");
    expect(txt.res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(txt.res.headers.get("content-disposition")).toBe(`attachment; filename*=UTF-8''take%20-%20highlights.txt`);
    const text = new TextDecoder().decode(txt.bytes);
    // Grouped by label in text order of their first quote; each quote with its source.
    expect(text).toContain(
      `quote\n-----\n\n“u1w1 u1w2 u1w3”\n— Speaker 2, 0:00:0${Math.floor(list[1].transcriptWords[1].startTime)}, ${name}\n`,
    );
    expect(text).toContain(`action item\n-----------\n\n“u2w0 u2w1 u2w2”\n— Speaker 1, ${at(2)}, ${name}\n`);
    expect(text.indexOf("quote\n")).toBeLessThan(text.indexOf("action item\n"));

    const only = new TextDecoder().decode((await download(t.viewer, fileId, "format=txt&label=Action%20item")).bytes);
    expect(only).toContain("“u2w0 u2w1 u2w2”");
    expect(only).not.toContain("u1w1");

    const docx = await download(t.viewer, fileId, "format=docx");
    expect(docx.res.headers.get("content-disposition")).toContain("highlights.docx");
    const xml = await (await JSZip.loadAsync(docx.bytes)).file("word/document.xml")!.async("string");
    const words = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join("\n");
    expect(words).toContain("“u2w0 u2w1 u2w2”");
    expect(words).toContain(`— Speaker 1, ${at(2)}, ${name}`);
    expect(words).toContain("action item");
  });
});
