import { useEffect } from 'react';

/**
 * The driver's own web app manifest (public/driver.webmanifest: start_url and scope /driver), so "Add to Home
 * Screen" on this page installs the deliveries, not the shop's menu. The page's manifest link points at it while the
 * page is open and back at the shop's when it closes.
 */
export const DRIVER_MANIFEST = '/driver.webmanifest';

export function useDriverManifest(): void {
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const previous = link?.getAttribute('href') ?? null;
    if (!link) {
      link = document.createElement('link');
      link.rel = 'manifest';
      document.head.append(link);
    }
    link.setAttribute('href', DRIVER_MANIFEST);
    const added = link;
    return () => {
      if (previous === null) added.remove();
      else added.setAttribute('href', previous);
    };
  }, []);
}
