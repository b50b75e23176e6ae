import { LIMITS } from "../../../common/limits";
import { api, call } from "../api/client";
import { ApiRequestError } from "../api/errors";
import { bootstrapAuth, startupAction, type ValidationResult } from "./bootstrap";
import { authState, signOutLocally, signInLocally } from "./store";

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function validateStoredToken(): Promise<ValidationResult> {
  try {
    const body = await call(api.auth.validate.$get());
    return body.valid ? { kind: "valid", user: body.user } : { kind: "invalid" };
  } catch (error) {
    const definite = error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
    return definite ? { kind: "invalid" } : { kind: "unreachable" };
  }
}

/** Runs once at start-up: validates stored credentials behind the splash. */
export async function startSession(): Promise<void> {
  const token = authState.token;
  const result = await bootstrapAuth({
    hasCredentials: Boolean(token && authState.user),
    validate: validateStoredToken,
    wait,
    minSplashMs: LIMITS.minSplashMs,
  });
  const action = startupAction(result, token, authState.token);
  if (action === "sign-in" && result.kind === "valid" && token) signInLocally(token, result.user);
  else if (action === "trust-stored") authState.status = "authenticated";
  else if (action === "sign-out") signOutLocally();
}

/** Ends the session on the server (best effort) and locally. */
export async function logout(): Promise<void> {
  try {
    await api.auth.logout.$post();
  } catch (error) {
    console.warn("Logout request failed", error);
  }
  signOutLocally();
}
