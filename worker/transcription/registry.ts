import { nova3Service } from "./nova3";
import { openAiCompatibleService } from "./openai-compatible";
import type { TranscriptionService } from "./types";
import { PermanentTranscriptionError } from "./types";
import { whisperService } from "./whisper";

/** Every adapter, by the name services.ts lists it under. */
export const TRANSCRIPTION_SERVICES: readonly TranscriptionService[] = [nova3Service, whisperService, openAiCompatibleService];

export function getTranscriptionService(name: string): TranscriptionService {
  const service = TRANSCRIPTION_SERVICES.find((s) => s.name === name);
  if (!service) throw new PermanentTranscriptionError(`Unknown transcription service "${name}"`);
  return service;
}
