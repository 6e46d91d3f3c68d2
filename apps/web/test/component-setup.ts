// Component tests (Testing Library in jsdom): files named *.dom.test.tsx run in jsdom with jest-dom's matchers,
// and every rendered tree is unmounted after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fixedMediaQueryList } from './media-query';

// findBy… and waitFor wait up to 5 s (Testing Library's 1 s is short for a screen whose answers come in turn, on a
// busy machine); a test that waits for what never comes still fails.
configure({ asyncUtilTimeout: 5000 });

// No test opens a real realtime connection: socket.io-client is the stand-in of fake-socket.ts, where a test plays
// the server (serverEmit) and reads what the page sent.
vi.mock('socket.io-client', () => import('./fake-socket'));

// What jsdom does not implement and the screens touch. Each stand-in is the least a browser would do.

// MUI's useMediaQuery: every query is false (no breakpoint matched, no reduced motion asked for).
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => fixedMediaQueryList(query, false);
}

// A multiline TextField measures itself with a ResizeObserver; nothing is ever resized here.
if (typeof window.ResizeObserver !== 'function') {
  class ResizeObserverStandIn {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver = ResizeObserverStandIn;
}

// jsdom logs "Not implemented" for scrolling (a route change, a focused option in a menu).
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

// The new-order popup's alert sound: playing succeeds at once (as after a click), pausing does nothing.
HTMLMediaElement.prototype.play = () => Promise.resolve();
HTMLMediaElement.prototype.pause = () => undefined;
HTMLMediaElement.prototype.load = () => undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
