import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import type { NavItem } from './nav-items';
import { BREAKPOINTS } from '../lib/breakpoints';
import { paths } from '../lib/paths';

interface SmallScreenMenuProps {
  id: string;
  open: boolean;
  items: NavItem[];
  onClose: () => void;
  /** Shown as the last entry when someone is signed in. */
  onLogout?: () => void;
}

/**
 * The navigation below the md breakpoint: a list of links sliding in from the right. A modal `<dialog>`, so the page
 * behind is inert while it is open, Escape or a tap beside it closes it, and focus returns to the menu button.
 */
export function SmallScreenMenu({ id, open, items, onClose, onLogout }: SmallScreenMenuProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom has no showModal: the open attribute alone shows it there.
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  // From md up the bar shows the links itself: a menu left open while the window widens closes.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(`(min-width: ${BREAKPOINTS.md}px)`);
    const closeIfWide = () => {
      if (wide.matches) onClose();
    };
    closeIfWide();
    wide.addEventListener('change', closeIfWide);
    return () => wide.removeEventListener('change', closeIfWide);
  }, [open, onClose]);

  return (
    <dialog
      ref={ref}
      id={id}
      aria-label="Menu"
      className="small-screen-menu"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The list fills the dialog: a click on the dialog element itself is a click on the backdrop beside it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <nav aria-label="Menu" className="small-screen-menu-nav">
        <ul className="ui-list small-screen-menu-list">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === paths.home} onClick={onClose} className="small-screen-menu-item">
                {item.label}
              </NavLink>
            </li>
          ))}
          {onLogout && (
            <li>
              <button type="button" onClick={onLogout} className="small-screen-menu-item">
                Log Out
              </button>
            </li>
          )}
        </ul>
      </nav>
    </dialog>
  );
}
