// Speakers, summary and notes: create, rename, role, delete (refused with
// utterances), fields trimmed, every change in the history and undoable,
// validation and ownership.
import { describe, expect, it } from "vitest";
import { DETAILS_MESSAGES } from "../../common/transcript-details";
import { call } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import { history, redo, setSpeaker, speakers, transcript, undo, userWithTranscript, utterances } from "./transcript-helpers";

const createSpeaker = (user: TestUser, fileId: string, body?: unknown) =>
  call("POST", `/transcripts/${fileId}/speakers`, body, { token: user.token });
const updateSpeaker = (user: TestUser, fileId: string, speakerId: string, body: unknown) =>
  call("PUT", `/transcripts/${fileId}/speakers/${speakerId}`, body, { token: user.token });
const deleteSpeaker = (user: TestUser, fileId: string, speakerId: string) =>
  call("DELETE", `/transcripts/${fileId}/speakers/${speakerId}`, undefined, { token: user.token });
const putFields = (user: TestUser, fileId: string, body: unknown) => call("PUT", `/transcripts/${fileId}`, body, { token: user.token });

describe("speakers", () => {
  it("creates the next speaker, empty body or named with a role", async () => {
    const { user, fileId } = await userWithTranscript("spk-create");
    const before = await speakers(user, fileId);
    const plain = expectStatus(await createSpeaker(user, fileId), 201).data;
    expect(plain).toMatchObject({
      name: null,
      role: null,
      displayName: `Speaker ${before.length + 1}`,
      utteranceCount: 0,
      speakingPercentage: 0,
    });
    const named = expectStatus(await createSpeaker(user, fileId, { speaker: { name: "  Dr. Ada  ", role: "  Host " } }), 201).data;
    expect(named).toMatchObject({ name: "Dr. Ada", role: "Host", displayName: "Dr. Ada" });
    expect((await speakers(user, fileId)).map((s) => s.id)).toEqual([...before.map((s) => s.id), plain.id, named.id]);
    expect((await history(user, fileId)).operations.map((o: { type: string }) => o.type)).toEqual(["speaker_edited", "speaker_edited"]);
  });

  it("renames and sets a role (trimmed, empty role omitted); every card's speaker name follows; undo and redo restore it", async () => {
    const { user, fileId } = await userWithTranscript("spk-rename");
    const [first] = await speakers(user, fileId);
    const renamed = expectStatus(await updateSpeaker(user, fileId, first.id, { speaker: { name: " Grace ", role: " " } }), 200).data;
    expect(renamed).toMatchObject({ name: "Grace", role: null, displayName: "Grace", utteranceCount: first.utteranceCount });
    expectStatus(await updateSpeaker(user, fileId, first.id, { speaker: { name: "Grace", role: "Interviewer" } }), 200);
    expect((await transcript(user, fileId)).speakers[0]).toMatchObject({ displayName: "Grace", role: "Interviewer" });
    const ops = (await history(user, fileId)).operations;
    expect(ops.map((o: { summary: string }) => o.summary)).toEqual([
      `Renamed "${first.displayName}" → "Grace"`,
      'Set the role of Grace to "Interviewer"',
    ]);
    expectStatus(await undo(user, fileId), 200);
    expect((await speakers(user, fileId))[0]).toMatchObject({ name: "Grace", role: null });
    expectStatus(await undo(user, fileId), 200);
    expect((await speakers(user, fileId))[0]).toMatchObject({ name: null, displayName: first.displayName });
    expectStatus(await redo(user, fileId), 200);
    expect((await speakers(user, fileId))[0]).toMatchObject({ name: "Grace" });
  });

  it("refuses an empty name, a too long one, direction controls; unknown speakers and other users get 404", async () => {
    const { user, fileId } = await userWithTranscript("spk-bad");
    const [first] = await speakers(user, fileId);
    for (const [name, error] of [
      ["   ", DETAILS_MESSAGES.speakerNameRequired],
      ["x".repeat(256), DETAILS_MESSAGES.speakerNameTooLong],
      ["evil\u202Egnp.exe", DETAILS_MESSAGES.bidiControl],
    ] as const) {
      expect(await updateSpeaker(user, fileId, first.id, { speaker: { name } })).toMatchObject({ status: 422, body: { error } });
    }
    expect((await updateSpeaker(user, fileId, "nope", { speaker: { name: "A" } })).status).toBe(404);
    const other = await createUser("spk-other");
    expect((await updateSpeaker(other, fileId, first.id, { speaker: { name: "Mine" } })).status).toBe(404);
    expect((await createSpeaker(other, fileId)).status).toBe(404);
    expect((await deleteSpeaker(other, fileId, first.id)).status).toBe(404);
    expect((await speakers(user, fileId))[0].name).toBeNull();
  });

  it("deletes only a speaker without utterances; the deletion undoes back in place", async () => {
    const { user, fileId } = await userWithTranscript("spk-delete");
    const [first] = await speakers(user, fileId);
    expect(await deleteSpeaker(user, fileId, first.id)).toMatchObject({
      status: 409,
      body: { error: DETAILS_MESSAGES.speakerHasUtterances },
    });
    const extra = expectStatus(await createSpeaker(user, fileId, { speaker: { name: "Guest" } }), 201).data;
    const list = await speakers(user, fileId);
    expect(expectStatus(await deleteSpeaker(user, fileId, extra.id), 200).data).toEqual({ id: extra.id, label: "Guest" });
    expect((await speakers(user, fileId)).map((s) => s.id)).not.toContain(extra.id);
    expectStatus(await undo(user, fileId), 200);
    expect(await speakers(user, fileId)).toEqual(list);
  });

  it("a created speaker can be given utterances, and then cannot be deleted", async () => {
    const { user, fileId } = await userWithTranscript("spk-assign");
    const extra = expectStatus(await createSpeaker(user, fileId), 201).data;
    const [u] = await utterances(user, fileId);
    expectStatus(await setSpeaker(user, fileId, u.id, { speaker_id: extra.id }), 200);
    expect((await speakers(user, fileId)).find((s) => s.id === extra.id)!.utteranceCount).toBe(1);
    expect((await deleteSpeaker(user, fileId, extra.id)).status).toBe(409);
  });
});

