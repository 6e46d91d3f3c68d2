import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, openingHoursRows } from '@shop/shared/domain/opening-hours';

const OPENING_HOURS = openingHoursRows(DEFAULT_OPENING_HOURS);
import {
  categoryPath,
  jsonLdScript,
  metaTags,
  openingHoursSpecification,
  specialOpeningHoursSpecification,
  postalAddress,
  productOffers,
  restaurantJsonLd,
  robotsTxt,
  sitemapXml,
  storefrontPageMeta,
  type SeoProduct,
} from './seo';

const ORIGIN = 'https://shop.example.com';
const SHOP = {
  name: 'Harbourside Slice',
  address: ['24 Quayside Lane', 'Bristol BS1 4DJ'],
  phone: '0117 496 0321',
  email: 'hello@example.com',
};

function product(partial: Partial<SeoProduct> & Pick<SeoProduct, 'title' | 'category'>): SeoProduct {
  return { regularDiscount: '', mediumDiscount: '', largeDiscount: '', extraLargeDiscount: '', ...partial };
}

const MARGHERITA = product({
  title: 'Margherita',
  category: 'Pizza',
  description: 'Tomato & mozzarella',
  regularDiscount: 7.99,
  mediumDiscount: 9.5,
  largeDiscount: 12.99,
  imageUrl: '/api/images/abc?w=480',
});
const WINGS = product({ title: 'BBQ Wings', category: 'Wings', regularDiscount: 5.99, mediumDiscount: 8.99 });
const FAMILY_DEAL = product({ title: 'Family Deal', category: 'Deals', regularDiscount: 24.99, imageUrl: '/api/images/deal?w=480' });
const UNPRICED = product({ title: 'Coming soon', category: 'Pizza' });
const PRODUCTS = [FAMILY_DEAL, MARGHERITA, UNPRICED, WINGS];

describe('categoryPath', () => {
  it.each([
    [null, '/'],
    ['Deals', '/'],
    ['Pizza', '/?category=Pizza'],
    ['Sides & Dips', '/?category=Sides+%26+Dips'],
  ])('%s is at %s', (category, path) => {
    expect(categoryPath(category)).toBe(path);
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the account, cart, checkout, back office and API, and names the sitemap', () => {
    const text = robotsTxt(ORIGIN);
    const disallowed = text
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    for (const path of [
      '/signin',
      '/profile/',
      '/cart',
      '/payment',
      '/track/',
      '/dashboard',
      '/allorders',
      '/shop-settings',
      '/audit-log',
      '/dispatch',
      '/driver',
      '/api/',
    ]) {
      expect(disallowed).toContain(path);
    }
    expect(disallowed).not.toContain('/');
    expect(text).toMatch(/^User-agent: \*\n/);
    expect(text).toContain('Sitemap: https://shop.example.com/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists the home page and each category view once, escaped', () => {
    const xml = sitemapXml(`${ORIGIN}/`, ['Deals', 'Pizza', 'Sides & Dips']);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'https://shop.example.com/',
      'https://shop.example.com/?category=Pizza',
      'https://shop.example.com/?category=Sides+%26+Dips',
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true,
    );
  });
});

describe('productOffers', () => {
  it.each([
    [
      MARGHERITA,
      [
        { name: 'Regular 7"', price: '7.99' },
        { name: 'Medium 10"', price: '9.50' },
        { name: 'Large 13"', price: '12.99' },
      ],
    ],
    [
      WINGS,
      [
        { name: '6 Pcs', price: '5.99' },
        { name: '10 Pcs', price: '8.99' },
      ],
    ],
    [UNPRICED, []],
    [product({ title: 'Free', category: 'Pizza', regularDiscount: 0 }), []],
  ])('%#: priced sizes, cheapest first', (item, offers) => {
    expect(productOffers(item)).toEqual(offers);
  });
});

describe('postalAddress', () => {
  it.each([
    [['24 Quayside Lane', 'Bristol BS1 4DJ'], { streetAddress: '24 Quayside Lane', addressLocality: 'Bristol', postalCode: 'BS1 4DJ' }],
    [
      ['Flat 2', '12 Market Street', 'London, e1 6aa'],
      { streetAddress: 'Flat 2, 12 Market Street', addressLocality: 'London', postalCode: 'E1 6AA' },
    ],
    [['Somewhere'], { addressLocality: 'Somewhere' }],
  ])('%j', (lines, expected) => {
    expect(postalAddress(lines)).toEqual({ '@type': 'PostalAddress', ...expected, addressCountry: 'GB' });
  });
});

describe('openingHoursSpecification', () => {
  it('gives each day its hours; a session past midnight closes at its clock time', () => {
    const spec = openingHoursSpecification(OPENING_HOURS);
    expect(spec).toHaveLength(7);
    expect(spec[1]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '12:00',
      closes: '23:15',
    });
    expect(spec[5]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Friday',
      opens: '14:00',
      closes: '00:45',
    });
  });
});

