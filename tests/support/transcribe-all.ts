// A service's pieces run one after the other in memory, as the transcription workflow
// runs them step by step: the adapter tests check a service's requests and results
// without the workflow engine around them.
import type { Config } from "../../worker/config";
import {
  NO_OPTIONS,
  NOTHING_CARRIED,
  pieceCount,
  type NormalizedTranscript,
  type ServiceRequestOptions,
  type TranscriptionInput,
  type TranscriptionService,
} from "../../worker/transcription/types";

export async function transcribeAll<Piece>(
  service: TranscriptionService<Piece>,
  input: TranscriptionInput,
  env: Env,
  config: Config,
  options: ServiceRequestOptions = NO_OPTIONS,
): Promise<NormalizedTranscript> {
  const plan = await service.plan(input, config);
  const pieces: Piece[] = [];
  let carried = NOTHING_CARRIED;
  for (let index = 0; index < pieceCount(plan); index++) {
    const result = await service.transcribePiece({ input, plan, index, carried, env, config, options });
    pieces.push(result.piece);
    carried = result.carried;
  }
  return service.assemble(pieces, plan, input);
}
