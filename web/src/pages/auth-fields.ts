// The account pages' fields, named as the API names them (so its field errors land under them).
import type { FieldSpec } from "../components/Field";

export const EMAIL_FIELD: FieldSpec<"email"> = { name: "email", label: "Email", type: "email", autoComplete: "email" };

export const SIGN_IN_FIELDS: FieldSpec<"email" | "password">[] = [
  EMAIL_FIELD,
  { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
];

export const SIGN_UP_FIELDS: FieldSpec<"full_name" | "email" | "password" | "password_confirmation">[] = [
  { name: "full_name", label: "Full name", autoComplete: "name" },
  EMAIL_FIELD,
  { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
  { name: "password_confirmation", label: "Confirm password", type: "password", autoComplete: "new-password" },
];

export const RESET_FIELDS: FieldSpec<"password" | "password_confirmation">[] = [
  { name: "password", label: "New password", type: "password", autoComplete: "new-password" },
  { name: "password_confirmation", label: "Confirm new password", type: "password", autoComplete: "new-password" },
];
