import { useEffect } from 'react';
import { useShopName } from './shop-trader';

/** Sets the browser tab's title to "<title> | <trading name>" (or just the name) while mounted. */
export function useDocumentTitle(title: string | undefined): void {
  const name = useShopName();
  useEffect(() => {
    document.title = title ? `${title} | ${name}` : name;
  }, [title, name]);
}
