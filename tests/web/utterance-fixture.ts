// An utterance for the editor's tests: a word for each space-separated token of `text`, a word a second.
import type { UtteranceDto } from "../../core/transcript";

export function utterance(id: string, orderKey: string, text: string, version = 1): UtteranceDto {
  return {
    id,
    speakerId: "s1",
    startTime: 0,
    endTime: 1,
    position: 0,
    confidenceScore: 0.9,
    sentiment: null,
    sentimentConfidence: null,
    transcriptWords: text.split(" ").map((w, k) => ({
      id: `${id}w${k}`,
      text: w,
      startTime: k,
      endTime: k + 0.5,
      position: k,
      confidenceScore: 0.9,
      hasEntities: false,
    })),
    orderKey,
    version,
  };
}
