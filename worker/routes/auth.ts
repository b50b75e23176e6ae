import { Hono, type Context } from "hono";
import {
  changePasswordSchema,
  confirmEmailSchema,
  forgotPasswordSchema,
  googleSchema,
  loginSchema,
  registerSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
} from "../../common/auth";
import { MESSAGES } from "../../common/messages";
import { requireAuth, requireSession } from "../auth/middleware";
import { enforceAuthRateLimit } from "../auth/rate-limit";
import * as auth from "../auth/service";
import { revokeSession } from "../auth/sessions";
import { endLiveSessions } from "../objects";
import { toPublicUser } from "../auth/users";
import { validate } from "../lib/validate";
import { createMailer } from "../mail/mailer";
import type { AppEnv } from "../types";
import * as z from "zod";
import { messageSchema, routeDocs } from "../lib/openapi";
import { authSuccessSchema, publicUserSchema } from "../../common/response-schemas";

function deps(c: Context<AppEnv>): auth.AuthDeps {
  const { db, config } = c.var;
  return { db, config, mailer: createMailer(c.env, config, db), appUrl: config.APP_URL };
}

const doc = routeDocs("Account");

export const authRoutes = new Hono<AppEnv>()
  // Answers carry tokens and account data: never stored by a browser or a proxy.
  .use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  })
  .get(
    "/config",
    doc({
      summary: "Sign-in options of this deployment",
      access: "public",
      response: z.object({ google_client_id: z.string().nullable() }),
    }),
    (c) => c.json({ google_client_id: c.var.config.GOOGLE_CLIENT_ID }),
  )
  .post(
    "/register",
    doc({ summary: "Create an account", access: "public", status: 201, response: messageSchema, errors: [429] }),
    validate("json", registerSchema),
    async (c) => {
      const { user } = c.req.valid("json");
      await enforceAuthRateLimit(c, "register", user.email);
      return c.json(await auth.register(deps(c), user), 201);
    },
  )
  .post(
    "/login",
    doc({
      summary: "Sign in with e-mail and password",
      access: "public",
      response: authSuccessSchema,
      responseDescription: "The session token to send as `Authorization: Bearer`, and its user",
      errors: [401, 403, 429],
    }),
    validate("json", loginSchema),
    async (c) => {
      const input = c.req.valid("json");
      await enforceAuthRateLimit(c, "login", input.email);
      return c.json(await auth.login(deps(c), input), 200);
    },
  )
  .post(
    "/google",
    doc({ summary: "Sign in with a Google ID token", access: "public", response: authSuccessSchema, errors: [401, 404] }),
    validate("json", googleSchema),
    async (c) => {
      return c.json(await auth.googleSignIn(deps(c), c.req.valid("json").id_token), 200);
    },
  )
  .post(
    "/confirm-email",
    doc({ summary: "Confirm an e-mail address", access: "public", response: messageSchema }),
    validate("json", confirmEmailSchema),
    async (c) => {
      return c.json(await auth.confirmEmail(deps(c), c.req.valid("json").token), 200);
    },
  )
  .post(
    "/resend-confirmation",
    doc({ summary: "Send the confirmation e-mail again", access: "public", response: messageSchema, errors: [429] }),
    validate("json", resendConfirmationSchema),
    async (c) => {
      const { email } = c.req.valid("json");
      await enforceAuthRateLimit(c, "resend-confirmation", email);
      return c.json(await auth.resendConfirmation(deps(c), email), 200);
    },
  )
  .post(
    "/forgot-password",
    doc({ summary: "Send a password reset link", access: "public", response: messageSchema, errors: [429] }),
    validate("json", forgotPasswordSchema),
    async (c) => {
      const { email } = c.req.valid("json");
      await enforceAuthRateLimit(c, "forgot-password", email);
      return c.json(await auth.forgotPassword(deps(c), email), 200);
    },
  )
  .post(
    "/reset-password",
    doc({
      summary: "Set a new password with a reset token",
      description: "Ends every session of the account and revokes all its API tokens.",
      access: "public",
      response: messageSchema,
    }),
    validate("json", resetPasswordSchema),
    async (c) => {
      const { userId, ...answer } = await auth.resetPassword(deps(c), c.req.valid("json"));
      // Every session ended with the old password: so do their live sockets.
      await endLiveSessions(c.env, userId, "all");
      return c.json(answer, 200);
    },
  )
  .put(
    "/password",
    doc({
      summary: "Change your password",
      description:
        "Needs the current password. Ends every other session of the account; with `revoke_api_tokens: true` also revokes all its API tokens. Limited like sign-in attempts.",
      access: "session",
      response: z.object({ message: z.string(), revoked_api_tokens: z.number().int() }),
      errors: [429],
    }),
    requireSession,
    validate("json", changePasswordSchema, [
      {
        current_password: "the old passphrase",
        password: "a new long passphrase",
        password_confirmation: "a new long passphrase",
        revoke_api_tokens: true,
      },
    ]),
    async (c) => {
      const { user, sessionId } = c.var;
      // Someone holding a session must not be able to guess the password behind it quickly.
      await enforceAuthRateLimit(c, "change-password", user.email);
      const { endedSessions, ...answer } = await auth.changePassword(deps(c), user, sessionId, c.req.valid("json"));
      if (endedSessions.length) await endLiveSessions(c.env, user.id, endedSessions);
      return c.json(answer, 200);
    },
  )
  .get(
    "/validate",
    doc({ summary: "Check a token and get its user", response: z.object({ valid: z.literal(true), user: publicUserSchema }) }),
    requireAuth,
    (c) => c.json({ valid: true as const, user: toPublicUser(c.var.user) }, 200),
  )
  .post(
    "/logout",
    doc({ summary: "Sign out (ends this session)", access: "session", response: messageSchema }),
    requireSession,
    async (c) => {
      await revokeSession(c.var.db, c.var.sessionId);
      await endLiveSessions(c.env, c.var.user.id, [c.var.sessionId]);
      return c.json({ message: MESSAGES.loggedOut }, 200);
    },
  );
