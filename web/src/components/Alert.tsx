import type { ReactNode } from "react";

export function Alert({ kind, children }: { kind: "error" | "success" | "info"; children: ReactNode }) {
  return (
    <div className={`alert alert--${kind}`} role={kind === "error" ? "alert" : "status"} data-testid={`alert-${kind}`}>
      {children}
    </div>
  );
}

/** A form's error under its fields, read out when it appears; nothing when there is none. */
export function FieldError({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <p className="field-error" role="alert">
      {children}
    </p>
  );
}
