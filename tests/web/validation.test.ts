import { describe, expect, it } from "vitest";
import { registerSchema, resetPasswordSchema } from "../../common/auth";
import { fieldErrors } from "../../web/src/lib/validation";

describe("sign-up and reset validation texts", () => {
  it("reports each field with the spec's wording", () => {
    const errors = fieldErrors(registerSchema, {
      user: { email: "", full_name: " ", password: "short", password_confirmation: "short" },
    });
    expect(errors).toEqual({
      email: "Email is required",
      full_name: "Full name is required",
      password: "Password must be at least 8 characters long",
    });
  });

  it("requires matching confirmation", () => {
    const errors = fieldErrors(resetPasswordSchema, { token: "t", password: "longenough", password_confirmation: "different" });
    expect(errors).toEqual({ password_confirmation: "Passwords do not match" });
  });

  it("accepts a valid sign-up and normalises the e-mail", () => {
    const parsed = registerSchema.parse({
      user: { email: " Ada@Example.COM ", full_name: "Ada", password: "longenough", password_confirmation: "longenough" },
    });
    expect(parsed.user.email).toBe("ada@example.com");
    expect(fieldErrors(registerSchema, { user: parsed.user })).toBeNull();
  });
});
