import { describe, expect, it } from 'vitest';
import { refusesOrigin } from './handshake';

const SHOP = 'https://shop.example.com';

describe('the socket handshake’s origin rule', () => {
  it.each([
    { name: 'the shop’s own origin, signed in', headers: { origin: SHOP }, session: true, refused: false },
    { name: 'the shop’s own origin, signed out', headers: { origin: SHOP }, session: false, refused: false },
    { name: 'another site', headers: { origin: 'https://evil.example' }, session: true, refused: true },
    { name: 'another site without a session', headers: { origin: 'https://evil.example' }, session: false, refused: true },
    { name: 'another port of the shop’s host', headers: { origin: 'https://shop.example.com:8443' }, session: true, refused: true },
    { name: 'http instead of https', headers: { origin: 'http://shop.example.com' }, session: true, refused: true },
    { name: 'a subdomain', headers: { origin: 'https://www.shop.example.com' }, session: true, refused: true },
    { name: 'an opaque origin ("null")', headers: { origin: 'null' }, session: true, refused: true },
    { name: 'the origin with a trailing slash', headers: { origin: `${SHOP}/` }, session: true, refused: true },
    {
      name: 'the page’s own polling handshake (no Origin, same-origin fetch)',
      headers: { 'sec-fetch-site': 'same-origin' },
      session: true,
      refused: false,
    },
    { name: 'a cross-site request without Origin', headers: { 'sec-fetch-site': 'cross-site' }, session: true, refused: true },
    {
      name: 'a same-site request of another origin without Origin',
      headers: { 'sec-fetch-site': 'same-site' },
      session: true,
      refused: true,
    },
    { name: 'a typed address', headers: { 'sec-fetch-site': 'none' }, session: false, refused: true },
    { name: 'no Origin and no fetch metadata, with a session cookie', headers: {}, session: true, refused: true },
    { name: 'no Origin and no fetch metadata, no session cookie', headers: {}, session: false, refused: false },
  ])('$name: refused $refused', ({ headers, session, refused }) => {
    expect(refusesOrigin(headers, [SHOP], session)).toBe(refused);
  });

  it('accepts each of several accepted origins and nothing else (a shop without PUBLIC_ORIGIN on port 3000)', () => {
    const accepted = ['http://localhost:3000', 'http://127.0.0.1:3000'];
    for (const origin of accepted) expect(refusesOrigin({ origin }, accepted, true), origin).toBe(false);
    for (const origin of ['http://localhost:3001', 'http://127.0.0.2:3000', 'https://localhost:3000', 'http://[::1]:3000'])
      expect(refusesOrigin({ origin }, accepted, true), origin).toBe(true);
  });
});
