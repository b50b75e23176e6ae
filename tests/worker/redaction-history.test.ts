// Redaction and the history (decision 058), as a property: after any sequence of edits, undos and
// redos, one redaction of a word leaves no history entry holding its text, and no undo or redo
// after it brings the text back. The edits run through the room's own edit call.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UtteranceState } from "../../core/change";
import { opArb, operation } from "../support/random-edits";
import { createUser } from "./library-helpers";
import { editInStore, inObject } from "./store-helpers";
import { saying, storeTranscript } from "./transcript-helpers";
import type { OpRequest } from "../../core/operations";
import { transcriptKey } from "../../durable-objects/transcript-store/operations";
import { states as statesOf } from "../../durable-objects/transcript-store/read";

const SECRET = "Xyloquent";

const current = (fileId: string) =>
  inObject(fileId, (sql) =>
    sql
      .exec<{ words: string }>("SELECT words FROM utterances")
      .toArray()
      .map((r) => r.words)
      .join("\n"),
  );
const historyText = (fileId: string) =>
  inObject(fileId, (sql) =>
    ["history", "snapshot_utterances"].map((t) => JSON.stringify(sql.exec(`SELECT * FROM ${t}`).toArray())).join("\n"),
  );

const states = (fileId: string): Promise<UtteranceState[]> => inObject(fileId, (sql) => statesOf(sql, transcriptKey(sql, fileId)));

describe("redaction and the history", { timeout: 300_000 }, () => {
  it("no history entry holds a redacted word after random edits, undos and redos, nor does any step after", async () => {
    const user = await createUser("redact-prop");
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            { weight: 4, arbitrary: opArb.map((o) => ({ ...o, step: null })) },
            { weight: 1, arbitrary: fc.constantFrom("undo", "redo").map((step) => ({ kind: "step" as const, u: 0, w: 0, step })) },
          ),
          { maxLength: 10 },
        ),
        async (seeds) => {
          const { fileId } = await storeTranscript(
            user,
            saying(`we met ${SECRET} at noon`, "then we left for home", "nothing else happened"),
          );
          let list = await states(fileId);
          const secretId = list[0]!.transcriptWords[2]!.id;
          for (const [n, seed] of seeds.entries()) {
            if (seed.step) {
              await editInStore(fileId, { kind: "step", direction: seed.step, opId: null }).catch(() => undefined);
            } else {
              const op = operation(list, (id) => list[list.findIndex((u) => u.id === id) + 1], seed, n);
              // The secret word stays in the text (a deleted one could not be selected).
              if (!op || (op.type === "update_words" && !op.words.some((w) => w.id === secretId))) continue;
              await editInStore(fileId, { kind: "operation", req: op as OpRequest, opId: null }).catch(() => undefined);
            }
            list = await states(fileId);
          }
          await editInStore(fileId, {
            kind: "redact",
            target: { ranges: [{ startWordId: secretId, endWordId: secretId }] },
            label: "Name",
            fill: "silence",
            opId: null,
          });
          expect(await historyText(fileId)).not.toContain(SECRET);
          expect(await current(fileId)).not.toContain(SECRET);
          for (const direction of ["undo", "redo"] as const) {
            for (let i = 0; i < 12; i++) {
              await editInStore(fileId, { kind: "step", direction, opId: null }).catch(() => undefined);
              expect(await current(fileId)).not.toContain(SECRET);
            }
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
