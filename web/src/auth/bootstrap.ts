import type { PublicUser } from "../../../common/auth";

export type ValidationResult = { kind: "valid"; user: PublicUser } | { kind: "invalid" } | { kind: "unreachable" };

export interface AuthBootstrapDeps {
  hasCredentials: boolean;
  validate(): Promise<ValidationResult>;
  /** Injected so the minimum-splash rule is testable without real time. */
  wait(ms: number): Promise<void>;
  minSplashMs: number;
}

/**
 * Decides the starting session. The splash stays for at least minSplashMs
 * whatever happens. A stored session survives an unreachable server (the next
 * call decides) but not a definite "invalid".
 */
export async function bootstrapAuth(deps: AuthBootstrapDeps): Promise<ValidationResult | { kind: "none" }> {
  const check: Promise<ValidationResult | { kind: "none" }> = deps.hasCredentials
    ? deps.validate().catch((): ValidationResult => ({ kind: "unreachable" }))
    : Promise.resolve({ kind: "none" });
  const [result] = await Promise.all([check, deps.wait(deps.minSplashMs)]);
  return result;
}

export type StartupAction = "keep" | "sign-in" | "trust-stored" | "sign-out";

/**
 * What the start-up check may do with its result. It only speaks for the
 * session it checked: if the token changed while it ran (the user signed in,
 * e.g. by a password manager's autofill during the splash, or signed out), the
 * newer session stands untouched.
 */
export function startupAction(
  result: ValidationResult | { kind: "none" },
  tokenAtStart: string | null,
  tokenNow: string | null,
): StartupAction {
  if (tokenNow !== tokenAtStart) return "keep";
  if (result.kind === "valid") return "sign-in";
  if (result.kind === "unreachable") return "trust-stored";
  return "sign-out";
}
