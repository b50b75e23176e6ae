import { proxy } from "valtio";
import type { PublicUser } from "../../../common/auth";
import { connectCredentials } from "../api/client";

const TOKEN_KEY = "auth_token";
const USER_KEY = "auth_user";

export type AuthStatus = "authenticating" | "authenticated" | "anonymous";

export const authState = proxy<{ status: AuthStatus; token: string | null; user: PublicUser | null }>({
  status: "authenticating",
  token: read(TOKEN_KEY),
  user: parseUser(read(USER_KEY)),
});

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseUser(text: string | null): PublicUser | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as PublicUser;
  } catch {
    return null;
  }
}

export function signInLocally(token: string, user: PublicUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  authState.token = token;
  authState.user = user;
  authState.status = "authenticated";
}

export function updateUserLocally(user: PublicUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  authState.user = user;
}

/** Forgets token and user; protected routes then send the visitor to /signin. */
export function signOutLocally(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  authState.token = null;
  authState.user = null;
  authState.status = "anonymous";
  // This browser's copies of transcripts go with the session (decision 030); loaded only now.
  void import("../editor/open/local-copy").then((m) => m.clearLocalCopies()).catch(() => {});
}

// Every API call carries this session's token, and a 401 ends it (api/client.ts).
connectCredentials({ token: () => authState.token, ended: signOutLocally });
