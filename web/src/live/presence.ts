// Who else has the open file, and the utterance each one's caret is in: the one owner of
// presence in a tab. The file socket fills it; the presence bar reads the list and each
// utterance row reads only its own people, so a move redraws the rows it touches and no other.
import { PRESENCE_TIMINGS, type PresenceMessage } from "../../../common/live-messages";
import { announce as announceToReaders } from "../lib/announcer";

export interface Person {
  userId: string;
  name: string;
  initials: string;
  colour: string;
  /** Null: the file is open, the caret in no utterance. */
  utteranceId: string | null;
}

/**
 * Badge colours under white text, each with a contrast of at least 4.5:1 (WCAG AA), in
 * either theme; the speaker palette is text colour on the page and would not do.
 */
export const PERSON_COLOURS = ["#1d4ed8", "#b91c1c", "#15803d", "#7e22ce", "#a16207", "#0e7490", "#be185d", "#c2410c"] as const;

/** One colour per person, the same on every screen: FNV-1a of the user id picks it. */
export function personColour(userId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193);
  return PERSON_COLOURS[(hash >>> 0) % PERSON_COLOURS.length]!;
}

/** WCAG contrast of white text on `hex` (#rrggbb). */
export function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}

/** The first letters of the first and last names ("?" for none). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return "?";
  const first = (word: string) => Array.from(word)[0]!.toLocaleUpperCase();
  return words.length === 1 ? first(words[0]!) : first(words[0]!) + first(words.at(-1)!);
}

/** "A", "A and B", "A, B and C". */
export function listed(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

const NOBODY: readonly Person[] = Object.freeze([]);

export interface PresenceOptions {
  announce?: (message: string) => void;
  now?: () => number;
}

export class PresenceRoster {
  private fileId: string | null = null;
  private selfId = "";
  private list: readonly Person[] = NOBODY;
  private byUtterance = new Map<string, readonly Person[]>();
  /** When this tab last had news of each person, by its own clock. */
  private heardAt = new Map<string, number>();
  private expiry: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly rowListeners = new Map<string, Set<() => void>>();
  private readonly announce: (message: string) => void;
  private readonly now: () => number;

  constructor(options: PresenceOptions = {}) {
    this.announce = options.announce ?? announceToReaders;
    this.now = options.now ?? (() => Date.now());
  }

  /** A file socket opened for `fileId`: nobody else is known yet. */
  open(fileId: string, selfId: string): void {
    this.set(NOBODY, false);
    this.heardAt.clear();
    this.fileId = fileId;
    this.selfId = selfId;
  }

  /** The file was left: everyone is forgotten, silently (it is the user who left). */
  close(): void {
    this.set(NOBODY, false);
    this.heardAt.clear();
    this.fileId = null;
  }

  /**
   * The server's list of who is there. Their ages are read against the newest `seen_at` in
   * the message (someone just acted), so a server clock unlike the tab's does not matter.
   */
  receive(message: PresenceMessage): void {
    if (message.file_id !== this.fileId) return;
    const receivedAt = this.now();
    const newest = Math.max(...message.people.map((p) => Date.parse(p.seen_at)).filter(Number.isFinite));
    const known = new Map(this.list.map((p) => [p.userId, p]));
    const people: Person[] = [];
    this.heardAt.clear();
    for (const p of message.people) {
      const age = newest - Date.parse(p.seen_at);
      if (p.user_id === this.selfId || !(age < PRESENCE_TIMINGS.goneAfterMs)) continue;
      this.heardAt.set(p.user_id, receivedAt - age);
      const before = known.get(p.user_id);
      // The same person in the same place keeps its object: rows compare them to redraw.
      if (before && before.name === p.name && before.utteranceId === p.utterance_id) people.push(before);
      else
        people.push({
          userId: p.user_id,
          name: p.name,
          initials: initials(p.name),
          colour: personColour(p.user_id),
          utteranceId: p.utterance_id,
        });
    }
    people.sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
    this.set(people, true);
  }

  /** Everyone else with the file open, by name. The same array until it changes. */
  people(): readonly Person[] {
    return this.list;
  }

  /** The people whose caret is in this utterance. The same array until they change. */
  at(utteranceId: string): readonly Person[] {
    return this.byUtterance.get(utteranceId) ?? NOBODY;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  subscribeUtterance(utteranceId: string, listener: () => void): () => void {
    const set = this.rowListeners.get(utteranceId) ?? new Set();
    this.rowListeners.set(utteranceId, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) this.rowListeners.delete(utteranceId);
    };
  }

  private set(people: readonly Person[], tell: boolean): void {
    const before = this.list;
    const ids = (list: readonly Person[]) => new Set(list.map((p) => p.userId));
    const had = ids(before);
    const has = ids(people);
    const arrived = people.filter((p) => !had.has(p.userId)).map((p) => p.name);
    const left = before.filter((p) => !has.has(p.userId)).map((p) => p.name);
    const changed = arrived.length > 0 || left.length > 0 || people.some((p, i) => p !== before[i]);
    if (changed) this.list = people.length ? people : NOBODY;
    this.placeCarets();
    this.scheduleExpiry();
    if (!changed) return;
    if (tell && arrived.length) this.announce(`${listed(arrived)} ${arrived.length === 1 ? "has" : "have"} this file open.`);
    if (tell && left.length) this.announce(`${listed(left)} left this file.`);
    for (const listener of [...this.listeners]) listener();
  }

  /** Rebuilds who is in which utterance; only the rows whose people changed are told. */
  private placeCarets(): void {
    const next = new Map<string, Person[]>();
    for (const p of this.list) if (p.utteranceId !== null) next.set(p.utteranceId, [...(next.get(p.utteranceId) ?? []), p]);
    const touched = new Set([...this.byUtterance.keys(), ...next.keys()]);
    const placed = new Map<string, readonly Person[]>();
    const tell: string[] = [];
    for (const id of touched) {
      const old = this.byUtterance.get(id) ?? NOBODY;
      const now = next.get(id) ?? NOBODY;
      const same = old.length === now.length && old.every((p, i) => p === now[i]);
      if (same && old.length) placed.set(id, old);
      else if (now.length) placed.set(id, now);
      if (!same) tell.push(id);
    }
    this.byUtterance = placed;
    for (const id of tell) for (const listener of [...(this.rowListeners.get(id) ?? [])]) listener();
  }

  /** One timer, for whoever goes silent first. */
  private scheduleExpiry(): void {
    if (this.expiry !== null) clearTimeout(this.expiry);
    this.expiry = null;
    if (!this.list.length) return;
    const heard = (p: Person) => this.heardAt.get(p.userId) ?? 0;
    const first = Math.min(...this.list.map(heard)) + PRESENCE_TIMINGS.goneAfterMs;
    this.expiry = setTimeout(
      () => {
        this.expiry = null;
        const now = this.now();
        this.set(
          this.list.filter((p) => now - heard(p) < PRESENCE_TIMINGS.goneAfterMs),
          true,
        );
      },
      Math.max(0, first - this.now()),
    );
  }
}

/** The open file's presence in this tab (one file is open at a time). */
export const presence = new PresenceRoster();
