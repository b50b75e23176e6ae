// A secret the server shows only once (a share link, an API token): whole, selectable, with a
// button that copies it and says so.
import { useState } from "react";
import { toast } from "../lib/toasts";

export function ShownOnce({
  value,
  what,
  label,
  testId,
  wraps = false,
}: {
  value: string;
  /** "link" or "token": the sentences name it. */
  what: string;
  label: string;
  testId: string;
  /** Long values wrap on two lines rather than scroll out of sight. */
  wraps?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast(`Copy the ${what} by hand: the browser refused`, "error");
    }
  };
  const field = {
    readOnly: true,
    value,
    "aria-label": label,
    "data-testid": testId,
    onFocus: (e: { target: HTMLInputElement | HTMLTextAreaElement }) => e.target.select(),
  };
  return (
    <div className="share-created" role="status">
      <p>Copy this {what} now: for your safety it is shown only once.</p>
      <div className="share-created-row">
        {wraps ? <textarea rows={2} className="api-token-secret" {...field} /> : <input {...field} />}
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
    </div>
  );
}
