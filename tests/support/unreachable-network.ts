// The network when a host cannot be reached: every fetch fails as the runtime's does when a
// connection cannot be made. The worker tests' outbound service answers every request (a thrown
// handler becomes a 500), so a test that needs a host that never answers runs under this.
export async function withUnreachableNetwork<T>(run: () => Promise<T>): Promise<T> {
  const real = globalThis.fetch;
  globalThis.fetch = async () => {
    throw new TypeError("Network connection lost.");
  };
  try {
    return await run();
  } finally {
    globalThis.fetch = real;
  }
}
