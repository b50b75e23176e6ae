import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BODY_SCHEMAS, fromReplaceBody, fromRequest, toRequest, type WireRequest } from "../../common/transcript-ops";
import { requestedOp, touches, type OpRequest, type TranscriptOp } from "../../core/operations";

const id = fc.string({ minLength: 1, maxLength: 12 });
const word = fc.record({ id, text: fc.constantFrom("a", "word", "ünï"), start_time: fc.nat(1e6), end_time: fc.nat(1e6) });
const op: fc.Arbitrary<TranscriptOp> = fc.oneof(
  fc.record({
    type: fc.constant("update_words" as const),
    utteranceId: id,
    words: fc.array(
      word.map((w) => ({ id: w.id })),
      { minLength: 1 },
    ),
  }),
  fc.record({ type: fc.constant("split" as const), utteranceId: id, firstWordId: id, newUtteranceId: id }),
  fc.record({ type: fc.constant("merge" as const), targetUtteranceId: id, sourceUtteranceId: id }),
  fc.record({ type: fc.constant("set_speaker" as const), utteranceId: id, speakerId: id }),
);

/** What the Worker does with a request: validate the body with the route's schema, then decode. */
function receive(request: WireRequest): OpRequest {
  const body = JSON.parse(JSON.stringify(request.body));
  switch (request.type) {
    case "update_words":
      return fromRequest(request.type, request.utteranceId, BODY_SCHEMAS.update_words.parse(body));
    case "split":
      return fromRequest(request.type, request.utteranceId, BODY_SCHEMAS.split.parse(body));
    case "merge":
      return fromRequest(request.type, request.utteranceId, BODY_SCHEMAS.merge.parse(body));
    case "set_speaker":
      return fromRequest(request.type, request.utteranceId, BODY_SCHEMAS.set_speaker.parse(body));
    case "replace_all":
      throw new Error("Replace all is addressed to the transcript, not an utterance");
    case "merge_speakers":
      throw new Error("A speaker merge is not an utterance operation");
  }
}

describe("wire codec of transcript operations", () => {
  it("sends each operation to the utterance in its path with the spec's body", () => {
    const v = (utteranceId: string) => ({ u1: 3, u2: 7 })[utteranceId];
    expect(toRequest({ type: "update_words", utteranceId: "u1", words: [{ id: "w1", text: "hi" }] }, v)).toEqual({
      type: "update_words",
      utteranceId: "u1",
      body: { words: [{ id: "w1", text: "hi" }], version: 3 },
    });
    expect(toRequest({ type: "split", utteranceId: "u1", firstWordId: "w2", newUtteranceId: "n1" }, v)).toEqual({
      type: "split",
      utteranceId: "u1",
      body: { first_word_id: "w2", new_utterance_id: "n1", version: 3 },
    });
    expect(toRequest({ type: "merge", targetUtteranceId: "u1", sourceUtteranceId: "u2" }, v)).toEqual({
      type: "merge",
      utteranceId: "u1",
      body: { source_utterance_id: "u2", version: 3, source_version: 7 },
    });
    expect(toRequest({ type: "set_speaker", utteranceId: "u2", speakerId: "s1" }, v)).toEqual({
      type: "set_speaker",
      utteranceId: "u2",
      body: { speaker_id: "s1", version: 7 },
    });
  });

  it("decodes what it encodes: the server applies exactly the operation the client queued", () => {
    fc.assert(
      fc.property(op, fc.option(fc.nat(), { nil: undefined }), (sent, version) => {
        const received = receive(toRequest(sent, () => version));
        expect(requestedOp(received, "whatever-follows")).toEqual(sent);
        expect(touches(received)).toEqual(touches(sent));
        expect(received.version).toBe(version);
      }),
    );
  });

  it("sends replace all as the spec's body, without the utterances the editor saw matches in", () => {
    const sent = {
      type: "replace_all" as const,
      find: "teh",
      replace: "the",
      matchCase: true,
      wholeWord: false,
      utteranceIds: ["u1", "u2"],
    };
    const request = toRequest(sent, () => 3);
    expect(request).toEqual({
      type: "replace_all",
      utteranceId: "",
      body: { find: "teh", replace: "the", match_case: true, whole_word: false },
    });
    const { utteranceIds: _ids, type: _type, ...spec } = sent;
    expect(fromReplaceBody(BODY_SCHEMAS.replace_all.parse(JSON.parse(JSON.stringify(request.body))))).toEqual(spec);
    expect(fromReplaceBody(BODY_SCHEMAS.replace_all.parse({ find: "teh", replace: "" }))).toEqual({
      find: "teh",
      replace: "",
      matchCase: false,
      wholeWord: false,
    });
    expect(touches(sent)).toEqual(["u1", "u2"]);
  });

  it("takes a merge's source from what follows when the body leaves it out (the spec's empty body)", () => {
    const received = fromRequest("merge", "u1", BODY_SCHEMAS.merge.parse({}));
    expect(touches(received)).toEqual(["u1"]);
    expect(requestedOp(received, "u2")).toEqual({ type: "merge", targetUtteranceId: "u1", sourceUtteranceId: "u2" });
  });

  it("names the utterances an operation touches, the addressed one first", () => {
    expect(touches({ type: "update_words", utteranceId: "u1", words: [{ id: "w1" }] })).toEqual(["u1"]);
    expect(touches({ type: "set_speaker", utteranceId: "u1", speakerId: "s1" })).toEqual(["u1"]);
    expect(touches({ type: "split", utteranceId: "u1", firstWordId: "w1", newUtteranceId: "n1" })).toEqual(["u1", "n1"]);
    expect(touches({ type: "merge", targetUtteranceId: "u1", sourceUtteranceId: "u2" })).toEqual(["u1", "u2"]);
  });
});
