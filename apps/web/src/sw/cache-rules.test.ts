import { describe, expect, it } from 'vitest';
import { paths } from '../lib/paths';
import { cacheRuleFor, type CacheRule } from './cache-rules';
import { firstLoadFiles, isPrecached, type ViteManifestChunk } from './shell-files';

const ORIGIN = 'https://shop.example';

function rule(url: string, { method = 'GET', mode = 'cors' }: { method?: string; mode?: string } = {}): CacheRule {
  return cacheRuleFor({ url: new URL(url, ORIGIN), origin: ORIGIN, method, mode });
}

describe('what the service worker caches', () => {
  it('keeps menu pictures (cache first) and the menu answers (network first)', () => {
    expect(rule('/api/images/65f1c2d3e4b5a69788990011?w=480')).toBe('menu-image');
    expect(rule('/api/images/65f1c2d3e4b5a69788990011', { mode: 'no-cors' })).toBe('menu-image');
    expect(rule('/api/allcategori')).toBe('menu-answer');
    expect(rule('/api/allproduts')).toBe('menu-answer');
    expect(rule('/api/ingredients')).toBe('menu-answer');
  });

  it('opens every page from the network, with the offline page when that fails', () => {
    for (const page of ['/', '/?category=Pizza', paths.cart, paths.favourite])
      expect(rule(page, { mode: 'navigate' }), page).toBe('page-or-offline');
  });

  // The rule for a page is 'page-or-offline': the network or the offline page, never a stored copy of the page.
  it('never stores an account, checkout or back-office page: they go to the network like every page', () => {
    const neverStored = [
      paths.signin,
      paths.myProfile,
      paths.myOrders,
      paths.myAddresses,
      paths.addAddress,
      '/orders/65f1c2d3e4b5a69788990011',
      paths.payment,
      paths.dashboard,
      paths.newOrders,
      paths.acceptedOrders,
      '/allorders/65f1c2d3e4b5a69788990011',
      paths.products,
      paths.shopSettings,
      paths.deliveryZones,
    ];
    for (const page of neverStored) expect(rule(page, { mode: 'navigate' }), page).toBe('page-or-offline');
  });

  it('never caches a write, even to a URL whose reads it caches', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(rule('/api/cart/quote', { method }), method).toBe('network');
      expect(rule('/api/buy-product', { method }), method).toBe('network');
      expect(rule('/api/allproduts', { method }), method).toBe('network');
      expect(rule('/api/images/65f1c2d3e4b5a69788990011', { method }), method).toBe('network');
      expect(rule('/', { method, mode: 'navigate' }), method).toBe('network');
    }
  });

  it('never caches an answer of the session, account, cart, orders, checkout or back office', () => {
    const neverCached = [
      '/api/session',
      '/api/profile/data',
      '/api/addresses',
      '/api/favourites',
      '/api/my-product-history/grace%40example.com',
      '/api/my-product/grace%40example.com',
      '/api/buy-product/65f1c2d3e4b5a69788990011',
      '/api/receipts/65f1c2d3e4b5a69788990011',
      '/api/delivery-check?postcode=BS1%204DJ',
      '/api/opening-status',
      '/api/shop-settings',
      '/api/admin/orders',
      '/api/reports/sales',
      // A menu list asked with a query is not the menu answer the storefront reads.
      '/api/allproduts?admin=1',
      '/api/allcategori/65f1c2d3e4b5a69788990011',
      '/socket.io/?EIO=4&transport=polling',
    ];
    for (const url of neverCached) expect(rule(url), url).toBe('network');
  });

  it('leaves /api addresses opened as pages (a data download, the API reference) to the network', () => {
    expect(rule('/api/profile/data', { mode: 'navigate' })).toBe('network');
    expect(rule('/api/docs', { mode: 'navigate' })).toBe('network');
  });

  it("never caches another site's requests (Stripe)", () => {
    expect(rule('https://js.stripe.com/v3/')).toBe('network');
    expect(rule('https://js.stripe.com/v3/', { mode: 'navigate' })).toBe('network');
    expect(rule('https://api.stripe.com/v1/payment_intents/pi_1/confirm', { method: 'POST' })).toBe('network');
    expect(rule('https://cdn.example/api/images/65f1c2d3e4b5a69788990011')).toBe('network');
  });
});

describe('what the service worker precaches', () => {
  // A build manifest like Vite's: the entry imports the runtime; the home route's chunk (keyed by its source) imports a
  // chunk of its own with styles; a back-office screen and a lazily loaded cart page are chunks of their own.
  const manifest: Record<string, ViteManifestChunk> = {
    'index.html': { file: 'assets/index-abc.js', name: 'index', isEntry: true, imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/rolldown-runtime-abc.js' },
    'src/app/routes/home-page.tsx': { file: 'assets/home-abc.js', name: 'home-page', imports: ['_runtime.js', '_card.js', 'index.html'] },
    '_card.js': { file: 'assets/card-abc.js', css: ['assets/card-abc.css'] },
    'src/features/cart/routes/cart-page.tsx': { file: 'assets/cart-page-abc.js', imports: ['_runtime.js'] },
    'src/features/admin-dashboard/routes/dashboard-page.tsx': { file: 'assets/dashboard-page-abc.js', imports: ['_card.js'] },
  };

  it("precaches the storefront's first load, not the back office nor other lazy screens", () => {
    const firstLoad = firstLoadFiles(manifest);
    expect([...firstLoad].sort()).toEqual([
      'assets/card-abc.css',
      'assets/card-abc.js',
      'assets/home-abc.js',
      'assets/index-abc.js',
      'assets/rolldown-runtime-abc.js',
    ]);
    expect(isPrecached('assets/dashboard-page-abc.js', firstLoad)).toBe(false);
    expect(isPrecached('assets/cart-page-abc.js', firstLoad)).toBe(false);
    expect(isPrecached('assets/home-abc.js', firstLoad)).toBe(true);
    expect(isPrecached('offline.html', firstLoad)).toBe(true);
    expect(isPrecached('offline.js', firstLoad)).toBe(true);
  });
});
