// A stand-in for the browser's Web Locks API (navigator.locks), which Node lacks: the
// pages of one browser share the locks, a request waits its turn (or, with ifAvailable,
// gets null at once), a signal withdraws a waiting request, and closing a page frees
// every lock it held and withdraws its requests.

type Callback = (lock: { name: string } | null) => unknown;

interface Waiter {
  name: string;
  page: FakePage;
  grant: () => void;
  withdraw: (reason: unknown) => void;
}

export class FakeBrowser {
  readonly held = new Map<string, FakePage>();
  private waiters: Waiter[] = [];

  page(): FakePage {
    return new FakePage(this);
  }

  /** @internal */
  request(page: FakePage, name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: Callback): Promise<unknown> {
    if (page.closed) return Promise.reject(new Error("The page is closed"));
    const busy = this.held.has(name) || this.waiters.some((w) => w.name === name);
    if (options.ifAvailable && busy) return Promise.resolve().then(() => callback(null));
    if (options.signal?.aborted) return Promise.reject(options.signal.reason);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        name,
        page,
        grant: () => {
          this.held.set(name, page);
          Promise.resolve()
            .then(() => callback({ name }))
            .then(
              (value) => {
                this.release(name, page);
                resolve(value);
              },
              (error: unknown) => {
                this.release(name, page);
                reject(error);
              },
            );
        },
        withdraw: reject,
      };
      options.signal?.addEventListener("abort", () => {
        if (!this.waiters.includes(waiter)) return;
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(options.signal!.reason);
      });
      if (busy) this.waiters.push(waiter);
      else waiter.grant();
    });
  }

  /** @internal */
  close(page: FakePage): void {
    for (const waiter of this.waiters.filter((w) => w.page === page)) waiter.withdraw(new Error("The page is closed"));
    this.waiters = this.waiters.filter((w) => w.page !== page);
    for (const [name, holder] of [...this.held]) if (holder === page) this.release(name, page);
  }

  private release(name: string, page: FakePage): void {
    if (this.held.get(name) !== page) return;
    this.held.delete(name);
    const next = this.waiters.find((w) => w.name === name);
    if (!next) return;
    this.waiters = this.waiters.filter((w) => w !== next);
    next.grant();
  }
}

export class FakePage {
  closed = false;

  constructor(private readonly browser: FakeBrowser) {}

  /** Typed as the browser's LockManager: only `request` is used. */
  readonly locks = {
    request: (name: string, a: { ifAvailable?: boolean; signal?: AbortSignal } | Callback, b?: Callback) =>
      typeof a === "function" ? this.browser.request(this, name, {}, a) : this.browser.request(this, name, a, b!),
  } as unknown as LockManager;

  close(): void {
    this.closed = true;
    this.browser.close(this);
  }
}
