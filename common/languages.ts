// Language codes each speech service accepts, and their names for the SPA.

/** Deepgram Nova-3 on Workers AI (its model page), and "multi" for mixed-language audio. */
export const NOVA3_LANGUAGES = [
  "multi",
  "en",
  "en-US",
  "en-AU",
  "en-GB",
  "en-IN",
  "en-NZ",
  "es",
  "es-419",
  "fr",
  "fr-CA",
  "de",
  "de-CH",
  "hi",
  "ru",
  "pt",
  "pt-BR",
  "pt-PT",
  "ja",
  "it",
  "nl",
];

/** Whisper's languages (its tokenizer's list, large-v3 adds "yue"); OpenAI's API takes the same codes. */
export const WHISPER_LANGUAGES =
  "en zh de es ru ko fr ja pt tr pl ca nl ar sv it id hi fi vi he uk el ms cs ro da hu ta no th ur hr bg lt la mi ml cy sk te fa lv bn sr az sl kn et mk br eu is hy ne mn bs kk sq sw gl mr pa si km sn yo so af oc ka be tg sd gu am yi lo uz fo ht ps tk nn mt sa lb my bo tl mg as tt haw ln ha ba jw su yue".split(
    " ",
  );

// Names a browser's own list may lack (Chromium's has no "ba" or "bo", and showed "Ba (ba)").
const SPECIAL: Record<string, string> = {
  multi: "Multiple languages",
  jw: "Javanese",
  yue: "Cantonese",
  haw: "Hawaiian",
  ba: "Bashkir",
  bo: "Tibetan",
};

/** A language's English name ("pt-BR" → "Brazilian Portuguese"); a service's own word ("english") capitalised. */
export function languageName(code: string): string {
  if (SPECIAL[code]) return SPECIAL[code];
  if (/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(code)) {
    try {
      const name = new Intl.DisplayNames(["en"], { type: "language" }).of(code);
      if (name && name !== code) return name;
    } catch {
      // not a valid tag: fall through
    }
  }
  return code.charAt(0).toUpperCase() + code.slice(1);
}
