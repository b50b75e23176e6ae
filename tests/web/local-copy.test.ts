import "fake-indexeddb/auto";
import { createStore, set } from "idb-keyval";
import { describe, expect, it } from "vitest";
import { COPY_FORMAT, LocalCopies, MAX_COPIES, type TranscriptCopy } from "../../web/src/editor/open/local-copy";

let dbCount = 0;
const fresh = () => {
  const name = `local-copy-test-${++dbCount}`;
  return { name, copies: new LocalCopies(name) };
};
const copy = (text: string): TranscriptCopy => ({
  utterances: `{"data":"${text}"}`,
  head: `{"data":"head ${text}"}`,
  speakers: [
    {
      id: "s1",
      originalLabel: "A",
      name: null,
      role: null,
      displayName: "Speaker A",
      position: 0,
      utteranceCount: 1,
      speakingPercentage: 100,
    },
  ],
  at: 1,
});

describe("this browser's copies of transcripts", () => {
  it("gives back what was written for the same user and file, and nothing for an unknown one", async () => {
    const { copies } = fresh();
    await copies.write("u1", "f1", copy("one"));
    expect(await copies.read("u1", "f1")).toEqual(copy("one"));
    expect(await copies.read("u1", "f2")).toBeUndefined();
  });

  it("never gives one user's copy to another user", async () => {
    const { copies } = fresh();
    await copies.write("alice", "f1", copy("alice's"));
    expect(await copies.read("bob", "f1")).toBeUndefined();
    await copies.write("bob", "f1", copy("bob's"));
    expect((await copies.read("alice", "f1"))?.utterances).toBe(copy("alice's").utterances);
    expect((await copies.read("bob", "f1"))?.utterances).toBe(copy("bob's").utterances);
  });

  it("ignores a record stored under the key but naming another user or file", async () => {
    const { name, copies } = fresh();
    const store = createStore(name, "copies");
    await set(["bob", "f1"], { v: COPY_FORMAT, user: "alice", file: "f1", ...copy("alice's") }, store);
    await set(["bob", "f2"], { v: COPY_FORMAT, user: "bob", file: "f1", ...copy("bob's") }, store);
    expect(await copies.read("bob", "f1")).toBeUndefined();
    expect(await copies.read("bob", "f2")).toBeUndefined();
  });

  it("ignores a record of another shape version or with missing parts", async () => {
    const { name, copies } = fresh();
    const store = createStore(name, "copies");
    await set(["u1", "old"], { v: COPY_FORMAT - 1, user: "u1", file: "old", ...copy("old") }, store);
    await set(["u1", "newer"], { v: COPY_FORMAT + 1, user: "u1", file: "newer", ...copy("newer") }, store);
    await set(["u1", "headless"], { v: COPY_FORMAT, user: "u1", file: "headless", utterances: "{}", speakers: [] }, store);
    await set(["u1", "odd"], "not a record", store);
    for (const file of ["old", "newer", "headless", "odd"]) expect(await copies.read("u1", file)).toBeUndefined();
  });

  it("replaces a file's copy when the server's answer differs", async () => {
    const { copies } = fresh();
    await copies.write("u1", "f1", copy("version 1"));
    await copies.write("u1", "f1", copy("version 2"));
    expect(await copies.read("u1", "f1")).toEqual(copy("version 2"));
  });

  it("keeps at most MAX_COPIES, dropping the least recently written", async () => {
    const { copies } = fresh();
    for (let i = 0; i < MAX_COPIES; i++) await copies.write("u1", `f${i}`, copy(`${i}`));
    // Written again: now the most recent, so f1 is the oldest.
    await copies.write("u1", "f0", copy("0 again"));
    await copies.write("u1", "extra", copy("extra"));
    expect(await copies.read("u1", "f1")).toBeUndefined();
    expect(await copies.read("u1", "f0")).toEqual(copy("0 again"));
    expect(await copies.read("u1", "extra")).toEqual(copy("extra"));
    for (let i = 2; i < MAX_COPIES; i++) expect(await copies.read("u1", `f${i}`)).toBeDefined();
  });

  it("forgets one file, and clears every user's copies (sign-out)", async () => {
    const { copies } = fresh();
    await copies.write("alice", "f1", copy("a1"));
    await copies.write("alice", "f2", copy("a2"));
    await copies.write("bob", "f1", copy("b1"));
    await copies.forget("alice", "f2");
    expect(await copies.read("alice", "f2")).toBeUndefined();
    expect(await copies.read("alice", "f1")).toBeDefined();
    await copies.clear();
    expect(await copies.read("alice", "f1")).toBeUndefined();
    expect(await copies.read("bob", "f1")).toBeUndefined();
    // Still usable after clearing.
    await copies.write("bob", "f1", copy("b1 again"));
    expect(await copies.read("bob", "f1")).toEqual(copy("b1 again"));
  });
});
