import { type FormEvent, useState } from "react";
import { describeError } from "../api/errors";
import { toast } from "./toasts";

/**
 * A form's submit that calls the API: one run at a time (`busy` while it runs), and a failure
 * shown as an error toast with the server's text.
 */
export function useSubmit(action: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    action()
      .catch((error: unknown) => toast(describeError(error), "error"))
      .finally(() => setBusy(false));
  };
  return { busy, onSubmit };
}
