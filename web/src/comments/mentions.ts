// `@` mentions in a comment box: the name being typed, the members it matches, the name put in
// the text, and which picked people are still named when the comment is sent. In a shown comment
// the mentioned people's `@Name` is emphasised: the body is split into plain-text parts (never HTML).

export interface MentionCandidate {
  id: string;
  name: string;
  email?: string;
}

/** The longest name typed after an `@` that is still looked up. */
const QUERY_MAX = 40;

/** The `@name` being typed just before the caret (an @ at the start or after a space), or null. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const head = text.slice(0, caret);
  const at = head.lastIndexOf("@");
  if (at < 0 || (at > 0 && !/[\s([{"']/.test(head[at - 1]!))) return null;
  const query = head.slice(at + 1);
  if (query.length > QUERY_MAX || /[\n@]/.test(query) || query.startsWith(" ")) return null;
  return { start: at, query };
}

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The members a typed name matches (its start, or the start of one of its words, or the e-mail's), others than oneself. */
export function matchMembers<T extends MentionCandidate>(members: readonly T[], query: string, selfId: string, limit = 8): T[] {
  const q = fold(query);
  const matches = (m: T) => {
    const name = fold(m.name);
    return name.startsWith(q) || name.split(/\s+/).some((w) => w.startsWith(q)) || (!!m.email && fold(m.email).startsWith(q));
  };
  return members.filter((m) => m.id !== selfId && matches(m)).slice(0, limit);
}

/** The text with the typed `@query` (from `start` to the caret) replaced by `@Full Name `, and the caret after it. */
export function insertMention(text: string, start: number, caret: number, name: string): { text: string; caret: number } {
  const inserted = `@${name} `;
  const rest = text.slice(caret).replace(/^ /, "");
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}

/** The picked people whose `@Name` is still in the text: only they are sent as mentioned. */
export function mentionedIds(text: string, picked: readonly MentionCandidate[]): string[] {
  return [...new Set(picked.filter((p) => text.includes(`@${p.name}`)).map((p) => p.id))];
}

export interface BodyPart {
  text: string;
  mention: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A body cut into plain text and the `@Name`s of the people it mentions. */
export function bodyParts(body: string, mentioned: readonly { full_name: string }[]): BodyPart[] {
  const names = [...new Set(mentioned.map((m) => m.full_name).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!names.length) return [{ text: body, mention: false }];
  const re = new RegExp(`@(?:${names.map(escapeRegExp).join("|")})`, "g");
  const parts: BodyPart[] = [];
  let from = 0;
  for (const m of body.matchAll(re)) {
    if (m.index > from) parts.push({ text: body.slice(from, m.index), mention: false });
    parts.push({ text: m[0], mention: true });
    from = m.index + m[0].length;
  }
  if (from < body.length) parts.push({ text: body.slice(from), mention: false });
  return parts;
}
