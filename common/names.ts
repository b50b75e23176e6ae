// Rules every user-given name shares (folders, files, speakers).

/** Text-direction overrides and isolates: a name with U+202E displays reversed ("evil\u202Egnp.exe"). */
export const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export const BIDI_MESSAGE = "Names cannot contain text-direction control characters";

export const hasNoBidiControls = (text: string) => !BIDI_CONTROLS.test(text);

const ALL_BIDI_CONTROLS = new RegExp(BIDI_CONTROLS.source, "g");

/** The text without direction controls: for text that arrives from elsewhere (a paste, a speech service) rather than being refused. */
export const stripBidiControls = (text: string) => text.replace(ALL_BIDI_CONTROLS, "");
