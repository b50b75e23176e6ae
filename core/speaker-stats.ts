// A transcript's speakers: each one's share of the utterances and of the speaking time, and the
// default name of the next one created. One rule for the transcript store's answers and for the
// editor, which recounts after every edit (unsaved ones included) and names a new speaker before
// the server answers.

type Span = { speakerId: string; startTime: number; endTime: number };

export interface SpeakerShare {
  utteranceCount: number;
  /** Share of the total speaking time, 0–100, to one decimal. */
  speakingPercentage: number;
}

/** Each speaker's share of the given utterances (a speaker with none is not in the map). */
export function speakerShares(utterances: Iterable<Span>): (speakerId: string) => SpeakerShare {
  const count = new Map<string, number>();
  const seconds = new Map<string, number>();
  for (const u of utterances) {
    count.set(u.speakerId, (count.get(u.speakerId) ?? 0) + 1);
    seconds.set(u.speakerId, (seconds.get(u.speakerId) ?? 0) + (u.endTime - u.startTime));
  }
  let total = 0;
  for (const s of seconds.values()) total += Math.max(0, s);
  return (speakerId) => {
    const own = Math.max(0, seconds.get(speakerId) ?? 0);
    return {
      utteranceCount: count.get(speakerId) ?? 0,
      speakingPercentage: total > 0 ? Math.round((own / total) * 1000) / 10 : 0,
    };
  };
}

/** "Speaker 1", "Speaker 2"… by position (order of first appearance). */
export const defaultSpeakerName = (row: { position: number }) => `Speaker ${row.position + 1}`;

/** Where a new speaker goes: after every other, whatever was deleted in between. */
export const nextSpeakerPosition = (rows: readonly { position: number }[]) => rows.reduce((max, r) => Math.max(max, r.position + 1), 0);
