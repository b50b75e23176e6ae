import { CHUNK_FAILED } from "../lib/lazy-chunk";

/** The page for uncaught errors while routing or rendering (docs/product.md#texts). */
export function ErrorPage({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  const chunk = message === CHUNK_FAILED;
  return (
    <main className="error-page" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p className="muted">{chunk ? "Part of the app could not be downloaded. Check your connection and try again." : message}</p>
      <div className="error-actions">
        <button type="button" className="button button--primary" onClick={() => location.reload()}>
          Reload
        </button>
        {/* A full page load: parts that failed to download are fetched afresh. */}
        <a className="button button--ghost" href="/">
          Back to the start
        </a>
      </div>
    </main>
  );
}
