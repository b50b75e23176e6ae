export function Splash() {
  return (
    <div className="splash" role="status" aria-live="polite" data-testid="splash">
      <div className="logo-mark logo-mark--large" aria-hidden="true" />
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
