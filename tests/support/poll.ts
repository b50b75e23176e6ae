// The one way tests wait: ask again until the answer is the awaited one (never a fixed sleep
// that hopes work is done), or, to show that something does NOT happen, wait a named quiet spell.

/** Reads until `ok` holds for the answer or `ms` pass; answers the last read (the caller asserts on it). */
export async function eventually<T>(
  read: () => Promise<T> | T,
  ok: (value: T) => boolean,
  o: { ms?: number; every?: number } = {},
): Promise<T> {
  const end = Date.now() + (o.ms ?? 30_000);
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await pause(o.every ?? 50);
    value = await read();
  }
  return value;
}

/** Until `check` holds or `ms` pass; answers whether it holds. */
export async function until(check: () => boolean, ms = 3000): Promise<boolean> {
  return eventually(check, Boolean, { ms, every: 10 });
}

/**
 * A spell in which a message or a write that should not come would have come: only for showing
 * that something does not happen (anything awaited goes through `eventually`).
 */
export const quietFor = (ms: number) => pause(ms);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
