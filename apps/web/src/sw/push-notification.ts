/**
 * What the service worker shows for an order update pushed by the shop (decision 1702): the payload's title and
 * text, tagged by order so a newer update replaces the older one, and the page a tap opens. The page is the shop's
 * own (a tracking page): a payload naming another origin opens the shop's home page instead.
 */
import { paths } from '../lib/paths';

export interface OrderNotification {
  title: string;
  options: { body: string; tag: string; icon: string; data: { url: string } };
}

export const NOTIFICATION_ICON = '/icons/icon-192.png';

/** The notification for a push's text; a payload that is not the shop's JSON still shows, with the shop's home page. */
export function orderNotification(text: string, origin: string): OrderNotification {
  let payload: { title?: unknown; body?: unknown; url?: unknown; tag?: unknown } = {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object') payload = parsed as typeof payload;
  } catch {
    payload = { body: text };
  }
  const str = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value : fallback);
  return {
    title: str(payload.title, 'Your order'),
    options: {
      body: str(payload.body, ''),
      tag: str(payload.tag, 'order'),
      icon: NOTIFICATION_ICON,
      data: { url: sameOriginPath(payload.url, origin) },
    },
  };
}

function sameOriginPath(url: unknown, origin: string): string {
  if (typeof url !== 'string') return paths.home;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}` : paths.home;
  } catch {
    return paths.home;
  }
}
