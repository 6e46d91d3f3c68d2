import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { dismissToast, type Toast, type ToastSeverity } from '../lib/toast';
import { MaterialIcon } from './material-icon';

// Material icons' paths, as MUI's Alert draws them for each severity, and its Close.
const SEVERITY_ICON: Record<ToastSeverity, string> = {
  success:
    'M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2, 4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0, 0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z',
  warning: 'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  info: 'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20, 12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10, 10 0 0,0 12,2M11,17H13V11H11V17Z',
};
const CLOSE_ICON = 'M19 6.41L17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

/**
 * The open modal `<dialog>` drawn on top, if any. Everything outside it is inert, so a toast shown while it is open
 * goes inside it.
 */
function topModalDialog(): HTMLDialogElement | null {
  let top: HTMLDialogElement | null = null;
  for (const dialog of document.querySelectorAll('dialog[open]')) {
    try {
      if (dialog.matches(':modal')) top = dialog as HTMLDialogElement;
    } catch {
      // A browser (or jsdom) without :modal has no top layer to be hidden under.
    }
  }
  return top;
}

/** Where the toast goes: into the top modal dialog while one is open, else the page's body; follows dialogs as they open and close. */
function useToastHost(): Element {
  const [host, setHost] = useState<Element>(() => topModalDialog() ?? document.body);
  useLayoutEffect(() => {
    const update = () => setHost(topModalDialog() ?? document.body);
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, []);
  return host;
}

/**
 * Draws the current toast at the top, below the bar, for its duration, as MUI's Snackbar with a filled Alert did, in
 * plain elements and static classes (styles/storefront.css). As the Snackbar did, the time stops while the pointer is
 * over it or the window is in the background, and half the time is left when it comes back; Escape closes it.
 * Someone who asked for reduced motion gets it without the grow-and-fade (the stylesheet's media query): it is simply
 * there, at full contrast, from its first frame.
 *
 * Above a modal dialog: the toast is a manual popover, shown when it is placed, so it enters the browser's top layer
 * after the dialog and is drawn over it; and it is placed inside that dialog, since everything outside the top modal
 * dialog is inert (unseen by assistive technology, deaf to clicks), a popover included.
 */
export function ToastSnackbar({ toast }: { toast: Toast }) {
  const host = useToastHost();
  const { id, durationMs } = toast;
  const pointer = useRef({ pause: () => {}, resume: () => {} });

  // One timer, paused and resumed alike by the pointer over the toast and by the window going to the background.
  useEffect(() => {
    const close = () => dismissToast(id);
    let timer: number | undefined;
    const start = (ms: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(close, ms);
    };
    const pause = () => window.clearTimeout(timer);
    const resume = () => start(durationMs * 0.5);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    pointer.current = { pause, resume };
    start(durationMs);
    window.addEventListener('blur', pause);
    window.addEventListener('focus', resume);
    document.addEventListener('keydown', onKey);
    return () => {
      pause();
      window.removeEventListener('blur', pause);
      window.removeEventListener('focus', resume);
      document.removeEventListener('keydown', onKey);
    };
  }, [id, durationMs]);

  // Keyed by the toast and drawn afresh in each host: moved into or out of a dialog, it is shown again on top.
  return createPortal(
    <ToastAnchor onPointerIn={() => pointer.current.pause()} onPointerOut={() => pointer.current.resume()}>
      <div role="alert" className={`toast is-${toast.severity}`}>
        <div className="toast-icon">
          <MaterialIcon path={SEVERITY_ICON[toast.severity]} />
        </div>
        <div className="toast-message">{toast.message}</div>
        <div className="toast-action">
          <button type="button" className="icon-button is-inherit" aria-label="Close" title="Close" onClick={() => dismissToast(id)}>
            <MaterialIcon path={CLOSE_ICON} />
          </button>
        </div>
      </div>
    </ToastAnchor>,
    host,
    String(id),
  );
}

function ToastAnchor({ onPointerIn, onPointerOut, children }: { onPointerIn: () => void; onPointerOut: () => void; children: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null);

  // Before the first paint. Where popovers are missing (jsdom, older browsers) it stays a fixed box over the page.
  useLayoutEffect(() => {
    const element = anchor.current;
    if (!element || typeof element.showPopover !== 'function') return;
    element.popover = 'manual';
    element.showPopover();
  }, []);

  return (
    <div ref={anchor} role="presentation" className="toast-anchor" onMouseEnter={onPointerIn} onMouseLeave={onPointerOut}>
      {children}
    </div>
  );
}
