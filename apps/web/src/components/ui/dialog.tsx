import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  /** Escape, a click on the backdrop or a Close button: the parent decides whether it closes. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** The buttons at the foot, right-aligned (Cancel, then the main action last). */
  actions?: ReactNode;
  /** xs: 444 px wide at most (a question, a short form); sm: 600 px (a list to choose from). */
  size?: 'xs' | 'sm';
  /** The content scrolls between a fixed title and actions, with dividers (a long list). */
  scrollContent?: boolean;
  /** Spread the actions to both ends (a price on the left, the button on the right). */
  spreadActions?: boolean;
  className?: string;
}

/**
 * A modal dialog: the browser's own `<dialog>` shown with showModal(), so the page behind is inert, focus stays
 * inside, Escape closes it and assistive technology announces it by its title. Its content is mounted only while it is
 * open, so a form in it starts afresh each time.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  size = 'xs',
  scrollContent = false,
  spreadActions = false,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom (the component tests) has no showModal: the open attribute alone shows it there.
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={['ui-dialog', `is-${size}`, scrollContent && 'is-scrolling', className].filter(Boolean).join(' ')}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the dialog element itself, outside its paper, is a click on the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="ui-dialog-paper">
          <h2 id={titleId} className="ui-dialog-title">
            {title}
          </h2>
          <div className="ui-dialog-content">{children}</div>
          {actions && <div className={spreadActions ? 'ui-dialog-actions is-spread' : 'ui-dialog-actions'}>{actions}</div>}
        </div>
      )}
    </dialog>
  );
}
