// Every user-facing text the spec fixes, in one place, shared by Worker and SPA.
export const MESSAGES = {
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 8 characters long",
  passwordTooCommon: "This password is too common or has appeared in a data breach. Please choose a less guessable one.",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  fullNameRequired: "Full name is required",
  passwordRequired: "Password is required",
  emailTaken: "An account with this email already exists. Please sign in instead.",
  invalidCredentials: "Invalid email or password",
  emailNotConfirmed:
    "Please confirm your email address before signing in. Check your inbox for the confirmation link.",
  invalidResetToken: "Invalid reset token. Please request a new password reset.",
  expiredResetToken: "This password reset link is invalid or has expired. Please request a new password reset.",
  invalidConfirmToken: "Invalid confirmation link. No token provided.",
  expiredConfirmToken: "This confirmation link is invalid or has expired.",
  unauthorized: "Authentication required",
  sessionExpired: "Your session has expired. Please sign in again.",
  tooManyRequests: "Too many attempts. Please wait a minute and try again.",
  googleNotConfigured: "Google sign-in is not configured",
  googleTokenInvalid: "Google sign-in failed: the Google token could not be verified",
  googleEmailUnverified: "Google sign-in failed: your Google e-mail address is not verified",
  notFound: "Not found",
  invalidJson: "Request body must be valid JSON",
  internalError: "Something went wrong on our side. Please try again.",
  bodyTooLarge: "The request body is too large (at most 1 MB of JSON).",

  signupSuccess: "Account created successfully! Please check your email to confirm your account before signing in.",
  resetSuccess: "Password reset successfully! Redirecting to sign in...",
  confirmSuccess: "Email confirmed successfully! You can now sign in to your account.",
  forgotPasswordSent:
    "If an account with that email exists, we've sent you a password reset link. Please check your email.",
  loggedOut: "Signed out",

  loginFailed: "Login failed. Please check your credentials.",
  registrationFailed: "Registration failed. Please try again.",
  resetFailed: "Failed to reset password. Please try again or request a new reset link.",
  confirmFailed: "Email confirmation failed. The link may be invalid or expired.",
  googleSigninFailed: "Google signin failed. Please try again.",
  googleSignupFailed: "Google signup failed. Please try again.",
  genericError: "An error occurred. Please try again.",
  networkError: "Network Error",
} as const;

/** JSON request bodies above this size are refused (413) before they are read. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
