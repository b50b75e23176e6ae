// Rules every user-given name shares (folders, files, speakers).

/** Text-direction overrides and isolates: a name with U+202E displays reversed ("evil\u202Egnp.exe"). */
export const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export const BIDI_MESSAGE = "Names cannot contain text-direction control characters";

export const hasNoBidiControls = (text: string) => !BIDI_CONTROLS.test(text);
