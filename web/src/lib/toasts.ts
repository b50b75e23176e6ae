import { proxy } from "valtio";
import { LIMITS } from "../../../common/limits";

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

export function dismissToast(id: number): void {
  const toast = toastState.toasts.find((t) => t.id === id);
  if (!toast || toast.leaving) return;
  toast.leaving = true;
  setTimeout(() => {
    toastState.toasts = toastState.toasts.filter((t) => t.id !== id);
  }, LIMITS.toastFadeMs);
}

export function toast(
  message: string,
  type: ToastType = "info",
  options: { duration?: number | null; downloadUrl?: string; filename?: string; download?: () => void | Promise<void> } = {},
): number {
  const id = nextId++;
  const duration = options.duration === undefined ? LIMITS.toastDurationMs : options.duration;
  toastState.toasts.push({ id, message, type, duration, leaving: false, ...options });
  if (duration !== null) setTimeout(() => dismissToast(id), duration);
  return id;
}
