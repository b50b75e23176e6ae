import { useServiceConfiguration } from "../api/library";

/** The README section that sets up a transcription service on a local start. */
export const SETUP_POINTER = "To set one up, see “Real transcription locally” in the README.";

/**
 * Said before any upload when no service will transcribe this user's uploads (a fresh local
 * start): files are still stored and playable, and "Transcribe again" starts them later.
 */
export function NoServiceNotice({ compact = false }: { compact?: boolean }) {
  const config = useServiceConfiguration();
  if (!config.data || config.data.transcription.available) return null;
  return (
    <div className={`alert alert--info no-service${compact ? " small" : ""}`} role="note" data-testid="no-service-notice">
      <strong>No transcription service is available.</strong>{" "}
      {compact
        ? "Uploads are stored and playable; transcribe them later with “Transcribe again”."
        : "You can still upload: files are stored and playable, and once a service is configured, “Transcribe again” on a file transcribes it."}{" "}
      {SETUP_POINTER}
    </div>
  );
}
