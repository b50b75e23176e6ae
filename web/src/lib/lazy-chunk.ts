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

/** React.lazy for a named export, with the timeout above. */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  type Props = M[K] extends ComponentType<infer P> ? P : never;
  return lazy(() => importWithTimeout(load).then((m) => ({ default: m[name] as ComponentType<Props> })));
}
