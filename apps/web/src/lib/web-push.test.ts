import { describe, expect, it } from 'vitest';
import { applicationServerKey, pushSupported } from './web-push';

describe('applicationServerKey', () => {
  it('reads base64url without padding into the key bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, index) => (index * 37) % 256);
    const base64Url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(Array.from(applicationServerKey(base64Url))).toEqual(Array.from(bytes));
  });
});

describe('pushSupported', () => {
  it('needs a service worker, the Push API and notifications', () => {
    const navigator = { serviceWorker: {} } as unknown as Navigator;
    expect(pushSupported({ navigator, PushManager: class {}, Notification: class {} })).toBe(true);
    expect(pushSupported({ navigator, Notification: class {} })).toBe(false);
    expect(pushSupported({ navigator: {} as Navigator, PushManager: class {}, Notification: class {} })).toBe(false);
  });
});
