// The one rule for a file's name, however it arrives: typed for an upload or a rename, where a
// name that breaks it is refused (422), or taken from a link by an import, where it is cleaned
// instead (nobody is there to type it again). A file name is plain text (core/plain-text.ts): no
// text-direction controls (a U+202E shows "evil\u202Egnp.exe" reversed), no line breaks (U+0085,
// U+2028…) and no other control characters, at most 255 characters.
import { BIDI_CONTROLS, CONTROL_CHARACTERS, LINE_BREAKS, plainTextCheck } from "../core/plain-text";
import { LIMITS } from "./limits";

/** The rule as a zod refinement for names a person types; run it before a trim. */
export const fileNameCheck = plainTextCheck();

const REFUSED = new RegExp(`${BIDI_CONTROLS.source}|${LINE_BREAKS.source}|${CONTROL_CHARACTERS.source}`, "g");

/** A name from elsewhere made to follow the rule: refused characters dropped, trimmed, cut to the length limit; `fallback` when nothing is left. */
export function cleanFileName(raw: string, fallback: string): string {
  const name = raw
    .replace(REFUSED, "")
    .trim()
    .slice(0, LIMITS.nameMaxLength)
    // A cut through a surrogate pair leaves half a character.
    .replace(/[\uD800-\uDBFF]$/, "")
    .trim();
  return name || fallback;
}
