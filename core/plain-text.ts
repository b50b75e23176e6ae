// The plain-text rule transcript words and speaker names and roles follow, and the rules every
// other user-given name shares with them (folders, files, workspaces, tokens: their schemas in
// common/ use these).

/** Text-direction overrides and isolates: a name with U+202E displays reversed ("evil\u202Egnp.exe"). */
export const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export const BIDI_MESSAGE = "Names cannot contain text-direction control characters";

export const hasNoBidiControls = (text: string) => !BIDI_CONTROLS.test(text);

/**
 * Line breaks: the ASCII ones, NEL and the Unicode line and paragraph separators. One inside a
 * word or a name would break a caption's line, or start a new cue (SRT, VTT).
 */
export const LINE_BREAKS = /[\n\v\f\r\u0085\u2028\u2029]/;
/** C0 and C1 control characters (tab and the line breaks among them). */
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

const SPACING_CONTROLS = new RegExp(`\\t|${LINE_BREAKS.source}`, "g");
const OTHER_CONTROLS = new RegExp(`${CONTROL_CHARACTERS.source}|${BIDI_CONTROLS.source}`, "g");

/** Text from elsewhere (a paste, a row stored before the rule) as plain text: a tab or a line break becomes a space, other controls go. */
export const toPlainText = (text: string) => text.replace(SPACING_CONTROLS, " ").replace(OTHER_CONTROLS, "");

export interface PlainTextMessages {
  bidi: string;
  lineBreak: string;
  control: string;
}

export const NAME_MESSAGES: PlainTextMessages = {
  bidi: BIDI_MESSAGE,
  lineBreak: "Names cannot contain line breaks",
  control: "Names cannot contain control characters",
};

/** Why a text is not plain text (a direction control, a line break, another control character), or null when it is. */
export function plainTextProblem(text: string, messages: PlainTextMessages = NAME_MESSAGES): string | null {
  if (BIDI_CONTROLS.test(text)) return messages.bidi;
  if (LINE_BREAKS.test(text)) return messages.lineBreak;
  if (CONTROL_CHARACTERS.test(text)) return messages.control;
  return null;
}

/** The plain-text rule as a zod refinement; run it before a trim, so a trailing line break is refused too. */
export const plainTextCheck =
  (messages: PlainTextMessages = NAME_MESSAGES) =>
  (text: string, ctx: { addIssue(issue: { code: "custom"; message: string }): void }) => {
    const problem = plainTextProblem(text, messages);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  };
