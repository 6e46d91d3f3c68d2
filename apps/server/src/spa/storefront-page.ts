import { londonParts } from '@shop/shared/domain/london-time';
import { dateKey, openingHoursRows } from '@shop/shared/domain/opening-hours';
import type { StorefrontRenderer } from '@shop/shared/contract/storefront-render';
import type { ServiceContext } from '../context';
import { listBanners } from '../modules/banners/public';
import { getMenuAnswers, getMenuSnapshot } from '../modules/catalogue/public';
import { readOpeningStatus } from '../modules/kitchen/public';
import { readOpeningHours, readShopIdentity, shopTraderOf } from '../modules/settings/public';
import { firstCardImages, openingCategory, storefrontPageHtml, type IndexPage, type IndexPages, type SpaTemplate } from './index-page';
import { categoryPath, jsonLdScript, metaTags, restaurantJsonLd, storefrontPageMeta } from './seo';

const renderers = new WeakMap<StorefrontRenderer, number>();
let renderersSeen = 0;

/**
 * Which renderer made a page: 0 for none, then a number per renderer module loaded. A web rebuild while the server
 * runs loads the new renderer (spa/storefront-render.ts), and the pages the last one made must go with it, even
 * when index.html and the menu are unchanged; otherwise they were served until the menu next changed.
 */
function rendererGeneration(renderer: StorefrontRenderer | null): number {
  if (renderer === null) return 0;
  let id = renderers.get(renderer);
  if (id === undefined) {
    renderersSeen += 1;
    id = renderersSeen;
    renderers.set(renderer, id);
  }
  return id;
}

/**
 * `/` and each category's view (`/?category=Pizza`), issue 23 points 1 and 2 (decision 1100): the page's meta and
 * the shop's JSON-LD always, and the storefront rendered by React on the server when the web build has its renderer.
 * Each page is made once per generation: the catalogue version and the menu answers (whose sold-out marks follow
 * the shop clock), the opening state as the storefront shows it, the banners and the trader. So a price change, an
 * item sold out, the shop opening or closing, or a new address makes the next request render afresh, and the page's
 * strong ETag changes with it.
 */
export async function storefrontPage(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'config'>,
  input: {
    template: SpaTemplate;
    pages: IndexPages;
    renderer: StorefrontRenderer | null;
    /** The requested category (`?category=`), if any. */
    requestedCategory: string | undefined;
  },
): Promise<IndexPage> {
  const [snapshot, answers, status, banners, shop, hours] = await Promise.all([
    getMenuSnapshot(ctx.db),
    getMenuAnswers(ctx.db, ctx.now()),
    readOpeningStatus(ctx),
    listBanners(ctx.db),
    readShopIdentity(ctx),
    readOpeningHours(ctx.db),
  ]);
  const category = openingCategory(snapshot, input.requestedCategory);
  // The storefront's opening line and quote, not when the quoted order would be ready (which moves with the clock).
  const { quoteReadyAt: _readyAt, ...shownStatus } = status;
  const shownBanners = banners.filter((banner) => typeof banner.imageUrl === 'string');
  const generation = JSON.stringify([
    snapshot.version,
    answers.categories.etag,
    answers.products.etag,
    answers.toppings.etag,
    shownStatus,
    shownBanners,
    shop,
    hours,
    ctx.config.publicOrigin,
    rendererGeneration(input.renderer),
  ]);
  return input.pages.forStorefront(input.template, generation, category ?? '', async () => {
    const origin = ctx.config.publicOrigin;
    const products = JSON.parse(answers.products.body) as Parameters<typeof storefrontPageMeta>[0]['products'];
    const meta = storefrontPageMeta({ origin, shop, category, products });
    const jsonLd = restaurantJsonLd({
      origin,
      shop,
      hours: openingHoursRows(hours),
      // Today's and those ahead (London's calendar; 'YYYY-MM-DD' compares as text).
      specialDays: hours.specialDays.filter((day) => day.date >= dateKey(londonParts(ctx.now()))),
      categories: snapshot.categories.map((entry) => entry.categoriName),
      products,
      image: meta.image ? new URL(meta.image).pathname + new URL(meta.image).search : null,
    });
    const rendered = input.renderer
      ? await input.renderer.renderStorefront({
          url: categoryPath(category),
          categoriesJson: answers.categories.body,
          productsJson: answers.products.body,
          toppingsJson: answers.toppings.body,
          openingStatusJson: JSON.stringify(status),
          bannersJson: JSON.stringify(shownBanners),
          traderJson: JSON.stringify(shopTraderOf(shop)),
        })
      : null;
    return storefrontPageHtml(input.template, {
      imageUrls: firstCardImages(snapshot, category),
      head: `${metaTags(meta)}\n    ${jsonLdScript(jsonLd)}`,
      rendered,
    });
  });
}
