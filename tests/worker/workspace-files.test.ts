// Files in workspaces (decision 039): library calls take the workspace, every role on every
// write to a team's files (the matrix), moves between workspaces keep the transcript and its
// history, a removed member loses the files at once, deleting a team removes its media.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { WORKSPACE_MESSAGES, type WorkspaceRole } from "../../common/workspaces";
import type { Json } from "./helpers";
import { expectStatus, type TestUser, uploadObject } from "./library-helpers";
import { storeTranscript, utterances } from "./transcript-helpers";
import { as, newWorkspace, type Team, team } from "./workspace-helpers";

const FORBIDDEN = { status: 403, body: { error: WORKSPACE_MESSAGES.forbidden } };

/** An upload confirmed into a workspace (and folder) the way the SPA does it. */
async function uploadInto(user: TestUser, workspaceId: string, folderId: string | null = null): Promise<Json> {
  const uploaded = await uploadObject(user.token);
  const body = {
    filename: uploaded.filename,
    key: uploaded.key,
    file_size: uploaded.bytes.length,
    content_type: uploaded.contentType,
    folder_id: folderId ?? "",
    duration_seconds: 3,
    workspace_id: workspaceId,
  };
  return expectStatus(await as(user, "POST", "/audio_files/confirm-upload", body), 201).data;
}

/** A transcribed file of the owner's, moved into the team workspace. */
async function transcribedTeamFile(t: Team): Promise<string> {
  const { fileId } = await storeTranscript(t.owner);
  expectStatus(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }), 200);
  return fileId;
}

const ids = (res: { body: Json }) => (res.body.data as Json[]).map((f) => f.id);

/** An update_words body that sets the first word's text and keeps the others. */
const firstWordAs = (u: Json, text: string) => ({
  version: u.version,
  words: u.transcriptWords.map((w: Json, i: number) => (i === 0 ? { id: w.id, text } : { id: w.id })),
});

