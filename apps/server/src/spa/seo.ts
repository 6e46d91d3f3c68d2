import { SIZE_LABELS, SIZES, WING_SIZE_LABELS, type Size } from '@shop/shared/domain/catalogue-values';
import type { DayHours, SpecialDay } from '@shop/shared/domain/opening-hours';

/**
 * What search engines and link previews read of the storefront (issue 23 point 2, decision 1100): each public
 * page's title, description, canonical URL and Open Graph image; schema.org `Restaurant` with its `Menu` as JSON-LD;
 * `robots.txt` and `sitemap.xml`. Pure functions of the menu, the trader and the opening hours, so they are tested
 * apart from the server; `index-page.ts` puts their output into the page and `app.ts` serves the two files.
 */

/** SPEC.md section 1: the menu opens on Deals, so Deals' page is `/` itself. */
export const HOME_CATEGORY = 'Deals';

/**
 * The home page's tab title, as the menu screen sets it once running: every tab title ends with the trading name
 * (the web app's `useDocumentTitle` writes the same).
 */
export const homeTitle = (shopName: string): string => `Pizza, Wings, Shakes and Deals | ${shopName}`;

/**
 * Paths no search engine should crawl: the account (sign-in, profile, favourites, notifications, orders,
 * addresses), the cart and checkout, the back office, and the API. The web app's `lib/paths.ts` names them.
 */
export const DISALLOWED_PATHS = [
  '/api/',
  '/cart',
  '/payment',
  '/signin',
  '/signup',
  '/profile/',
  '/favourite',
  '/notification',
  '/addaddress',
  '/orders/',
  // An order's tracking page: a private link.
  '/track/',
  // Back office
  '/dashboard',
  '/order-list',
  '/neworders',
  '/todaysorders',
  '/lastdayorders',
  '/lastweekorders',
  '/lastmonthorders',
  '/allorders',
  '/pendingorders',
  '/acceptedorders',
  '/categories',
  '/categoriforms',
  '/ingredients',
  '/ingredientforms',
  '/products',
  '/productforms',
  '/allproduts/',
  '/banner',
  '/addnotification',
  '/shop-settings',
  '/opening-hours',
  '/delivery-zones',
  '/promotions',
  '/audit-log',
  '/new-order',
  '/printers',
  '/sold-out',
  '/staff',
  '/dispatch',
  '/cash-up',
  '/tips',
  // The driver's phone
  '/driver',
] as const;

/** The trader as the pages name it (the shop's settings, else SHOP_*). */
export interface SeoShop {
  name: string;
  address: readonly string[];
  phone: string;
  email: string;
}

/** The parts of a product the pages describe: its wire shape's names and prices (pounds, '' when not sold). */
export interface SeoProduct {
  title: string;
  description?: string | null;
  category: string;
  regularDiscount: number | '';
  mediumDiscount: number | '';
  largeDiscount: number | '';
  extraLargeDiscount: number | '';
  normal?: number | null;
  boneless?: number | null;
  imageUrl?: string | null;
}

/**
 * The URL path of a category's view: `/` for Deals (the page the menu opens on), `/?category=<name>` for the
 * others, as the storefront's category selector writes it.
 */
export function categoryPath(category: string | null): string {
  if (category === null || category === HOME_CATEGORY) return '/';
  return `/?${new URLSearchParams({ category }).toString()}`;
}

