import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

interface PageProps {
  /** The screen's heading, also used for the browser tab. */
  title: string;
  /** Overrides the tab title when it should differ from the heading. */
  documentTitle?: string;
  /** Content placed on the heading's row, e.g. an "Add" button. */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of every screen, storefront and back office: one h1 and the tab title, then the screen's content. Plain
 * elements with the static classes of styles/storefront.css (the theme's h1 and spacing), so it suits both surfaces.
 */
export function Page({ title, documentTitle, actions, children }: PageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <section aria-labelledby="page-title" className="page-frame">
      <div className="page-frame-head">
        <h1 id="page-title" className="page-title">
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
