import { lazy, type ComponentType } from "react";

/** docs/product.md#texts: a lazily loaded part that has not arrived after 120 s fails with this text. */
export const CHUNK_TIMEOUT_MS = 120_000;
export const CHUNK_FAILED = "Loading chunk failed";

/** An import that gives up after `ms`, so a stalled download shows an error instead of a spinner forever. */
export function importWithTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(CHUNK_FAILED)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        reject(new Error(CHUNK_FAILED));
      },
    );
  });
}

/** The build a page of HTML loads: its hashed entry script (every deploy that changes a part names another). */
export function buildOf(html: string): string | null {
  return /\/assets\/index-[\w-]+\.js/.exec(html)?.[0] ?? null;
}

/**
 * Reload when the server now serves another build than the one running (its parts are
 * probably gone), but only once per build: should the new build's parts fail too, the
 * error page shows instead of a reload loop.
 */
export function shouldReload(running: string | null, served: string | null, reloadedFor: string | null): boolean {
  return running !== null && served !== null && served !== running && served !== reloadedFor;
}

const RELOADED_FOR = "chunk-reload-for-build";
const failureListeners = new Set<(error: Error) => void>();

/** Told of every part that failed for good, wherever it was asked for (a click handler too): the error page shows it. */
export function onChunkFailure(listener: (error: Error) => void): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

/** True when the page is reloading onto the server's newer build. */
async function reloadForNewBuild(): Promise<boolean> {
  try {
    const running = buildOf(document.querySelector('script[type="module"][src]')?.outerHTML ?? "");
    const served = buildOf(await (await fetch("/", { cache: "no-store" })).text());
    if (!shouldReload(running, served, sessionStorage.getItem(RELOADED_FOR))) return false;
    sessionStorage.setItem(RELOADED_FOR, served!);
    location.reload();
    return true;
  } catch {
    // Offline, or no storage: the error page (with its Reload) is the answer.
    return false;
  }
}

/**
 * Every lazily loaded part of the app comes through here. A part that fails to arrive
 * reloads the page once when a deploy replaced the build under this tab; otherwise the
 * error page shows, wherever the part was asked for. Never a silent failure.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await importWithTimeout(load);
  } catch {
    // The page is leaving for the new build: nothing more to show.
    if (await reloadForNewBuild()) return new Promise<T>(() => {});
    const error = new Error(CHUNK_FAILED);
    for (const listener of failureListeners) listener(error);
    throw error;
  }
}

/**
 * A part the page can do without (the account forms' own checks: the Worker checks the same):
 * null when it cannot be downloaded, after the same reload onto a newer build as `loadChunk`,
 * and no error page.
 */
export async function loadOptionalChunk<T>(load: () => Promise<T>, ms = 10_000): Promise<T | null> {
  try {
    return await importWithTimeout(load, ms);
  } catch {
    if (await reloadForNewBuild()) return new Promise<T>(() => {});
    return null;
  }
}

/** Asks for a part ahead of need (a pointer resting on a row): a failure says nothing here, the real load will. */
export function prefetchChunk(load: () => Promise<unknown>): void {
  importWithTimeout(load).catch(() => {});
}

/** React.lazy for a named export, through `loadChunk`. */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  type Props = M[K] extends ComponentType<infer P> ? P : never;
  return lazy(() => loadChunk(load).then((m) => ({ default: m[name] as ComponentType<Props> })));
}
