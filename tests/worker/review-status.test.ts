// A file's review status (docs/api.md, Review status): set and cleared by commenters and up,
// who and when while approved, the activity log, the team's tabs told, the list filter.
import { beforeAll, describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "../../common/comments";
import { LIBRARY_MESSAGES } from "../../common/library";
import { WORKSPACE_MESSAGES } from "../../common/workspaces";
import type { Json } from "./helpers";
import { expectStatus, type TestUser } from "./library-helpers";
import { openTab, until } from "./live-helpers";
import { storeTranscript } from "./transcript-helpers";
import { as, type Team, team } from "./workspace-helpers";

const review = (user: TestUser, fileId: string, body: unknown) => as(user, "PATCH", `/audio_files/${fileId}`, body);

/** A transcribed file of the owner's, moved into the team workspace. */
async function teamFile(t: Team): Promise<string> {
  const { fileId } = await storeTranscript(t.owner);
  expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
  return fileId;
}

const reviewEntries = async (t: Team, fileId: string): Promise<Json[]> =>
  (expectStatus(await as(t.owner, "GET", `/workspaces/${t.workspace.id}/activity`), 200).data as Json[]).filter(
    (e) => e.kind === "review_changed" && e.detail.file_id === fileId,
  );

describe("review status", { timeout: 120_000 }, () => {
  let t: Team;
  beforeAll(async () => {
    t = await team();
  }, 60_000);

  it("starts as draft; a commenter puts it in review; approving says who and when, everywhere the file is read", async () => {
    const fileId = await teamFile(t);
    const fresh = expectStatus(await as(t.viewer, "GET", `/audio_files/${fileId}`), 200).data;
    expect(fresh).toMatchObject({ reviewStatus: "draft", reviewedBy: null, reviewedAt: null });

    const inReview = expectStatus(await review(t.commenter, fileId, { review_status: "in_review" }), 200).data;
    expect(inReview).toMatchObject({ id: fileId, reviewStatus: "in_review", reviewedBy: null, reviewedAt: null });

    const before = Date.now();
    const approved = expectStatus(await review(t.editor, fileId, { review_status: "approved" }), 200).data;
    expect(approved).toMatchObject({ reviewStatus: "approved", reviewedBy: { id: t.editor.id, fullName: "Library Tester" } });
    expect(Date.parse(approved.reviewedAt)).toBeGreaterThanOrEqual(before - 1000);

    // The same file in the one read, the whole list and a page.
    const ws = t.workspace.id;
    const one = expectStatus(await as(t.viewer, "GET", `/audio_files/${fileId}`), 200).data;
    const listed = (expectStatus(await as(t.viewer, "GET", `/audio_files?workspace_id=${ws}`), 200).data as Json[]).find(
      (f) => f.id === fileId,
    );
    const paged = (expectStatus(await as(t.viewer, "GET", `/audio_files?workspace_id=${ws}&limit=50`), 200).data as Json[]).find(
      (f) => f.id === fileId,
    );
    const sorted = (expectStatus(await as(t.viewer, "GET", `/audio_files?workspace_id=${ws}&sort=name`), 200).data as Json[]).find(
      (f) => f.id === fileId,
    );
    for (const file of [one, listed, paged, sorted]) {
      expect(file).toMatchObject({ reviewStatus: "approved", reviewedBy: approved.reviewedBy, reviewedAt: approved.reviewedAt });
    }

    // Back to draft: nobody's approval any more.
    const cleared = expectStatus(await review(t.owner, fileId, { review_status: "draft" }), 200).data;
    expect(cleared).toMatchObject({ reviewStatus: "draft", reviewedBy: null, reviewedAt: null });
  });

  it("works in a personal workspace too", async () => {
    const fileId = (await storeTranscript(t.stranger)).fileId;
    const approved = expectStatus(await review(t.stranger, fileId, { review_status: "approved" }), 200).data;
    expect(approved).toMatchObject({ reviewStatus: "approved", reviewedBy: { id: t.stranger.id } });
  });

  it("refuses a viewer (403) and answers a stranger as for a missing file (404); nothing changes", async () => {
    const fileId = await teamFile(t);
    expect(await review(t.viewer, fileId, { review_status: "approved" })).toMatchObject({
      status: 403,
      body: { error: WORKSPACE_MESSAGES.forbidden },
    });
    const stranger = await review(t.stranger, fileId, { review_status: "approved" });
    const missing = await review(t.stranger, crypto.randomUUID(), { review_status: "approved" });
    expect(stranger).toMatchObject({ status: 404, body: { error: LIBRARY_MESSAGES.fileNotFound } });
    expect(stranger.body).toEqual(missing.body);
    expect(expectStatus(await as(t.owner, "GET", `/audio_files/${fileId}`), 200).data.reviewStatus).toBe("draft");
    expect(await reviewEntries(t, fileId)).toEqual([]);
  });

  it("refuses bad input with 422", async () => {
    const fileId = await teamFile(t);
    for (const body of [
      {},
      { review_status: "done" },
      { review_status: null },
      { review_status: "APPROVED" },
      { review_status: "approved", name: "Renamed" },
      { audio_file: { review_status: "approved" } },
    ]) {
      const res = await review(t.owner, fileId, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      // `{errors}` when the schema finds several problems (docs/api.md).
      expect(res.body.error ?? res.body.errors?.[0], JSON.stringify(res.body)).toEqual(expect.any(String));
    }
    expect(expectStatus(await as(t.owner, "GET", `/audio_files/${fileId}`), 200).data.reviewStatus).toBe("draft");
    expect((await review(t.owner, fileId, { review_status: "done" })).body.error).toBe(REVIEW_MESSAGES.statusInvalid);
  });

  it("logs each change with the file, from and to; the same status again changes and logs nothing", async () => {
    const fileId = await teamFile(t);
    expectStatus(await review(t.commenter, fileId, { review_status: "in_review" }), 200);
    const approved = expectStatus(await review(t.editor, fileId, { review_status: "approved" }), 200).data;
    const again = expectStatus(await review(t.owner, fileId, { review_status: "approved" }), 200).data;
    // Still the editor's approval, at its time.
    expect(again).toMatchObject({ reviewedBy: { id: t.editor.id }, reviewedAt: approved.reviewedAt, updatedAt: approved.updatedAt });

    const entries = await reviewEntries(t, fileId);
    expect(entries.map((e) => [e.actor.id, e.detail.from, e.detail.to])).toEqual([
      [t.editor.id, "in_review", "approved"],
      [t.commenter.id, "draft", "in_review"],
    ]);
    expect(entries[0].detail.file_name).toBe(approved.name);
  });

  it("tells the workspace's open tabs", async () => {
    const fileId = await teamFile(t);
    const viewer = await openTab(t.viewer, "library_changed");
    expectStatus(await review(t.commenter, fileId, { review_status: "in_review" }), 200);
    expect(await until(() => viewer.messages.some((m) => m.workspace_id === t.workspace.id))).toBe(true);
    viewer.close();
  });

  it("carries the approval in a file's status pushes", async () => {
    const fileId = await teamFile(t);
    expectStatus(await review(t.editor, fileId, { review_status: "approved" }), 200);
    const viewer = await openTab(t.viewer, "file_status_changed");
    expectStatus(await as(t.editor, "POST", `/audio_files/${fileId}/retranscribe`, {}), 202);
    expect(await until(() => viewer.messages.some((m) => m.file_id === fileId))).toBe(true);
    const pushed = viewer.messages.find((m) => m.file_id === fileId)!.audio_file;
    expect(pushed).toMatchObject({ reviewStatus: "approved", reviewedBy: { id: t.editor.id, fullName: "Library Tester" } });
    viewer.close();
  });

  it("filters the list and its pages by review status", async () => {
    const t2 = await team();
    const [a, b, c] = [await teamFile(t2), await teamFile(t2), await teamFile(t2)];
    expectStatus(await review(t2.owner, a!, { review_status: "approved" }), 200);
    expectStatus(await review(t2.owner, b!, { review_status: "in_review" }), 200);
    const ws = t2.workspace.id;
    const ids = async (query: string) =>
      (expectStatus(await as(t2.viewer, "GET", `/audio_files?workspace_id=${ws}${query}`), 200).data as Json[]).map((f) => f.id);

    expect(await ids("&review_status=approved")).toEqual([a]);
    expect(await ids("&review_status=in_review&sort=name")).toEqual([b]);
    expect(await ids("&review_status=draft&limit=1")).toEqual([c]);
    expect((await ids("")).sort()).toEqual([a, b, c].sort());
    // Pages of one status only.
    const first = expectStatus(await as(t2.viewer, "GET", `/audio_files?workspace_id=${ws}&review_status=approved&limit=1`), 200);
    expect(first).toMatchObject({ next_cursor: null });

    const bad = await as(t2.viewer, "GET", `/audio_files?workspace_id=${ws}&review_status=done`);
    expect(bad).toMatchObject({ status: 422, body: { error: REVIEW_MESSAGES.statusInvalid } });
  });
});