describe("files in a team workspace", { timeout: 120_000 }, () => {
  let t: Team;
  // Four accounts signed up and invited: slow on a loaded machine.
  beforeAll(async () => {
    t = await team();
  }, 60_000);

  it("lists, uploads and searches per workspace; the personal one stays the default", async () => {
    const folder = expectStatus(
      await as(t.editor, "POST", "/folders", { folder: { name: "Interviews" }, workspace_id: t.workspace.id }),
      201,
    ).data;
    expect(folder.workspaceId).toBe(t.workspace.id);
    const file = await uploadInto(t.editor, t.workspace.id, folder.id);
    expect(file).toMatchObject({ workspaceId: t.workspace.id, uploadedBy: t.editor.id, folderId: folder.id });

    for (const member of [t.owner, t.viewer, t.commenter]) {
      expect(ids(await as(member, "GET", `/audio_files?workspace_id=${t.workspace.id}`))).toContain(file.id);
      expect(ids(await as(member, "GET", `/folders?workspace_id=${t.workspace.id}`))).toEqual([folder.id]);
      expectStatus(await as(member, "GET", `/audio_files/${file.id}`), 200);
    }
    // Not in anyone's personal library.
    expect(ids(await as(t.editor, "GET", "/audio_files"))).not.toContain(file.id);
    expect(ids(await as(t.editor, "GET", "/folders"))).not.toContain(folder.id);
    const found = expectStatus(
      await as(t.viewer, "GET", `/search?q=${encodeURIComponent(file.name.split(".")[0])}&workspace_id=${t.workspace.id}`),
      200,
    );
    expect((found.data as Json[]).map((h) => h.file_id)).toContain(file.id);

    // A stranger sees nothing, with the answers of things that do not exist.
    expect(await as(t.stranger, "GET", `/audio_files?workspace_id=${t.workspace.id}`)).toMatchObject({ status: 404 });
    expect(await as(t.stranger, "GET", `/audio_files/${file.id}`)).toMatchObject({ status: 404, body: { error: "Audio file not found" } });
    expect(await as(t.stranger, "GET", `/transcripts/${file.id}`)).toMatchObject({ status: 404, body: { error: "Transcript not found" } });
    // A folder's workspace wins; naming another one is refused.
    const uploaded = await uploadObject(t.editor.token);
    const mismatch = await as(t.editor, "POST", "/audio_files/confirm-upload", {
      filename: uploaded.filename,
      key: uploaded.key,
      file_size: uploaded.bytes.length,
      content_type: uploaded.contentType,
      folder_id: folder.id,
      duration_seconds: 3,
      workspace_id: t.editor.id,
    });
    expect(mismatch).toMatchObject({ status: 400, body: { error: WORKSPACE_MESSAGES.folderInOtherWorkspace } });
  });

  it("refuses every write to a viewer and a commenter (403) and a stranger (404); an editor may", async () => {
    const fileId = await transcribedTeamFile(t);
    const folder = expectStatus(
      await as(t.owner, "POST", "/folders", { folder: { name: "Matrix" }, workspace_id: t.workspace.id }),
      201,
    ).data;
    const [first] = await utterances(t.owner, fileId);
    const share = expectStatus(await as(t.owner, "POST", `/audio_files/${fileId}/shares`, {}), 201).data;
    const ws = t.workspace.id;
    const writes: [string, string, unknown][] = [
      ["PUT", `/audio_files/${fileId}`, { audio_file: { name: "Renamed" } }],
      ["POST", `/audio_files/${fileId}/retranscribe`, {}],
      ["PATCH", `/transcripts/${fileId}/utterances/${first!.id}/update_words`, firstWordAs(first!, "Viewer")],
      [
        "POST",
        `/transcripts/${fileId}/utterances/${first!.id}/split`,
        { first_word_id: first!.transcriptWords[1].id, new_utterance_id: "n-split" },
      ],
      ["POST", `/transcripts/${fileId}/utterances/${first!.id}/merge`, {}],
      ["PUT", `/transcripts/${fileId}/utterances/${first!.id}`, { speaker_id: first!.speakerId }],
      ["POST", `/transcripts/${fileId}/replace`, { find: "the", replace: "a" }],
      ["POST", `/transcripts/${fileId}/edit-history/undo`, {}],
      ["POST", `/transcripts/${fileId}/edit-history/redo`, {}],
      ["POST", `/transcripts/${fileId}/speakers`, {}],
      ["PUT", `/transcripts/${fileId}/speakers/${first!.speakerId}`, { speaker: { name: "Renamed" } }],
      ["POST", `/transcripts/${fileId}/speakers/${first!.speakerId}/merge`, { into_speaker_id: first!.speakerId }],
      ["DELETE", `/transcripts/${fileId}/speakers/${first!.speakerId}`, undefined],
      ["POST", `/transcripts/${fileId}/summary`, { summary_type: "bullets" }],
      ["PUT", `/transcripts/${fileId}`, { transcript: { notes: "Checked" } }],
      ["PATCH", `/shares/${share.id}`, { label: "Changed" }],
      ["DELETE", `/shares/${share.id}`, undefined],
      ["POST", `/audio_files/${fileId}/shares`, {}],
      ["POST", "/folders", { folder: { name: "New" }, workspace_id: ws }],
      ["PUT", `/folders/${folder.id}`, { folder: { name: "Renamed folder" } }],
      ["POST", "/audio_files/upload-url", { filename: "a.wav", content_type: "audio/wav", file_size: 100, workspace_id: ws }],
      ["POST", "/audio_files/bulk-move", { ids: [fileId], folder_id: "", workspace_id: ws }],
      ["POST", "/audio_files/bulk-delete", { ids: [fileId], workspace_id: ws }],
      ["DELETE", `/folders/${folder.id}`, undefined],
      ["DELETE", `/audio_files/${fileId}`, undefined],
    ];
    for (const role of ["viewer", "commenter"] as const satisfies WorkspaceRole[]) {
      for (const [method, path, body] of writes) {
        expect(await as(t[role], method, path, body), `${role} ${method} ${path}`).toMatchObject(FORBIDDEN);
      }
    }
    for (const [method, path, body] of writes) {
      const res = await as(t.stranger, method, path, body);
      expect(res.status, `stranger ${method} ${path}`).toBe(404);
    }
    // Writes a commenter may make too (reviewers often only comment); a viewer may not.
    const commentWrites: [string, string, unknown][] = [["PATCH", `/audio_files/${fileId}`, { review_status: "in_review" }]];
    for (const [method, path, body] of commentWrites) {
      expect(await as(t.viewer, method, path, body), `viewer ${method} ${path}`).toMatchObject(FORBIDDEN);
      expect((await as(t.stranger, method, path, body)).status, `stranger ${method} ${path}`).toBe(404);
      for (const role of ["commenter", "editor", "owner"] as const) {
        expectStatus(await as(t[role], method, path, body), 200);
      }
    }
    // Reading and exporting are every member's.
    for (const role of ["viewer", "commenter"] as const) {
      expectStatus(await as(t[role], "GET", `/transcripts/${fileId}`), 200);
      expectStatus(await as(t[role], "GET", `/transcripts/${fileId}/edit-history`), 200);
      expectStatus(await as(t[role], "POST", `/transcripts/${fileId}/request-export`, { format: "txt" }), 202);
    }
    // The file is as it was, and an editor may do what they may not.
    expect((await utterances(t.owner, fileId))[0]).toMatchObject({ id: first!.id, version: first!.version });
    const edited = await as(
      t.editor,
      "PATCH",
      `/transcripts/${fileId}/utterances/${first!.id}/update_words`,
      firstWordAs(first!, "Edited"),
    );
    expectStatus(edited, 200);
    expectStatus(await as(t.editor, "PUT", `/audio_files/${fileId}`, { audio_file: { name: "By the editor" } }), 200);
    expectStatus(await as(t.editor, "DELETE", `/audio_files/${fileId}`), 200);
  });

  it("moves a file between workspaces with its transcript and history, whose entries name their authors; both logs say so", async () => {
    const { fileId } = await storeTranscript(t.owner);
    const [first] = await utterances(t.owner, fileId);
    expectStatus(
      await as(t.owner, "PATCH", `/transcripts/${fileId}/utterances/${first!.id}/update_words`, firstWordAs(first!, "Before")),
      200,
    );

    // Into a workspace where the mover is only a viewer: refused.
    const other = await newWorkspace(t.viewer, "Viewer's own");
    expect(await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: other.id } })).toMatchObject({ status: 404 });

    const moved = expectStatus(
      await as(t.owner, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.workspace.id } }),
      200,
    ).data;
    expect(moved).toMatchObject({ workspaceId: t.workspace.id, folderId: null });
    expect(ids(await as(t.owner, "GET", "/audio_files"))).not.toContain(fileId);
    expect(ids(await as(t.editor, "GET", `/audio_files?workspace_id=${t.workspace.id}`))).toContain(fileId);
    // The editor sees the owner's correction and can undo it: the history came along.
    expect((await utterances(t.editor, fileId))[0]!.transcriptWords[0].text).toBe("Before");
    const [second] = (await utterances(t.editor, fileId)).slice(1);
    expectStatus(
      await as(t.editor, "PATCH", `/transcripts/${fileId}/utterances/${second!.id}/update_words`, firstWordAs(second!, "Editor's")),
      200,
    );
    // The shared history names who made each entry.
    const listed = expectStatus(await as(t.viewer, "GET", `/transcripts/${fileId}/edit-history`), 200).data;
    expect(listed.operations.map((o: Json) => o.author?.id)).toEqual([t.owner.id, t.editor.id]);
    expect(listed.operations[1].author.name).toEqual(expect.any(String));
    expectStatus(await as(t.editor, "POST", `/transcripts/${fileId}/edit-history/undo`, {}), 200);
    expectStatus(await as(t.editor, "POST", `/transcripts/${fileId}/edit-history/undo`, {}), 200);
    expect((await utterances(t.editor, fileId))[0]!.transcriptWords[0].text).toBe(first!.transcriptWords[0].text);

    // A viewer cannot move it out; the owner's log shows the move in.
    expect(await as(t.viewer, "PUT", `/audio_files/${fileId}`, { audio_file: { workspace_id: t.viewer.id } })).toMatchObject(FORBIDDEN);
    const log = expectStatus(await as(t.owner, "GET", `/workspaces/${t.workspace.id}/activity`), 200).data as Json[];
    expect(log.find((e) => e.kind === "file_moved_in")?.detail).toMatchObject({ file_id: fileId, from: t.owner.id, to: t.workspace.id });
    const personal = expectStatus(await as(t.owner, "GET", `/workspaces/${t.owner.id}/activity`), 200).data as Json[];
    expect(personal.some((e) => e.kind === "file_moved_out" && e.detail.file_id === fileId)).toBe(true);
  });

  it("ends a removed member's access to the team's files from the next request", async () => {
    const t2 = await team();
    const fileId = await transcribedTeamFile(t2);
    expectStatus(await as(t2.editor, "GET", `/transcripts/${fileId}`), 200);
    expectStatus(await as(t2.owner, "DELETE", `/workspaces/${t2.workspace.id}/members/${t2.editor.id}`), 200);
    expect(await as(t2.editor, "GET", `/transcripts/${fileId}`)).toMatchObject({ status: 404 });
    expect(await as(t2.editor, "GET", `/audio_files/${fileId}`)).toMatchObject({ status: 404 });
    expect(await as(t2.editor, "GET", `/audio_files?workspace_id=${t2.workspace.id}`)).toMatchObject({ status: 404 });
  });

  it("deletes a team workspace's files with their media", async () => {
    const owner = t.owner;
    const ws = await newWorkspace(owner, "Short-lived");
    const file = await uploadInto(owner, ws.id);
    const row = await env.DB.prepare("SELECT storage_key FROM audio_files WHERE id = ?").bind(file.id).first<{ storage_key: string }>();
    expect(await env.MEDIA.head(row!.storage_key)).not.toBeNull();
    expectStatus(await as(owner, "DELETE", `/workspaces/${ws.id}`), 200);
    expect(await env.MEDIA.head(row!.storage_key)).toBeNull();
    expect(await env.DB.prepare("SELECT 1 FROM audio_files WHERE id = ?").bind(file.id).first()).toBeNull();
  });
});
