// A speaker's utterance count and share of the speaking time, from the
// utterances the editor holds: they follow every edit at once, unsaved ones
// included. Same rule as the server's (worker/transcripts/read.ts, toSpeakerDto).
import type { SpeakerDto } from "../../../../core/transcript";

type Timed = { speakerId: string; startTime: number; endTime: number };

export function withStats(speakers: readonly SpeakerDto[], utterances: readonly Timed[]): SpeakerDto[] {
  const count = new Map<string, number>();
  const seconds = new Map<string, number>();
  for (const u of utterances) {
    count.set(u.speakerId, (count.get(u.speakerId) ?? 0) + 1);
    seconds.set(u.speakerId, (seconds.get(u.speakerId) ?? 0) + (u.endTime - u.startTime));
  }
  let total = 0;
  for (const s of seconds.values()) total += Math.max(0, s);
  return speakers.map((speaker) => {
    const own = Math.max(0, seconds.get(speaker.id) ?? 0);
    return {
      ...speaker,
      utteranceCount: count.get(speaker.id) ?? 0,
      speakingPercentage: total > 0 ? Math.round((own / total) * 1000) / 10 : 0,
    };
  });
}
