/** A random number in [0, 1): Math.random, or chosen numbers in tests. */
export type Random = () => number;

/**
 * "Equal jitter": half of `ms` is kept, the other half drawn at random. Clients that failed
 * together (an outage, a restart) then retry spread over the window instead of in step,
 * and none waits longer than the plain backoff.
 */
export function withJitter(ms: number, random: Random = Math.random): number {
  return ms / 2 + (ms / 2) * random();
}
