import { describe, expect, it } from 'vitest';
import { orderNotification } from './push-notification';

const ORIGIN = 'https://shop.example.com';

describe('orderNotification', () => {
  it('shows the update and opens its tracking page', () => {
    const text = JSON.stringify({
      title: 'Takeaway Shop',
      body: 'Your order 5D39FB is on its way.',
      url: `${ORIGIN}/track/abcdefghijklmnopqrstuvwx`,
      tag: 'order-1',
    });
    expect(orderNotification(text, ORIGIN)).toEqual({
      title: 'Takeaway Shop',
      options: {
        body: 'Your order 5D39FB is on its way.',
        tag: 'order-1',
        icon: '/icons/icon-192.png',
        data: { url: '/track/abcdefghijklmnopqrstuvwx' },
      },
    });
  });

  it.each([
    ['another origin', JSON.stringify({ body: 'x', url: 'https://evil.example/track/x' }), '/'],
    ['a script URL', JSON.stringify({ body: 'x', url: 'javascript:alert(1)' }), '/'],
    ['no URL', JSON.stringify({ body: 'x' }), '/'],
  ])('opens the home page for %s', (_name, text, url) => {
    expect(orderNotification(text, ORIGIN).options.data.url).toBe(url);
  });

  it('shows a payload that is not JSON as its text', () => {
    expect(orderNotification('Hello', ORIGIN)).toMatchObject({ title: 'Your order', options: { body: 'Hello', tag: 'order' } });
  });
});
