// The D1 read position a client may send back (`x-d1-bookmark`, decision 022) is only ever one
// the server issued: the bookmark, the time it stops being accepted and an HMAC of both under a
// key derived from the app's secret. A request with anything else starts on the primary, so a
// made-up old position can never let a lagging replica answer for a revoked token, an ended
// session or a removed member.
import { signParts, verifyParts } from "../storage/signing";

/**
 * How long a chain of bookmarks is accepted after the request that last started on the primary.
 * Not renewed by requests that started from a bookmark: every read is at least as new as the
 * primary was this long ago, however long a client keeps sending back what it is given.
 */
export const BOOKMARK_TTL_SECONDS = 60;

// D1 bookmarks are hex groups joined by dashes.
const SIGNED = /^([0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,7})\.(\d{1,12})\.([0-9a-f]{64})$/i;

const parts = (bookmark: string, expires: number) => ["d1-bookmark", bookmark, String(expires)];

/** What the server answers: `<bookmark>.<expires, unix seconds>.<hex HMAC>`; the bookmark comes first, so they still sort in order. */
export async function signBookmark(secret: string, bookmark: string, expires: number): Promise<string> {
  return `${bookmark}.${expires}.${await signParts(secret, parts(bookmark, expires))}`;
}

/** Where the request's D1 session starts: the bookmark of a valid, unexpired signed value, else the primary. */
export async function sessionStart(
  secret: string,
  sent: string | undefined,
  now = Date.now(),
): Promise<{ constraint: string; expires: number | null }> {
  const match = sent ? SIGNED.exec(sent) : null;
  if (match) {
    const [, bookmark = "", expires = "", signature = ""] = match;
    if (await verifyParts(secret, parts(bookmark, Number(expires)), signature.toLowerCase(), Number(expires), now)) {
      return { constraint: bookmark, expires: Number(expires) };
    }
  }
  return { constraint: "first-primary", expires: null };
}
