// The speakers as the editor shows them: their shares recounted from the utterances it holds, so
// they follow every edit at once, unsaved ones included (the rule is core/speaker-stats.ts).
import { speakerShares } from "../../../../core/speaker-stats";
import type { SpeakerDto } from "../../../../core/transcript";

type Timed = { speakerId: string; startTime: number; endTime: number };

export function withStats(speakers: readonly SpeakerDto[], utterances: readonly Timed[]): SpeakerDto[] {
  const shareOf = speakerShares(utterances);
  return speakers.map((speaker) => ({ ...speaker, ...shareOf(speaker.id) }));
}
