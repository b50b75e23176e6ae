// A small edited transcript, as the read API returns it: corrected words, a
// renamed speaker with a role, a split utterance, a summary and notes, and text
// in Greek, Cyrillic and accented Latin (plus a character no font here has).
import type { SpeakerDto, UtteranceDto, WordDto } from "../../core/transcript";
import { buildExportDocument } from "../../worker/exports/document";

let wordSeq = 0;
function words(text: string, start: number, step = 0.4): WordDto[] {
  return text.split(" ").map((t, i) => ({
    id: `w${++wordSeq}`,
    text: t,
    startTime: +(start + i * step).toFixed(3),
    endTime: +(start + i * step + step * 0.8).toFixed(3),
    position: i,
    confidenceScore: 0.9,
    hasEntities: false,
  }));
}

function utterance(id: string, speakerId: string, text: string, start: number): UtteranceDto {
  const w = words(text, start);
  return {
    id,
    speakerId,
    startTime: w[0]!.startTime,
    endTime: w[w.length - 1]!.endTime,
    position: 0,
    confidenceScore: 0.9,
    sentiment: null,
    sentimentConfidence: null,
    transcriptWords: w,
    orderKey: id,
    version: 1,
  };
}

export const speakers: SpeakerDto[] = [
  {
    id: "s1",
    originalLabel: "A",
    name: "Dr. Ana Łukasiewicz",
    role: "Host",
    displayName: "Dr. Ana Łukasiewicz",
    position: 0,
    utteranceCount: 2,
    speakingPercentage: 60,
  },
  {
    id: "s2",
    originalLabel: "B",
    name: null,
    role: null,
    displayName: "Speaker 2",
    position: 1,
    utteranceCount: 2,
    speakingPercentage: 40,
  },
  {
    id: "s3",
    originalLabel: "C",
    name: "Unused",
    role: null,
    displayName: "Unused",
    position: 2,
    utteranceCount: 0,
    speakingPercentage: 0,
  },
];

export const utterances: UtteranceDto[] = [
  utterance("u1", "s1", "Welcome to the corrected show about café crème.", 0.5),
  utterance("u2", "s2", "Καλημέρα σας and Здравствуйте everyone.", 5),
  // The two halves of a split utterance.
  utterance("u3", "s1", "First half of a split.", 9),
  utterance("u4", "s1", "Second half after the split 漢 ends here.", 11.2),
  utterance("u5", "s2", `A long turn ${Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ")} done.`, 15),
];

export const exportDocument = () =>
  buildExportDocument(
    { name: "Team sync (final).mp3", createdAt: "2026-11-20T10:00:00.000Z" },
    { duration: 3725, summary: "Summary line one.\n\nSummary line two.", notes: "Remember the milk." },
    speakers,
    utterances,
  );
