/**
 * One toast at a time for the storefront ('Added To Cart!', 'Please signin or register', ...). A tiny store, so
 * anything can raise a toast without pulling MUI's Snackbar into the first load; `ToastHost` draws it.
 */
export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
export type Toast = { id: number; message: string; severity: ToastSeverity; durationMs: number };

/** SPEC.md section 9: cart toasts last 1 s, most popups 2 s. */
export const CART_TOAST_MS = 1000;
export const POPUP_MS = 2000;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

export function showToast(message: string, severity: ToastSeverity = 'success', durationMs: number = POPUP_MS): void {
  current = { id: nextId++, message, severity, durationMs };
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  current = null;
  for (const listener of listeners) listener();
}

export const toastStore = {
  getSnapshot: (): Toast | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
