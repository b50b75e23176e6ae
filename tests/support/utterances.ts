// The one builder of utterances for tests: a word for each space-separated token of the text,
// timed from `at` (a word every `wordStep` seconds, each `wordLength` long).
import { initialKeys } from "../../core/order-keys";
import type { UtteranceDto } from "../../core/transcript";

export interface UtteranceOptions {
  at?: number;
  /** Defaults to a second after `at`. */
  end?: number;
  speakerId?: string;
  position?: number;
  orderKey?: string;
  version?: number;
  confidence?: number;
  wordStep?: number;
  wordLength?: number;
}

export function utterance(id: string, text: string, o: UtteranceOptions = {}): UtteranceDto {
  const at = o.at ?? 0;
  const step = o.wordStep ?? 1;
  const confidenceScore = o.confidence ?? 0.9;
  return {
    id,
    speakerId: o.speakerId ?? "s1",
    startTime: at,
    endTime: o.end ?? at + 1,
    position: o.position ?? 0,
    confidenceScore,
    sentiment: null,
    sentimentConfidence: null,
    transcriptWords: text.split(" ").map((w, k) => ({
      id: `${id}w${k}`,
      text: w,
      startTime: at + k * step,
      endTime: at + k * step + (o.wordLength ?? 0.5),
      position: k,
      confidenceScore,
      hasEntities: false,
    })),
    orderKey: o.orderKey ?? "a0",
    version: o.version ?? 1,
  };
}

/** Utterances `u0`, `u1`… one after another, a word a second, in order. */
export function utteranceRun(texts: readonly string[], o: Pick<UtteranceOptions, "confidence" | "version"> = {}): UtteranceDto[] {
  const keys = initialKeys(texts.length);
  let t = 0;
  return texts.map((text, i) => {
    const at = t;
    t += text.split(" ").length;
    return utterance(`u${i}`, text, { ...o, at, end: t, position: i, orderKey: keys[i]! });
  });
}
