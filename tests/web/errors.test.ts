import { describe, expect, it } from "vitest";
import { ApiRequestError, describeError, messageFromBody } from "../../web/src/api/errors";

describe("failed-call text (docs/product.md#texts)", () => {
  it("prefers the error field", () => {
    expect(messageFromBody({ error: "Bad thing", errors: ["a", "b"] })).toBe("Bad thing");
  });
  it("joins the errors field with commas", () => {
    expect(messageFromBody({ errors: ["Email is required", "Passwords do not match"] })).toBe("Email is required, Passwords do not match");
  });
  it("has nothing to say for other bodies", () => {
    expect(messageFromBody(null)).toBeNull();
    expect(messageFromBody("oops")).toBeNull();
    expect(messageFromBody({ error: "" })).toBeNull();
  });
  it("falls back to the exception message, then the default", () => {
    expect(describeError(new ApiRequestError("Network Error", 0), "Login failed")).toBe("Network Error");
    expect(describeError({}, "Login failed. Please check your credentials.")).toBe("Login failed. Please check your credentials.");
  });
});