function absolute(origin: string, path: string): string {
  return `${origin.replace(/\/$/, '')}${path}`;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function escapeXml(value: string): string {
  return escapeHtml(value).replace(/'/g, '&apos;');
}

/** `robots.txt`: everything but the account, cart, checkout, back office and API; where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absolute(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

/** `sitemap.xml`: the home page and each category's view, in menu order, once each. */
export function sitemapXml(origin: string, categoryNames: readonly string[]): string {
  const paths = [...new Set(['/', ...categoryNames.map((name) => categoryPath(name))])];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(absolute(origin, path))}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** '12.5' as schema.org's price text, '12.50'. */
function priceText(pounds: number): string {
  return pounds.toFixed(2);
}

/** A product's priced sizes (or wing pieces) as offers, cheapest first; none when nothing is priced. */
export function productOffers(product: SeoProduct): { name: string; price: string }[] {
  const isWings = product.category === 'Wings';
  const bySize: Record<Size, number | ''> = {
    s: product.regularDiscount,
    m: product.mediumDiscount,
    l: product.largeDiscount,
    xl: product.extraLargeDiscount,
  };
  const offers: { name: string; pounds: number }[] = [];
  for (const size of SIZES) {
    const pounds = bySize[size];
    if (typeof pounds !== 'number' || !(pounds > 0)) continue;
    const name = isWings ? (WING_SIZE_LABELS[size] ?? SIZE_LABELS[size]) : SIZE_LABELS[size];
    offers.push({ name, pounds });
  }
  return offers.sort((a, b) => a.pounds - b.pounds).map(({ name, pounds }) => ({ name, price: priceText(pounds) }));
}

/** The lowest price a product is sold at, in pounds; null when nothing is priced. */
export function fromPrice(product: SeoProduct): number | null {
  const first = productOffers(product)[0];
  return first ? Number(first.price) : null;
}

const UK_POSTCODE_AT_END = /\s*([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/i;

/** The address lines as a schema.org PostalAddress: the street lines, the town and the post code of the last line. */
export function postalAddress(lines: readonly string[]): Record<string, string> {
  const street = lines.slice(0, -1);
  const last = lines[lines.length - 1] ?? '';
  const postcode = UK_POSTCODE_AT_END.exec(last);
  const locality = postcode ? last.slice(0, postcode.index).replace(/,\s*$/, '').trim() : last.trim();
  return {
    '@type': 'PostalAddress',
    ...(street.length > 0 ? { streetAddress: street.join(', ') } : {}),
    ...(locality ? { addressLocality: locality } : {}),
    ...(postcode?.[1] ? { postalCode: postcode[1].toUpperCase() } : {}),
    addressCountry: 'GB',
  };
}

const DAY_OF_WEEK_URL = 'https://schema.org/';

/**
 * The week's hours as schema.org OpeningHoursSpecification, one per session (Sunday first, as openingHoursRows gives them). A
 * session past midnight closes at its clock time ('00:45'), earlier than it opens, which schema.org reads as the
 * next day.
 */
export function openingHoursSpecification(hours: readonly DayHours[]): Record<string, string>[] {
  return hours.map((day) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: `${DAY_OF_WEEK_URL}${day.day}`,
    opens: day.opens,
    closes: day.closes.replace(/^24:/, '00:'),
  }));
}

/**
 * The owner's special days (decision 1400) as schema.org's special opening hours, each valid for its one date: a
 * closed day opens and closes at 00:00, as schema.org writes 'closed all day'.
 */
export function specialOpeningHoursSpecification(days: readonly SpecialDay[]): Record<string, string>[] {
  return days.map((day) => ({
    '@type': 'OpeningHoursSpecification',
    validFrom: day.date,
    validThrough: day.date,
    opens: 'closed' in day ? '00:00' : day.opens,
    closes: 'closed' in day ? '00:00' : day.closes,
  }));
}

export interface RestaurantInput {
  origin: string;
  shop: SeoShop;
  hours: readonly DayHours[];
  /** The special days still to come (or today), decision 1400. */
  specialDays?: readonly SpecialDay[];
  /** Category names in menu order. */
  categories: readonly string[];
  products: readonly SeoProduct[];
  /** An image of the shop (the Open Graph image), relative to the origin. */
  image?: string | null;
}

/**
 * schema.org `Restaurant` with its address, phone, e-mail, opening hours and `Menu`: a `MenuSection` per category
 * with a `MenuItem` per product and an `Offer` in GBP per priced size. Products with no price are left out.
 */
export function restaurantJsonLd(input: RestaurantInput): Record<string, unknown> {
  const url = absolute(input.origin, '/');
  const sections = input.categories
    .map((category) => ({
      '@type': 'MenuSection',
      name: category,
      url: absolute(input.origin, categoryPath(category)),
      hasMenuItem: input.products
        .filter((product) => product.category === category)
        .map((product) => ({ product, offers: productOffers(product) }))
        .filter(({ offers }) => offers.length > 0)
        .map(({ product, offers }) => ({
          '@type': 'MenuItem',
          name: product.title,
          ...(product.description ? { description: product.description } : {}),
          ...(product.imageUrl ? { image: absolute(input.origin, product.imageUrl) } : {}),
          offers: offers.map((offer) => ({ '@type': 'Offer', name: offer.name, price: offer.price, priceCurrency: 'GBP' })),
        })),
    }))
    .filter((section) => section.hasMenuItem.length > 0);
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': `${url}#restaurant`,
    name: input.shop.name,
    url,
    telephone: input.shop.phone,
    email: input.shop.email,
    address: postalAddress(input.shop.address),
    ...(input.image ? { image: absolute(input.origin, input.image) } : {}),
    servesCuisine: ['Pizza', 'Chicken wings', 'Milkshakes'],
    priceRange: '££',
    acceptsReservations: false,
    openingHoursSpecification: openingHoursSpecification(input.hours),
    ...(input.specialDays && input.specialDays.length > 0
      ? { specialOpeningHoursSpecification: specialOpeningHoursSpecification(input.specialDays) }
      : {}),
    hasMenu: { '@type': 'Menu', name: 'Menu', url, hasMenuSection: sections },
  };
}

/** JSON-LD in a script block: `<` escaped so no text of the menu can close the element. */
export function jsonLdScript(data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  /** Absolute, or null for none. */
  image: string | null;
  siteName: string;
}

/**
 * A storefront page's meta: `/` is the Deals view; a category's view names its products (the first few) and the
 * lowest price. The image is the first product picture of the view.
 */
export function storefrontPageMeta(input: {
  origin: string;
  shop: SeoShop;
  category: string | null;
  products: readonly SeoProduct[];
}): PageMeta {
  const { origin, shop, category } = input;
  const shown = category === null ? [] : input.products.filter((product) => product.category === category);
  const town = postalAddress(shop.address).addressLocality;
  const where = town ? ` in ${town}` : '';
  const image = shown.find((product) => product.imageUrl)?.imageUrl ?? input.products.find((product) => product.imageUrl)?.imageUrl ?? null;
  const prices = shown.map(fromPrice).filter((price): price is number => price !== null);
  const from = prices.length > 0 ? ` from £${priceText(Math.min(...prices))}` : '';
  const names = shown.slice(0, 4).map((product) => product.title);
  const isHome = category === null || category === HOME_CATEGORY;
  const title = isHome ? homeTitle(shop.name) : `${category} | ${shop.name}`;
  const description = isHome
    ? `Order pizza, wings, shakes, sides, desserts, drinks and deals${from ? ` (deals${from})` : ''} for delivery or collection from ${shop.name}${where}. Call ${shop.phone}.`
    : `${category} from ${shop.name}${where}${names.length > 0 ? `: ${names.join(', ')}` : ''}${from ? `,${from}` : ''}. Order for delivery or collection.`;
  return {
    title,
    description,
    canonical: absolute(origin, categoryPath(category)),
    image: image ? absolute(origin, image) : null,
    siteName: shop.name,
  };
}

/** The head tags of a page's meta: title, description, canonical link, Open Graph and Twitter card. */
export function metaTags(meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(meta.siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.canonical)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
  ];
  return tags.join('\n    ');
}
