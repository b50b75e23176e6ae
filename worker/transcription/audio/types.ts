// Shapes shared by the audio cutters: limits, pieces, the WAV layout, the plan.
export interface ChunkLimits {
  /** Bytes per piece, header included. */
  maxBytes: number;
  /** Seconds of audio per piece. */
  maxSeconds: number;
}

export interface AudioChunk {
  /** Where the piece's audio bytes start in the file. */
  offset: number;
  length: number;
  /** Seconds from the start of the recording. */
  startTime: number;
  duration: number;
}

export interface WavLayout {
  formatTag: number;
  channels: number;
  sampleRate: number;
  byteRate: number;
  blockAlign: number;
  bitsPerSample: number;
  /** The fmt chunk's body, copied verbatim into each piece's header. */
  fmt: Uint8Array;
  dataOffset: number;
  dataLength: number;
}

export type ChunkPlan =
  | { kind: "wav"; layout: WavLayout; chunks: AudioChunk[]; duration: number }
  | { kind: "mp3"; chunks: AudioChunk[]; duration: number };

export type RangeReader = (offset: number, length: number) => Promise<Uint8Array>;
