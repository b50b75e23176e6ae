// A file's transcript read ahead of opening it: the server's answer (utterances and
// speakers) and this browser's copy, started when the file's row is pointed at or
// focused (or clicked, before the editor renders) and taken by the editor session when
// the file opens (docs/decisions/030-open-at-once.md).
import { type CompactUtterances, decodeUtterances } from "../../../../common/compact-utterances";
import { redactedSince } from "../../lib/redacted-files";
import type { SpeakerDto, TranscriptDto, UtteranceDto } from "../../../../core/transcript";
import { transcriptApi } from "../../api/transcripts";
import { watchTranscript } from "../../live/transcript-events";
import { HEAD_UTTERANCES, headOf } from "./head";
import { copyIsCurrent } from "./saved-marks";
import { localCopies, type TranscriptCopy } from "./local-copy";

/** Utterances to draw: the first screenful at once, the whole when asked (decoding it is the cost). */
export interface Readable {
  head: UtteranceDto[];
  /** The head is everything. */
  complete: boolean;
  whole(): UtteranceDto[];
}

export interface ServerTranscript extends Readable {
  /** The answer as received, and its first screenful, to keep as this browser's copy. */
  copy: Omit<TranscriptCopy, "speakers">;
}

export interface ShownCopy extends Readable {
  copy: TranscriptCopy;
}

export interface Opening {
  /** The server's first screenful, asked for on its own: it comes long before the whole. */
  head: Promise<UtteranceDto[]>;
  server: Promise<ServerTranscript>;
  /** The transcript's details, read beside the utterances: the file view's panels take them too. */
  details: Promise<TranscriptDto>;
  /** The server's speakers, from the details (the session owns them beside the utterances). */
  speakers: Promise<SpeakerDto[]>;
  /** This browser's copy, undefined when there is none (or it cannot be read). */
  copy: Promise<ShownCopy | undefined>;
}

/** An answer read ahead is used only this long; later the file is read again. */
const PREFETCH_TTL_MS = 15_000;
/** Rows swept by the pointer start at most this many reads that wait to be used. */
const MAX_PREFETCHED = 3;

const compactOf = (text: string) => (JSON.parse(text) as { data: CompactUtterances }).data;

/** The compact answer's first screenful, decoded, and the whole on demand. */
export function readable(compact: CompactUtterances, headCompact = headOf(compact)): Readable {
  const complete = headCompact.utterances.length === compact.utterances.length;
  const head = decodeUtterances(headCompact);
  return { head, complete, whole: () => (complete ? head : decodeUtterances(compact)) };
}

/** The server's answer, read now. */
export async function readServer(fileId: string): Promise<ServerTranscript> {
  // Current as of the request: a save confirmed after it may not be in the answer.
  const at = Date.now();
  const text = await transcriptApi.utterancesText(fileId);
  const compact = compactOf(text);
  const head = headOf(compact);
  return { ...readable(compact, head), copy: { utterances: text, head: JSON.stringify({ data: head }), at } };
}

async function readCopy(user: string | null, fileId: string): Promise<ShownCopy | undefined> {
  const copies = localCopies();
  if (!user || !copies) return undefined;
  try {
    const copy = await copies.read(user, fileId);
    // Taken before a redaction: it may hold the words, so it goes unread.
    if (copy && redactedSince(fileId, copy.at)) {
      await copies.forget(user, fileId);
      return undefined;
    }
    // Older than a save confirmed here since: showing it would flip saved words back for a moment.
    if (!copy || !copyIsCurrent(user, fileId, copy.at)) return undefined;
    // The whole is parsed only when asked: the head draws first.
    const head = decodeUtterances(compactOf(copy.head));
    return { copy, head, complete: false, whole: () => decodeUtterances(compactOf(copy.utterances)) };
  } catch (error) {
    // Unreadable (private mode, a damaged record): the server's answer will do.
    console.warn("The local copy of the transcript could not be read", error);
    return undefined;
  }
}

interface Entry extends Opening {
  user: string | null;
  at: number;
  stop: () => void;
}

const prefetched = new Map<string, Entry>();

function start(user: string | null, fileId: string): Entry {
  // The first screen needs only the two small answers. The file's store answers one request at a
  // time and the whole takes it longest, so the whole is asked for once they are in: sent at once,
  // it came in first and the small ones waited behind it. The speakers come with the details,
  // which the file view shows too: one request for both.
  const head = transcriptApi.firstUtterances(fileId, HEAD_UTTERANCES);
  const details = transcriptApi.get(fileId);
  const speakers = details.then((d) => d.speakers);
  const server = Promise.allSettled([head, details]).then(() => readServer(fileId));
  const copy = readCopy(user, fileId);
  // A read nobody takes must not report an unhandled rejection.
  for (const read of [head, server, details, speakers]) read.catch(() => {});
  return { user, at: Date.now(), head, server, details, speakers, copy, stop: () => {} };
}

function drop(fileId: string): void {
  prefetched.get(fileId)?.stop();
  prefetched.delete(fileId);
}

/** Starts reading a file's transcript, unless a fresh read of it is already under way; its details. */
export function prefetchTranscript(user: string | null, fileId: string): Promise<TranscriptDto> {
  const held = prefetched.get(fileId);
  if (held && held.user === user && Date.now() - held.at < PREFETCH_TTL_MS) return held.details;
  drop(fileId);
  const entry = start(user, fileId);
  // A change made meanwhile (another tab, a new transcript) would be missing from the answer.
  entry.stop = watchTranscript(fileId, { changed: () => drop(fileId), reload: () => drop(fileId) });
  prefetched.set(fileId, entry);
  for (const oldest of prefetched.keys()) {
    if (prefetched.size <= MAX_PREFETCHED) break;
    drop(oldest);
  }
  return entry.details;
}

/** The file's transcript for the editor opening it: what was read ahead, else read now. Taken once. */
export function openTranscript(user: string | null, fileId: string): Opening {
  const held = prefetched.get(fileId);
  drop(fileId);
  if (held && held.user === user && Date.now() - held.at < PREFETCH_TTL_MS) return held;
  return start(user, fileId);
}
