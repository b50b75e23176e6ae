// Who else has the open file: the roster the file socket fills, read by the presence bar and
// the utterance rows. Timers are faked; the server's clock is deliberately not the tab's.
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PRESENCE_TIMINGS, type PresenceMessage, type PresencePerson } from "../../common/live-messages";
import { contrastWithWhite, initials, PERSON_COLOURS, personColour, PresenceRoster } from "../../web/src/live/presence";

const SELF = "me";
/** The server's clock runs an hour behind the tab's: ages are read from the message, not from the tab's clock. */
const serverNow = () => new Date(Date.now() - 3_600_000);
const ago = (ms: number) => new Date(serverNow().getTime() - ms).toISOString();

function person(user_id: string, name: string, utterance_id: string | null = null, seenAgoMs = 0): PresencePerson {
  return { user_id, name, utterance_id, seen_at: ago(seenAgoMs) };
}

const message = (people: PresencePerson[], file_id = "f1"): PresenceMessage => ({ type: "presence", file_id, people });

function setup() {
  const said: string[] = [];
  const roster = new PresenceRoster({ announce: (m) => said.push(m) });
  roster.open("f1", SELF);
  return { roster, said };
}

describe("presence roster", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-01T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("leaves the receiving user out", () => {
    const { roster } = setup();
    roster.receive(message([person(SELF, "Me Myself", "u1"), person("ana", "Ana Lopez", "u2")]));
    expect(roster.people().map((p) => p.userId)).toEqual(["ana"]);
    expect(roster.at("u1")).toEqual([]);
    expect(roster.at("u2").map((p) => p.name)).toEqual(["Ana Lopez"]);
  });

  it("drops a person not heard from for the gone window, however wrong the server's clock is", () => {
    const { roster, said } = setup();
    roster.receive(message([person(SELF, "Me"), person("ana", "Ana Lopez", "u1")]));
    vi.advanceTimersByTime(PRESENCE_TIMINGS.goneAfterMs - 1);
    expect(roster.people()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(roster.people()).toEqual([]);
    expect(roster.at("u1")).toEqual([]);
    expect(said.at(-1)).toBe("Ana Lopez left this file.");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps a person whose tab repeats itself, and counts their age from the message", () => {
    const { roster } = setup();
    // Ana was last heard 20 s before Bo, the newest: she is gone 10 s from now unless heard again.
    roster.receive(message([person("bo", "Bo Li", null, 0), person("ana", "Ana Lopez", null, 20_000)]));
    vi.advanceTimersByTime(PRESENCE_TIMINGS.goneAfterMs - 20_000);
    expect(roster.people().map((p) => p.userId)).toEqual(["bo"]);
    roster.receive(message([person("bo", "Bo Li", null, 0)]));
    vi.advanceTimersByTime(PRESENCE_TIMINGS.goneAfterMs - 1);
    expect(roster.people().map((p) => p.userId)).toEqual(["bo"]);
  });

  it("leaves out a person already past the window when the message comes", () => {
    const { roster } = setup();
    roster.receive(message([person("bo", "Bo Li"), person("ana", "Ana Lopez", null, PRESENCE_TIMINGS.goneAfterMs)]));
    expect(roster.people().map((p) => p.userId)).toEqual(["bo"]);
  });

  it("announces arrivals and departures politely, never a caret's move", () => {
    const { roster, said } = setup();
    roster.receive(message([person(SELF, "Me")]));
    expect(said).toEqual([]);
    roster.receive(message([person(SELF, "Me"), person("ana", "Ana Lopez")]));
    roster.receive(message([person(SELF, "Me"), person("ana", "Ana Lopez", "u3")]));
    roster.receive(message([person(SELF, "Me"), person("ana", "Ana Lopez", "u3"), person("bo", "Bo Li"), person("cy", "Cy Young")]));
    roster.receive(message([person(SELF, "Me"), person("cy", "Cy Young")]));
    expect(said).toEqual([
      "Ana Lopez has this file open.",
      "Bo Li and Cy Young have this file open.",
      "Ana Lopez and Bo Li left this file.",
    ]);
  });

  it("tells only the rows whose people changed", () => {
    const { roster } = setup();
    const told: string[] = [];
    for (const id of ["u1", "u2", "u3"]) roster.subscribeUtterance(id, () => told.push(id));
    roster.receive(message([person("ana", "Ana Lopez", "u1"), person("bo", "Bo Li", "u3")]));
    expect(told.sort()).toEqual(["u1", "u3"]);
    told.length = 0;
    // Ana moves to u2; Bo stays (heard again): u3's row is not drawn again.
    const u3Before = roster.at("u3");
    roster.receive(message([person("ana", "Ana Lopez", "u2"), person("bo", "Bo Li", "u3")]));
    expect(told.sort()).toEqual(["u1", "u2"]);
    expect(roster.at("u3")).toBe(u3Before);
  });

  it("gives the bar a new list only when it changed", () => {
    const { roster } = setup();
    let told = 0;
    roster.subscribe(() => told++);
    roster.receive(message([person("ana", "Ana Lopez", "u1")]));
    const first = roster.people();
    vi.advanceTimersByTime(5_000);
    roster.receive(message([person("ana", "Ana Lopez", "u1")]));
    expect(roster.people()).toBe(first);
    expect(told).toBe(1);
  });

  it("ignores another file's messages, and forgets everyone when the file closes", () => {
    const { roster, said } = setup();
    roster.receive(message([person("ana", "Ana Lopez", "u1")], "other"));
    expect(roster.people()).toEqual([]);
    roster.receive(message([person("ana", "Ana Lopez", "u1")]));
    roster.close();
    expect(roster.people()).toEqual([]);
    expect(roster.at("u1")).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    // Closing says nothing: the user left, not the others.
    expect(said).toEqual(["Ana Lopez has this file open."]);
  });
});

describe("a person's badge", () => {
  it("takes the initials of the first and last names", () => {
    expect(initials("Ana Lopez")).toBe("AL");
    expect(initials("  jean-paul de la  sartre ")).toBe("JS");
    expect(initials("cher")).toBe("C");
    expect(initials("Łukasz Żak")).toBe("ŁŻ");
    expect(initials("😀 Smile")).toBe("😀S");
    expect(initials("   ")).toBe("?");
  });

  it("gives everyone the same colour every time, from a palette readable under white text", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), (id) => {
        const colour = personColour(id);
        expect(PERSON_COLOURS).toContain(colour);
        expect(personColour(id)).toBe(colour);
      }),
    );
    for (const colour of PERSON_COLOURS) expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5);
  });

  it("spreads ids over the palette", () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => personColour(`user-${i}`)));
    expect(used.size).toBe(PERSON_COLOURS.length);
  });
});
