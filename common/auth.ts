import * as z from "zod";
import { LIMITS } from "./limits";
import { MESSAGES } from "./messages";
import type { Preferences } from "./preferences";

const email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }))
  .transform((value) => value.toLowerCase());

const newPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .min(LIMITS.minPasswordLength, MESSAGES.passwordTooShort)
  .max(1024, "Password must be at most 1024 characters long");

const token = (message: string, maxLength = 512) => z.string({ error: message }).trim().min(1, message).max(maxLength, message);

/** Password and confirmation must match; reported on the confirmation field. */
function withMatchingConfirmation<T extends z.ZodType<{ password: string; password_confirmation: string }>>(schema: T) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["password_confirmation"],
  });
}

export const registerSchema = z.object({
  user: withMatchingConfirmation(
    z.object({
      email,
      full_name: z
        .string({ error: MESSAGES.fullNameRequired })
        .trim()
        .min(1, MESSAGES.fullNameRequired)
        .max(LIMITS.nameMaxLength, "Full name must be 255 characters or less"),
      password: newPassword,
      password_confirmation: z.string({ error: MESSAGES.passwordsDoNotMatch }),
    }),
  ),
});

export const loginSchema = z.object({
  email,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(1024, MESSAGES.invalidCredentials),
});

// Google ID tokens are RS256 JWTs of roughly 1-1.5 kB (the signature alone is 342 characters).
export const googleSchema = z.object({ id_token: token(MESSAGES.googleTokenInvalid, 8192) });
export const confirmEmailSchema = z.object({ token: token(MESSAGES.invalidConfirmToken) });
export const forgotPasswordSchema = z.object({ email });
export const resendConfirmationSchema = z.object({ email });
export const resetPasswordSchema = withMatchingConfirmation(
  z.object({
    token: token(MESSAGES.invalidResetToken),
    password: newPassword,
    password_confirmation: z.string({ error: MESSAGES.passwordsDoNotMatch }),
  }),
);

export const PASSWORD_CHANGE_MESSAGES = {
  wrongCurrent: "Your current password is not correct",
  noPassword: 'This account has no password yet: sign out and use "Forgot password?" to choose one.',
  changed: "Password changed. Your other sessions were signed out.",
  changedAndTokensRevoked: "Password changed. Your other sessions were signed out and your API tokens revoked.",
} as const;

/** PUT /auth/password, from the settings: the current password, the new one twice, and whether API tokens go too. */
export const changePasswordSchema = withMatchingConfirmation(
  z.object({
    current_password: z
      .string({ error: MESSAGES.passwordRequired })
      .min(1, MESSAGES.passwordRequired)
      .max(1024, PASSWORD_CHANGE_MESSAGES.wrongCurrent),
    password: newPassword,
    password_confirmation: z.string({ error: MESSAGES.passwordsDoNotMatch }),
    revoke_api_tokens: z.boolean({ error: "revoke_api_tokens must be true or false" }).default(false),
  }),
);

/** The user as the API returns it. */
export interface PublicUser {
  id: string;
  email: string;
  full_name: string;
  created_at: string;
  email_confirmed: boolean;
  preferences: Preferences;
}

export interface AuthSuccess {
  token: string;
  user: PublicUser;
}
