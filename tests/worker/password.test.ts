// Password hashes: the standard scrypt parameters (the cheap ones only speed up test runs),
// verification, and rehashing of hashes made with weaker parameters.
import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, scryptParamsFor, verifyPassword } from "../../worker/auth/password";

describe("password hashes", () => {
  it("are scrypt with N=2^14, r=8, p=5 by default, and verify only the right password", async () => {
    const standard = scryptParamsFor("standard");
    const stored = await hashPassword("correct horse battery", standard);
    expect(stored).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(needsRehash(stored, standard)).toBe(false);
  });

  it("asks to rehash a hash made with weaker parameters than the configured ones", async () => {
    const low = await hashPassword("pw", scryptParamsFor("low"));
    expect(needsRehash(low, scryptParamsFor("standard"))).toBe(true);
    expect(needsRehash(low, scryptParamsFor("low"))).toBe(false);
    expect(needsRehash("not a hash", scryptParamsFor("low"))).toBe(true);
  });
});
