import { describe, expect, it } from "vitest";
import { sharedMediaTtlSeconds } from "../../worker/shares/media-ttl";
import { redactSecrets } from "../../worker/shares/redact";

describe("share links", () => {
  it("keep their secret out of our own logs", () => {
    expect(redactSecrets("/api/v1/shared/abcDEF_123-xyz/utterances")).toBe("/api/v1/shared/[secret]/utterances");
    expect(redactSecrets("/s/abcDEF_123-xyz")).toBe("/s/[secret]");
    // A shared media token plays the recording while it lasts: it is as secret as the link.
    expect(redactSecrets("/api/v1/shared-media/0f8e.1700000000.ab12")).toBe("/api/v1/shared-media/[secret]");
    expect(redactSecrets("/api/v1/shares/0f8e")).toBe("/api/v1/shares/0f8e");
    expect(redactSecrets("/api/v1/audio_files/x/shares")).toBe("/api/v1/audio_files/x/shares");
  });

  it("issue media links for one listening: an hour at least, four at most", () => {
    expect(sharedMediaTtlSeconds(null)).toBe(3600);
    expect(sharedMediaTtlSeconds(60)).toBe(3600);
    expect(sharedMediaTtlSeconds(2 * 3600)).toBe(2.5 * 3600);
    expect(sharedMediaTtlSeconds(10 * 3600)).toBe(4 * 3600);
  });
});
