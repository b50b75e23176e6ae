// A shared page's media link: a route of its own, named by a signed token that says which
// link it belongs to and until when. The URL carries neither the owner's ids nor the file's
// key or name (a presigned storage URL would carry both), and it works only while the link
// lives and shares its media: the token is checked against the link on every request.
import { signParts, verifyParts } from "../storage/signing";

const TOKEN = /^([0-9a-f-]{36})\.(\d{1,12})\.([0-9a-f]{64})$/;

const signed = (shareId: string, expires: number) => ["shared-media", shareId, String(expires)];

/** The playback link of a share's media, valid for `ttlSeconds`. */
export async function sharedMediaUrl(key: string, origin: string, shareId: string, ttlSeconds: number): Promise<string> {
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  const signature = await signParts(key, signed(shareId, expires));
  return `${origin}/api/v1/shared-media/${shareId}.${expires}.${signature}`;
}

/** The share a token was issued for, or null when it is malformed, forged or expired. */
export async function shareOfMediaToken(key: string, token: string): Promise<string | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, shareId = "", expires = "", signature = ""] = match;
  return (await verifyParts(key, signed(shareId, Number(expires)), signature, Number(expires))) ? shareId : null;
}
