export function Logo() {
  return (
    <span className="logo">
      <span className="logo-mark" aria-hidden="true" />
      <span className="logo-text">Transcribe</span>
    </span>
  );
}
