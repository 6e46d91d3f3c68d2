/**
 * The app's one toast ('Added To Cart!', 'Please signin or register', 'Category Update Successful!', ...): a tiny
 * store, so anything can raise a toast without pulling MUI's Snackbar into the first load. `Toaster`
 * (src/components/toaster.tsx), mounted once by the app layer, draws it. One toast at a time: a new one replaces
 * the one showing.
 */
export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
/** `path`: the screen that raised it (its location's pathname); the toast goes when the customer leaves it. */
export type Toast = { id: number; message: string; severity: ToastSeverity; durationMs: number; path: string };

/** SPEC.md section 9: cart toasts last 1 s, most popups 2 s. */
export const CART_TOAST_MS = 1000;
export const POPUP_MS = 2000;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function showToast(message: string, severity: ToastSeverity = 'success', durationMs: number = POPUP_MS): void {
  current = { id: nextId++, message, severity, durationMs, path: typeof window === 'undefined' ? '' : window.location.pathname };
  changed();
}

/** Takes the toast away: the one with this id (a later toast stays), or whichever is showing. */
export function dismissToast(id?: number): void {
  if (current === null || (id !== undefined && current.id !== id)) return;
  current = null;
  changed();
}

export const toastStore = {
  getSnapshot: (): Toast | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
