import { useEffect } from 'react';

export const SHOP_NAME = 'Takeaway Shop';

/** Sets the browser tab's title to "<title> | Takeaway Shop" (or just the shop's name) while mounted. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP_NAME}` : SHOP_NAME;
  }, [title]);
}
