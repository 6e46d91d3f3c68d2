import { afterEach, vi } from 'vitest';

export const PUSH_ENDPOINT = 'https://push.example.net/send/abc';
export const PUSH_KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };

/**
 * A browser with a service worker, the Push API and notifications, and the permission the customer gives: jsdom has
 * none of them. The push service behind them cannot be reached from a test.
 */
export function browserWithPush(permission: NotificationPermission = 'granted') {
  const subscription = { endpoint: PUSH_ENDPOINT, toJSON: () => ({ endpoint: PUSH_ENDPOINT, keys: PUSH_KEYS }) };
  const subscribe = vi.fn(async () => subscription);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn(async () => permission) });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager: { getSubscription: async () => null, subscribe } }) },
  });
  return { subscribe };
}

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});
