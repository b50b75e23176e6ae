import { proxy } from "valtio";
import { LIMITS } from "../../../common/limits";
import { type EditorClock, systemClock } from "../../../core/clock";

export type ToastType = "success" | "error" | "info";

export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  /** null: stays until closed. */
  duration: number | null;
  leaving: boolean;
  downloadUrl?: string;
  filename?: string;
  /** A Download button that fetches its link when clicked (links are short-lived). */
  download?: () => void | Promise<void>;
}

export const toastState = proxy<{ toasts: Toast[] }>({ toasts: [] });
let nextId = 1;

/** The clock toasts time out by (tests inject a fake). */
let clock: EditorClock = systemClock;
export function setToastClock(next: EditorClock): void {
  clock = next;
}

/** A running dismissal: what is left of its time, and since when it has been counting down. */
interface Countdown {
  remaining: number;
  since: number;
  handle: unknown;
  /** Hover and focus each hold it; it runs again only when neither does. */
  holds: Set<"hover" | "focus">;
}
const countdowns = new Map<number, Countdown>();

export function dismissToast(id: number): void {
  const toast = toastState.toasts.find((t) => t.id === id);
  const countdown = countdowns.get(id);
  if (countdown && countdown.handle !== null) clock.clearTimeout(countdown.handle);
  countdowns.delete(id);
  if (!toast || toast.leaving) return;
  toast.leaving = true;
  clock.setTimeout(() => {
    toastState.toasts = toastState.toasts.filter((t) => t.id !== id);
  }, LIMITS.toastFadeMs);
}

/**
 * Shows a toast. Errors stay until closed (they may need reading twice); others leave after the
 * default duration unless `duration` says otherwise (null: until closed).
 */
export function toast(
  message: string,
  type: ToastType = "info",
  options: { duration?: number | null; downloadUrl?: string; filename?: string; download?: () => void | Promise<void> } = {},
): number {
  const id = nextId++;
  const duration = options.duration !== undefined ? options.duration : type === "error" ? null : LIMITS.toastDurationMs;
  toastState.toasts.push({ id, message, type, ...options, duration, leaving: false });
  if (duration !== null) {
    countdowns.set(id, {
      remaining: duration,
      since: clock.now(),
      handle: clock.setTimeout(() => dismissToast(id), duration),
      holds: new Set(),
    });
  }
  return id;
}

/** Hovering or focusing a toast stops its countdown; what was left runs once neither holds it. */
export function holdToast(id: number, why: "hover" | "focus"): void {
  const countdown = countdowns.get(id);
  if (!countdown) return;
  if (countdown.holds.size === 0 && countdown.handle !== null) {
    clock.clearTimeout(countdown.handle);
    countdown.handle = null;
    countdown.remaining = Math.max(0, countdown.remaining - (clock.now() - countdown.since));
  }
  countdown.holds.add(why);
}

export function releaseToast(id: number, why: "hover" | "focus"): void {
  const countdown = countdowns.get(id);
  if (!countdown) return;
  if (!countdown.holds.delete(why) || countdown.holds.size > 0) return;
  countdown.since = clock.now();
  countdown.handle = clock.setTimeout(() => dismissToast(id), countdown.remaining);
}

/** The toasts were drawn again elsewhere (into or out of a dialog): no hover or focus holds them any more. */
export function releaseAllToasts(): void {
  for (const [id, countdown] of countdowns) {
    for (const why of [...countdown.holds]) releaseToast(id, why);
  }
}