describe("summary and notes", () => {
  it("saves them trimmed (empty is none), records summary_edited / notes_edited, and undo restores them", async () => {
    const { user, fileId } = await userWithTranscript("fields");
    const saved = expectStatus(await putFields(user, fileId, { transcript: { summary: "  A short summary.\n" } }), 200).data;
    expect(saved.summary).toBe("A short summary.");
    expectStatus(await putFields(user, fileId, { transcript: { notes: " Follow up with Ada " } }), 200);
    expect(await transcript(user, fileId)).toMatchObject({ summary: "A short summary.", notes: "Follow up with Ada" });
    // Saving the same text again records nothing.
    expectStatus(await putFields(user, fileId, { transcript: { notes: "Follow up with Ada" } }), 200);
    const ops = (await history(user, fileId)).operations;
    expect(ops.map((o: { type: string; summary: string }) => [o.type, o.summary])).toEqual([
      ["summary_edited", "Edited summary"],
      ["notes_edited", "Edited notes"],
    ]);
    expectStatus(await putFields(user, fileId, { transcript: { notes: "   " } }), 200);
    expect((await transcript(user, fileId)).notes).toBeNull();
    expectStatus(await undo(user, fileId), 200);
    expect((await transcript(user, fileId)).notes).toBe("Follow up with Ada");
    expectStatus(await undo(user, fileId), 200);
    expectStatus(await undo(user, fileId), 200);
    expect(await transcript(user, fileId)).toMatchObject({ summary: null, notes: null });
  });

  it("refuses a body without either field, oversized text and other users' transcripts", async () => {
    const { user, fileId } = await userWithTranscript("fields-bad");
    expect(await putFields(user, fileId, { transcript: {} })).toMatchObject({ status: 422, body: { error: DETAILS_MESSAGES.fieldsEmpty } });
    expect(await putFields(user, fileId, { transcript: { notes: "x".repeat(50_001) } })).toMatchObject({
      status: 422,
      body: { error: DETAILS_MESSAGES.notesTooLong },
    });
    const other = await createUser("fields-other");
    expect((await putFields(other, fileId, { transcript: { summary: "mine" } })).status).toBe(404);
    expect((await transcript(user, fileId)).summary).toBeNull();
  });
});
