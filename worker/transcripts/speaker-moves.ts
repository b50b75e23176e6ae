// The statements a recorded speaker move (Change.speakerMoves, a speaker
// merge or its undo/redo) adds to the one-batch commit (commit.ts): its guard,
// the one UPDATE that moves the rows, and the read of the moved rows' new
// speaker and version for the answer. One JSON-array parameter carries the ids, so
// 750 moved utterances are still a handful of bound parameters.
import type { MovedUtteranceDto, SpeakerMoves } from "../../common/transcript-ops";

/** SQL conditions (and their values) that hold when the listed rows all belong to `from`, and, when `from` goes, nothing else does. */
export function speakerMoveGuards(tid: string, moves: SpeakerMoves, fromRemoved: boolean): { sql: string[]; values: unknown[] } {
  const ids = JSON.stringify(moves.utteranceIds);
  const sql = [
    "(SELECT count(*) FROM utterances WHERE transcript_id = ? AND speaker_id = ? AND id IN (SELECT value FROM json_each(?))) = ?",
  ];
  const values: unknown[] = [tid, moves.from, ids, moves.utteranceIds.length];
  if (fromRemoved) {
    // An utterance given to `from` since the read would be left pointing at a removed speaker.
    sql.push("(SELECT count(*) FROM utterances WHERE transcript_id = ? AND speaker_id = ?) = ?");
    values.push(tid, moves.from, moves.utteranceIds.length);
  }
  return { sql, values };
}

/**
 * Moves the rows. A reassigned speaker is a correction a re-transcription keeps (decision 017), so
 * the rows are marked edited; the mark is not part of the recorded move, so an undone merge leaves
 * it set (a later re-transcription keeps those utterances: it errs on the side of the user's work).
 */
export function speakerMoveStatement(db: D1Database, tid: string, moves: SpeakerMoves): D1PreparedStatement {
  return db
    .prepare(
      "UPDATE utterances SET speaker_id = ?, version = version + 1, edited = 1 WHERE transcript_id = ? AND id IN (SELECT value FROM json_each(?))",
    )
    .bind(moves.to, tid, JSON.stringify(moves.utteranceIds));
}

/** The moved rows' new speaker and version (all a client needs: nothing else of them changed). */
export function movedRowsStatement(db: D1Database, tid: string, moves: SpeakerMoves): D1PreparedStatement {
  return db
    .prepare(
      `SELECT id, speaker_id AS speakerId, version FROM utterances
       WHERE transcript_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY order_key`,
    )
    .bind(tid, JSON.stringify(moves.utteranceIds));
}

export const movedRows = (result: D1Result): MovedUtteranceDto[] => result.results as unknown as MovedUtteranceDto[];
