import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCartStore } from '../lib/cart-store';
import offlineHtml from '../../public/offline.html?raw';
import offlineScript from '../../public/offline.js?raw';

// The offline page the service worker shows when a page cannot load (apps/web/public/offline.html and offline.js),
// opened with a cart the storefront's own cart store wrote: the key and the entries' shape must agree.

function openOfflinePage(): void {
  const page = new DOMParser().parseFromString(offlineHtml, 'text/html');
  document.title = page.title;
  document.body.innerHTML = page.body.innerHTML;
  // The page's <script src="/offline.js">, run as the browser would.
  new Function(offlineScript)();
}

const margherita = { title: 'Margherita', imageUrl: null, category: 'Pizza' };
const cola = { title: 'Cola', imageUrl: null, category: 'Drinks' };

describe('the offline page', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('says the cart is kept and lists it, as the storefront stored it', () => {
    const cart = createCartStore(window.localStorage);
    cart.addLines([
      { line: { productId: '65f1c2d3e4b5a69788990011', quantity: 2, size: 'm', crust: 'thin_crust', toppingIds: [] }, display: margherita },
      { line: { productId: '65f1c2d3e4b5a69788990022', quantity: 1 }, display: cola },
    ]);

    openOfflinePage();

    expect(screen.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    expect(screen.getByText(/Your cart is kept in this browser: it will still be there when you are back online\./)).toBeVisible();
    const list = screen.getByRole('region', { name: 'In your cart' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 × Margherita', '1 × Cola']);
    // Only read: the cart is as the storefront left it.
    expect(createCartStore(window.localStorage).getSnapshot()).toEqual(cart.getSnapshot());
  });

  it('says so when the cart is empty', () => {
    openOfflinePage();
    expect(screen.getByText('Your cart is empty. The menu will be here when you are back online.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'In your cart' })).toBeNull();
  });

  it('opens the page again when the network returns and the shop answers', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const health = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', health);
    openOfflinePage();
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    // (Each test opened the page once in this window, and each left its listener.)
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(health).toHaveBeenCalledWith('/api/health', { cache: 'no-store' });
    expect(screen.getByRole('status')).toHaveTextContent('Back online: opening the page again…');
  });

  it('stays while the shop cannot be reached after an online event, and asks again', async () => {
    vi.useFakeTimers();
    try {
      const reload = vi.fn();
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      let reachable = false;
      const health = vi.fn(async () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return new Response('{"ok":true}', { status: 200 });
      });
      vi.stubGlobal('fetch', health);
      openOfflinePage();
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
      expect(health).toHaveBeenCalled();
      expect(reload).not.toHaveBeenCalled();
      expect(screen.getByRole('status').textContent).toBe('');
      // The shop answers a few seconds later: the page opens again without another online event.
      reachable = true;
      await vi.advanceTimersByTimeAsync(3000);
      expect(reload).toHaveBeenCalled();
      expect(screen.getByRole('status')).toHaveTextContent('Back online: opening the page again…');
    } finally {
      vi.useRealTimers();
    }
  });
});
