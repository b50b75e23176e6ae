// Account flows as plain functions; the Hono handlers only parse and answer.
import { LIMITS } from "../../common/limits";
import { MESSAGES } from "../../common/messages";
import { type AuthSuccess, PASSWORD_CHANGE_MESSAGES } from "../../common/auth";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { ApiError, badRequest, conflict, forbidden, unauthorized, unprocessable } from "../lib/errors";
import type { Mailer } from "../mail/mailer";
import { confirmEmailMessage, resetPasswordMessage } from "../mail/templates";
import { consumeEmailToken, issueEmailToken, retireEmailTokens } from "./email-tokens";
import { verifyGoogleIdToken } from "./google";
import { burnPasswordCheck, hashPassword, needsRehash, scryptParamsFor, verifyPassword } from "./password";
import { assertAcceptablePassword } from "./password-policy";
import { revokeAllApiTokens } from "./api-tokens";
import { createSession, revokeAllSessions, revokeOtherSessions } from "./sessions";
import { createUser, findUserByEmail, findUserByGoogleSub, findUserById, toPublicUser, updateUser } from "./users";

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Origin the e-mailed links point at (the SPA). */
  appUrl: string;
}

async function sendConfirmation(deps: AuthDeps, user: { id: string; email: string; fullName: string }) {
  // Only the newest link works: a resend retires the ones sent before.
  await retireEmailTokens(deps.db, user.id, "confirm_email");
  const token = await issueEmailToken(deps.db, user.id, "confirm_email", LIMITS.confirmTokenTtlSeconds);
  const link = `${deps.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(confirmEmailMessage(deps.config.APP_NAME, user.email, user.fullName, link));
}

export async function register(
  deps: AuthDeps,
  input: { email: string; full_name: string; password: string },
): Promise<{ message: string }> {
  if (await findUserByEmail(deps.db, input.email)) throw conflict(MESSAGES.emailTaken);
  await assertAcceptablePassword(input.password);
  let user: Awaited<ReturnType<typeof createUser>>;
  try {
    user = await createUser(deps.db, {
      email: input.email,
      fullName: input.full_name,
      passwordHash: await hashPassword(input.password, scryptParamsFor(deps.config.PASSWORD_HASH_COST)),
      confirmed: false,
    });
  } catch (error) {
    // Two simultaneous sign-ups with one address: the unique index decides.
    if (String(error).includes("UNIQUE")) throw conflict(MESSAGES.emailTaken);
    throw error;
  }
  await sendConfirmation(deps, user);
  return { message: MESSAGES.signupSuccess };
}

export async function resendConfirmation(deps: AuthDeps, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.emailConfirmedAt) await sendConfirmation(deps, user);
  return { message: "If that account is waiting for confirmation, we've sent a new confirmation link." };
}

export async function confirmEmail(deps: AuthDeps, token: string): Promise<{ message: string }> {
  const check = await consumeEmailToken(deps.db, token, "confirm_email");
  if (!check.ok) {
    // Opening the same link twice is harmless once the address is confirmed.
    const user = check.reason === "used" && check.userId ? await findUserById(deps.db, check.userId) : undefined;
    if (user?.emailConfirmedAt) return { message: MESSAGES.confirmSuccess };
    throw badRequest(MESSAGES.expiredConfirmToken);
  }
  const user = await findUserById(deps.db, check.userId);
  if (user && !user.emailConfirmedAt) await updateUser(deps.db, user.id, { emailConfirmedAt: new Date().toISOString() });
  return { message: MESSAGES.confirmSuccess };
}

export async function login(deps: AuthDeps, input: { email: string; password: string }): Promise<AuthSuccess> {
  const user = await findUserByEmail(deps.db, input.email);
  const params = scryptParamsFor(deps.config.PASSWORD_HASH_COST);
  if (!user?.passwordHash) {
    await burnPasswordCheck(input.password, params);
    throw unauthorized(MESSAGES.invalidCredentials);
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) throw unauthorized(MESSAGES.invalidCredentials);
  if (!user.emailConfirmedAt) throw forbidden(MESSAGES.emailNotConfirmed);
  const current = needsRehash(user.passwordHash, params)
    ? await updateUser(deps.db, user.id, { passwordHash: await hashPassword(input.password, params) })
    : user;
  const token = await createSession(deps.db, deps.config.JWT_SECRET, user.id);
  return { token, user: toPublicUser(current) };
}

export async function forgotPassword(deps: AuthDeps, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.db, email);
  if (user) {
    const token = await issueEmailToken(deps.db, user.id, "reset_password", LIMITS.resetTokenTtlSeconds);
    const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await deps.mailer.send(resetPasswordMessage(deps.config.APP_NAME, user.email, user.fullName, link));
  }
  // Same answer either way: the form must not reveal who has an account.
  return { message: MESSAGES.forgotPasswordSent };
}

export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string },
): Promise<{ message: string; userId: string }> {
  // Checked before the link is used up, so the user can try another password with it.
  await assertAcceptablePassword(input.password);
  const check = await consumeEmailToken(deps.db, input.token, "reset_password");
  if (!check.ok) throw badRequest(MESSAGES.expiredResetToken);
  const user = await findUserById(deps.db, check.userId);
  if (!user) throw badRequest(MESSAGES.expiredResetToken);
  await updateUser(deps.db, user.id, {
    passwordHash: await hashPassword(input.password, scryptParamsFor(deps.config.PASSWORD_HASH_COST)),
    // Following the e-mailed link proves the address.
    emailConfirmedAt: user.emailConfirmedAt ?? new Date().toISOString(),
  });
  await retireEmailTokens(deps.db, user.id, "reset_password");
  await revokeAllSessions(deps.db, user.id);
  // Whoever knew the old password may have made tokens with it: a reset ends them too.
  await revokeAllApiTokens(deps.db, user.id);
  return { message: MESSAGES.resetSuccess, userId: user.id };
}

/**
 * A new password from the settings, proven by the current one: the other sessions end, and the
 * API tokens too when asked. Answers the ended sessions, for their live sockets.
 */
export async function changePassword(
  deps: AuthDeps,
  user: UserRow,
  sessionId: string,
  input: { current_password: string; password: string; revoke_api_tokens: boolean },
): Promise<{ message: string; revoked_api_tokens: number; endedSessions: string[] }> {
  if (!user.passwordHash) throw unprocessable(PASSWORD_CHANGE_MESSAGES.noPassword);
  if (!(await verifyPassword(input.current_password, user.passwordHash))) throw unprocessable(PASSWORD_CHANGE_MESSAGES.wrongCurrent);
  await assertAcceptablePassword(input.password);
  await updateUser(deps.db, user.id, { passwordHash: await hashPassword(input.password, scryptParamsFor(deps.config.PASSWORD_HASH_COST)) });
  const endedSessions = await revokeOtherSessions(deps.db, user.id, sessionId);
  const revoked = input.revoke_api_tokens ? await revokeAllApiTokens(deps.db, user.id) : 0;
  return {
    message: input.revoke_api_tokens ? PASSWORD_CHANGE_MESSAGES.changedAndTokensRevoked : PASSWORD_CHANGE_MESSAGES.changed,
    revoked_api_tokens: revoked,
    endedSessions,
  };
}

export async function googleSignIn(deps: AuthDeps, idToken: string): Promise<AuthSuccess> {
  const clientId = deps.config.GOOGLE_CLIENT_ID;
  if (!clientId) throw new ApiError(400, MESSAGES.googleNotConfigured);
  const check = await verifyGoogleIdToken(idToken, clientId, deps.config.GOOGLE_JWKS_URL);
  if (!check.ok) throw unauthorized(check.reason === "unverified" ? MESSAGES.googleEmailUnverified : MESSAGES.googleTokenInvalid);
  const { sub, email, name } = check.identity;

  let user = await findUserByGoogleSub(deps.db, sub);
  if (!user) {
    const byEmail = await findUserByEmail(deps.db, email);
    if (byEmail) {
      user = await updateUser(deps.db, byEmail.id, {
        googleSub: sub,
        emailConfirmedAt: byEmail.emailConfirmedAt ?? new Date().toISOString(),
        // An unconfirmed password was set by someone who never proved the
        // address; Google just did, so that password must not keep working.
        passwordHash: byEmail.emailConfirmedAt ? byEmail.passwordHash : null,
      });
    } else {
      user = await createUser(deps.db, {
        email,
        fullName: name?.trim() || email.split("@")[0]!,
        passwordHash: null,
        googleSub: sub,
        confirmed: true,
      });
    }
  }
  const token = await createSession(deps.db, deps.config.JWT_SECRET, user.id);
  return { token, user: toPublicUser(user) };
}
