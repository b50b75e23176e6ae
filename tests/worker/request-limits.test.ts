// Limits that keep one client from hurting everyone: JSON bodies are capped
// before they are read; names with text-direction controls are refused.
import { describe, expect, it } from "vitest";
import { BIDI_MESSAGE } from "../../core/plain-text";
import { JSON_BODY_MAX_BYTES, MESSAGES } from "../../common/messages";
import { call, expectOk, post, typedApi } from "./helpers";
import { createUser } from "./library-helpers";

describe("request limits", () => {
  it("refuses a JSON body over 1 MB with 413 {error}, on anonymous routes too", async () => {
    const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(JSON_BODY_MAX_BYTES) });
    const res = await post("/auth/login", big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: MESSAGES.bodyTooLarge });
    // Just under the cap is read (and answered on its merits).
    const fine = await post("/auth/login", JSON.stringify({ email: "a@example.com", password: "x".repeat(1000) }));
    expect(fine.status).not.toBe(413);
  });

  it("refuses folder and file names with text-direction controls", async () => {
    const user = await createUser("bidi");
    const folder = await call("POST", "/folders", { folder: { name: "invoice\u202Efdp.exe" } }, { token: user.token });
    expect(folder.status).toBe(422);
    expect(folder.body).toEqual({ error: BIDI_MESSAGE });
    const upload = await call(
      "POST",
      "/audio_files/upload-url",
      { filename: "clip\u2066.wav", content_type: "audio/wav", file_size: 10 },
      { token: user.token },
    );
    expect(upload.status).toBe(422);
    expect(upload.body).toEqual({ error: BIDI_MESSAGE });
    await expectOk(await typedApi({ token: user.token }).folders.$post({ json: { folder: { name: "Plain name" } } }), 201);
  });
});