describe('restaurantJsonLd', () => {
  const data = restaurantJsonLd({
    origin: ORIGIN,
    shop: SHOP,
    hours: OPENING_HOURS,
    categories: ['Deals', 'Pizza', 'Wings', 'Drinks'],
    products: PRODUCTS,
    image: '/api/images/deal?w=480',
  });

  it('is the trader as a Restaurant with address, phone and hours', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      name: 'Harbourside Slice',
      url: 'https://shop.example.com/',
      telephone: '0117 496 0321',
      address: { '@type': 'PostalAddress', streetAddress: '24 Quayside Lane', addressLocality: 'Bristol', postalCode: 'BS1 4DJ' },
      image: 'https://shop.example.com/api/images/deal?w=480',
    });
    expect(data.openingHoursSpecification).toHaveLength(7);
  });

  it('carries the menu: a section per category with products, each priced item with its offers in GBP', () => {
    const menu = data.hasMenu as { hasMenuSection: { name: string; url: string; hasMenuItem: { name: string; offers: unknown[] }[] }[] };
    expect(menu.hasMenuSection.map((section) => [section.name, section.url])).toEqual([
      ['Deals', 'https://shop.example.com/'],
      ['Pizza', 'https://shop.example.com/?category=Pizza'],
      ['Wings', 'https://shop.example.com/?category=Wings'],
    ]);
    const pizza = menu.hasMenuSection[1]?.hasMenuItem;
    expect(pizza?.map((item) => item.name)).toEqual(['Margherita']);
    expect(pizza?.[0]).toEqual({
      '@type': 'MenuItem',
      name: 'Margherita',
      description: 'Tomato & mozzarella',
      image: 'https://shop.example.com/api/images/abc?w=480',
      offers: [
        { '@type': 'Offer', name: 'Regular 7"', price: '7.99', priceCurrency: 'GBP' },
        { '@type': 'Offer', name: 'Medium 10"', price: '9.50', priceCurrency: 'GBP' },
        { '@type': 'Offer', name: 'Large 13"', price: '12.99', priceCurrency: 'GBP' },
      ],
    });
  });
});

describe('jsonLdScript', () => {
  it('is a data block no menu text can close', () => {
    const script = jsonLdScript({ name: '</script><script>alert(1)</script>' });
    expect(script.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(script.slice(script.indexOf('>') + 1, -'</script>'.length))).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe('storefrontPageMeta and metaTags', () => {
  it('/ is the Deals view with the home title, the shop and its town, and the deals price', () => {
    const meta = storefrontPageMeta({ origin: ORIGIN, shop: SHOP, category: 'Deals', products: PRODUCTS });
    expect(meta).toEqual({
      title: 'Pizza, Wings, Shakes and Deals | Harbourside Slice',
      description:
        'Order pizza, wings, shakes, sides, desserts, drinks and deals (deals from £24.99) for delivery or collection from Harbourside Slice in Bristol. Call 0117 496 0321.',
      canonical: 'https://shop.example.com/',
      image: 'https://shop.example.com/api/images/deal?w=480',
      siteName: 'Harbourside Slice',
    });
  });

  it("a category's view names its products and lowest price, with its own canonical URL", () => {
    const meta = storefrontPageMeta({ origin: ORIGIN, shop: SHOP, category: 'Pizza', products: PRODUCTS });
    expect(meta.title).toBe('Pizza | Harbourside Slice');
    expect(meta.description).toBe(
      'Pizza from Harbourside Slice in Bristol: Margherita, Coming soon, from £7.99. Order for delivery or collection.',
    );
    expect(meta.canonical).toBe('https://shop.example.com/?category=Pizza');
    expect(meta.image).toBe('https://shop.example.com/api/images/abc?w=480');
  });

  it('writes the tags escaped', () => {
    const html = metaTags({
      title: 'Fish & "Chips"',
      description: 'a <b>',
      canonical: 'https://shop.example.com/?category=A&B',
      image: null,
      siteName: 'S',
    });
    expect(html).toContain('<title>Fish &amp; &quot;Chips&quot;</title>');
    expect(html).toContain('<meta name="description" content="a &lt;b&gt;" />');
    expect(html).toContain('<link rel="canonical" href="https://shop.example.com/?category=A&amp;B" />');
    expect(html).not.toContain('og:image');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
  });
});

describe('specialOpeningHoursSpecification (decision 1400)', () => {
  it('writes a closed day as 00:00-00:00 and other hours as they are, each valid for its date', () => {
    expect(
      specialOpeningHoursSpecification([
        { date: '2026-12-25', closed: true },
        { date: '2026-12-31', opens: '18:00', closes: '02:00' },
      ]),
    ).toEqual([
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-25', validThrough: '2026-12-25', opens: '00:00', closes: '00:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-31', validThrough: '2026-12-31', opens: '18:00', closes: '02:00' },
    ]);
  });
});
