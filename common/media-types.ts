// The one table of media types: which extension stands for which type, which types are stored
// and served back as themselves, and which each transcription service takes, with why they differ.
// Upload checks (common/upload-rules.ts) and the service registry (worker/transcription/services.ts)
// read it; nothing else lists media types.

/** The transcription services' families, as far as formats go. */
export type FormatFamily = "nova-3" | "whisper" | "openai";

interface MediaTypeRow {
  /** Stored with an object and served back as itself; any other type goes as application/octet-stream. */
  served: boolean;
  /** The services that take it. */
  services: readonly FormatFamily[];
}

// Nova-3 (Deepgram) takes every common container and codec except WMA. Whisper on Workers AI
// takes only what the app can cut into pieces exactly without decoding (MP3 frames, PCM WAV
// samples). The OpenAI audio API's own list has no raw AAC, Opus or WMA.
const EVERY: readonly FormatFamily[] = ["nova-3", "whisper", "openai"];
const DECODED: readonly FormatFamily[] = ["nova-3", "openai"];

export const MEDIA_TYPES: Readonly<Record<string, MediaTypeRow>> = {
  "audio/mpeg": { served: true, services: EVERY },
  "audio/mp3": { served: true, services: EVERY },
  "audio/wav": { served: true, services: EVERY },
  "audio/x-wav": { served: true, services: EVERY },
  "audio/wave": { served: true, services: EVERY },
  "audio/mp4": { served: true, services: DECODED },
  "audio/x-m4a": { served: true, services: DECODED },
  "audio/m4a": { served: true, services: DECODED },
  "video/mp4": { served: true, services: DECODED },
  "audio/flac": { served: true, services: DECODED },
  "audio/x-flac": { served: true, services: DECODED },
  "audio/aac": { served: true, services: ["nova-3"] },
  "audio/x-aac": { served: true, services: ["nova-3"] },
  "audio/ogg": { served: true, services: DECODED },
  // Only a name for Ogg that some systems give; stored as audio/ogg when the extension says so.
  "application/ogg": { served: false, services: DECODED },
  // Kept as itself so a download says what it is, though no service transcribes it.
  "audio/x-ms-wma": { served: true, services: [] },
  "audio/webm": { served: true, services: DECODED },
  "video/webm": { served: true, services: DECODED },
  "audio/opus": { served: true, services: ["nova-3"] },
};

/** The types a service family takes, in the table's order. */
export const formatsFor = (family: FormatFamily): string[] =>
  Object.entries(MEDIA_TYPES)
    .filter(([, row]) => row.services.includes(family))
    .map(([type]) => type);

/** Extensions accepted at confirm time (spec) and the media types each stands for. */
export const EXTENSION_TYPES: Readonly<Record<string, readonly string[]>> = {
  mp3: ["audio/mpeg", "audio/mp3"],
  wav: ["audio/wav", "audio/x-wav", "audio/wave"],
  m4a: ["audio/mp4", "audio/x-m4a", "audio/m4a"],
  mp4: ["video/mp4", "audio/mp4"],
  flac: ["audio/flac", "audio/x-flac"],
  aac: ["audio/aac", "audio/x-aac"],
  ogg: ["audio/ogg", "application/ogg"],
  wma: ["audio/x-ms-wma"],
};

/** Further extensions a stored object may have (recordings, imports) and their served types, the first being the default. */
export const MORE_SERVED_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  webm: ["video/webm", "audio/webm"],
  weba: ["audio/webm"],
  opus: ["audio/opus", "audio/ogg"],
  oga: ["audio/ogg"],
  mpga: ["audio/mpeg"],
};
