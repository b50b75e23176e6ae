// Which tabs are still open, through the Web Locks API (navigator.locks): every tab
// holds a lock named for its tab id for as long as it lives, and the browser frees it
// when the tab goes. A free lock therefore names a closed tab (decision 035).

/** The part of navigator.locks used here. */
export type LockRequester = Pick<LockManager, "request">;

export interface TabLocks {
  /** Holds this tab's lock until the page goes. */
  hold(tab: string): void;
  /** Runs `fn` holding a tab's lock when that tab is closed now; false (fn not run) while it lives. */
  ifClosed(tab: string, fn: () => Promise<void>): Promise<boolean>;
  /** Runs `fn` holding a tab's lock once that tab has closed, unless `signal` aborts first. */
  whenClosed(tab: string, fn: () => Promise<void>, signal: AbortSignal): void;
}

const lockName = (tab: string) => `transcribe-tab:${tab}`;

export function tabLocks(locks: LockRequester): TabLocks {
  const held = new Set<string>();
  return {
    hold(tab) {
      if (held.has(tab)) return;
      held.add(tab);
      // Never settles: the browser frees the lock when the page goes.
      locks.request(lockName(tab), () => new Promise<never>(() => {})).catch(() => {});
    },
    async ifClosed(tab, fn) {
      let closed = false;
      await locks.request(lockName(tab), { ifAvailable: true }, async (lock) => {
        if (!lock) return;
        closed = true;
        await fn();
      });
      return closed;
    },
    whenClosed(tab, fn, signal) {
      // Aborted when the file closes first: the request is withdrawn.
      locks.request(lockName(tab), { signal }, fn).catch((error: unknown) => {
        if (!signal.aborted) console.warn("A closed tab's unsent edits were not taken over", error);
      });
    },
  };
}

let shared: TabLocks | null | undefined;

/** This browser's Web Locks, or null where there are none (a tab then cannot tell whether another is open). */
export function browserTabLocks(): TabLocks | null {
  shared ??= typeof navigator !== "undefined" && navigator.locks ? tabLocks(navigator.locks) : null;
  return shared;
}
