// Speakers, summary and notes: create, rename, role, delete (refused with
// utterances), fields trimmed, every change in the history and undoable,
// validation and ownership.
import { describe, expect, it } from "vitest";
import { DETAILS_MESSAGES } from "../../core/details-limits";
import { call, expectOk, typedApi } from "./helpers";
import { createUser, expectStatus, type TestUser } from "./library-helpers";
import { history, redoOk, setSpeaker, speakers, transcript, undoOk, userWithTranscript, utterances } from "./transcript-helpers";

const createSpeaker = (user: TestUser, fileId: string, body?: unknown) =>
  call("POST", `/transcripts/${fileId}/speakers`, body, { token: user.token });
const updateSpeaker = (user: TestUser, fileId: string, speakerId: string, body: unknown) =>
  call("PUT", `/transcripts/${fileId}/speakers/${speakerId}`, body, { token: user.token });
const deleteSpeaker = (user: TestUser, fileId: string, speakerId: string) =>
  call("DELETE", `/transcripts/${fileId}/speakers/${speakerId}`, undefined, { token: user.token });
const putFields = (user: TestUser, fileId: string, body: unknown) => call("PUT", `/transcripts/${fileId}`, body, { token: user.token });

// What must succeed goes through the typed client; the untyped calls above also send what must be refused.
const api = (user: TestUser) => typedApi({ token: user.token });
type SpeakerInput = { name?: string; role?: string };
const speakerCreated = async (user: TestUser, fileId: string, speaker: SpeakerInput) =>
  (await expectOk(await api(user).transcripts[":id"].speakers.$post({ param: { id: fileId }, json: { speaker } }), 201)).data;
const speakerUpdated = async (user: TestUser, fileId: string, speakerId: string, speaker: SpeakerInput & { name: string }) =>
  (await expectOk(await api(user).transcripts[":id"].speakers[":speakerId"].$put({ param: { id: fileId, speakerId }, json: { speaker } })))
    .data;
const speakerDeleted = async (user: TestUser, fileId: string, speakerId: string) =>
  (await expectOk(await api(user).transcripts[":id"].speakers[":speakerId"].$delete({ param: { id: fileId, speakerId } }))).data;
const fieldsSaved = async (user: TestUser, fileId: string, fields: { summary?: string; notes?: string }) =>
  (await expectOk(await api(user).transcripts[":id"].$put({ param: { id: fileId }, json: { transcript: fields } }))).data;

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
    const named = await speakerCreated(user, fileId, { name: "  Dr. Ada  ", role: "  Host " });
    expect(named).toMatchObject({ name: "Dr. Ada", role: "Host", displayName: "Dr. Ada" });
    expect((await speakers(user, fileId)).map((s) => s.id)).toEqual([...before.map((s) => s.id), plain.id, named.id]);
    expect((await history(user, fileId)).operations.map((o: { type: string }) => o.type)).toEqual(["speaker_edited", "speaker_edited"]);
  });

  it("renames and sets a role (trimmed, empty role omitted); every card's speaker name follows; undo and redo restore it", async () => {
    const { user, fileId } = await userWithTranscript("spk-rename");
    const [first] = await speakers(user, fileId);
    const renamed = await speakerUpdated(user, fileId, first.id, { name: " Grace ", role: " " });
    expect(renamed).toMatchObject({ name: "Grace", role: null, displayName: "Grace", utteranceCount: first.utteranceCount });
    await speakerUpdated(user, fileId, first.id, { name: "Grace", role: "Interviewer" });
    expect((await transcript(user, fileId)).speakers[0]).toMatchObject({ displayName: "Grace", role: "Interviewer" });
    const ops = (await history(user, fileId)).operations;
    expect(ops.map((o: { summary: string }) => o.summary)).toEqual([
      `Renamed "${first.displayName}" → "Grace"`,
      'Set the role of Grace to "Interviewer"',
    ]);
    await undoOk(user, fileId);
    expect((await speakers(user, fileId))[0]).toMatchObject({ name: "Grace", role: null });
    await undoOk(user, fileId);
    expect((await speakers(user, fileId))[0]).toMatchObject({ name: null, displayName: first.displayName });
    await redoOk(user, fileId);
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
    const extra = await speakerCreated(user, fileId, { name: "Guest" });
    const list = await speakers(user, fileId);
    expect(await speakerDeleted(user, fileId, extra.id)).toEqual({ id: extra.id, label: "Guest" });
    expect((await speakers(user, fileId)).map((s) => s.id)).not.toContain(extra.id);
    await undoOk(user, fileId);
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
    const saved = await fieldsSaved(user, fileId, { summary: "  A short summary.\n" });
    expect(saved.summary).toBe("A short summary.");
    await fieldsSaved(user, fileId, { notes: " Follow up with Ada " });
    expect(await transcript(user, fileId)).toMatchObject({ summary: "A short summary.", notes: "Follow up with Ada" });
    // Saving the same text again records nothing.
    await fieldsSaved(user, fileId, { notes: "Follow up with Ada" });
    const ops = (await history(user, fileId)).operations;
    expect(ops.map((o: { type: string; summary: string }) => [o.type, o.summary])).toEqual([
      ["summary_edited", "Edited summary"],
      ["notes_edited", "Edited notes"],
    ]);
    await fieldsSaved(user, fileId, { notes: "   " });
    expect((await transcript(user, fileId)).notes).toBeNull();
    await undoOk(user, fileId);
    expect((await transcript(user, fileId)).notes).toBe("Follow up with Ada");
    await undoOk(user, fileId);
    await undoOk(user, fileId);
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
