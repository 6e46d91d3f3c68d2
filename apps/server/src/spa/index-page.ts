import type { MenuSnapshot } from '../modules/catalogue/public';
import { compressOnce, type Encoding } from '../http/compression';
import { strongEtagOf } from '../http/etag';
import { STOREFRONT_STATE_ELEMENT_ID, type StorefrontRenderOutput } from '@shop/shared/contract/storefront-render';

/**
 * index.html as the server sends it. The build's file carries two markers: `<!--spa:preload-images-->`, where `/`
 * gets preload links for the first product images of the category it opens on (the largest paint of the home
 * page, otherwise requested only after the scripts and the menu have loaded), and `<!--spa:home-->...<!--/spa:home-->`
 * blocks, what only the home page has: the menu answers' preloads in the head (another screen would leave them
 * unused, a warning in the browser's console) and the page's heading in the static shell (which other screens must
 * not show while their code loads). The app's code is not preloaded here: the entry requests it, with the home
 * route's, once the page has been painted (apps/web/src/main.tsx).
 */

/** The menu opens on Deals (SPEC.md section 1); the storefront's selectCategory makes the same choice. */
const DEFAULT_CATEGORY = 'Deals';
/** On a phone the first row of cards holds two; their images are the candidates for the largest paint. */
export const PRELOADED_IMAGES = 2;

const PRELOAD_MARKER = '<!--spa:preload-images-->';
const HOME_BLOCK = /<!--spa:home-->[\s\S]*?<!--\/spa:home-->/g;

/** A page ready to send: its bytes, a strong ETag, and compressed copies made the first time one is asked for. */
export class IndexPage {
  readonly etag: string;
  private readonly compressed: Partial<Record<Encoding, Buffer>> = {};

  constructor(readonly body: string) {
    this.etag = strongEtagOf(body);
  }

  encoded(encoding: Encoding): Buffer {
    this.compressed[encoding] ??= compressOnce(this.body, encoding);
    return this.compressed[encoding];
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The category `/` shows: the requested one if it exists, else Deals, else the first. */
export function openingCategory(snapshot: Pick<MenuSnapshot, 'categories'>, requested: string | undefined): string | null {
  const names = snapshot.categories.map((category) => category.categoriName);
  if (requested && names.includes(requested)) return requested;
  if (names.includes(DEFAULT_CATEGORY)) return DEFAULT_CATEGORY;
  return names[0] ?? null;
}

/** The image URLs of the first cards of `category`, exactly as the cards request them (the list answer's imageUrl). */
export function firstCardImages(snapshot: Pick<MenuSnapshot, 'products'>, category: string | null): string[] {
  if (category === null) return [];
  return snapshot.products
    .filter((product) => product.category === category)
    .slice(0, PRELOADED_IMAGES)
    .map((product) => product.imageUrl)
    .filter((url): url is string => typeof url === 'string');
}

/** The parts of index.html the server fills in: the build's page. */
export interface SpaTemplate {
  html: string;
}

export function homePageHtml(template: SpaTemplate, imageUrls: string[]): string {
  const images = imageUrls.map((url) => `<link rel="preload" as="image" href="${escapeAttribute(url)}" fetchpriority="high" />`);
  return template.html.replace(PRELOAD_MARKER, images.join('\n    '));
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>/;
/** The static shell inside `#root`: from its opening tag to the last `</div>` before `</body>`. */
const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;
/** What React's renderer writes before the markup for the head (the preloads of images it saw): `<link .../>`s. */
const LEADING_LINKS = /^(?:<link [^>]*\/?>)+/;

/** What the server adds to a storefront page (`/` and each category's view): its head tags, and what it rendered. */
export interface StorefrontPageParts {
  /** The images of the first cards, preloaded. */
  imageUrls: string[];
  /** The page's title, description, canonical, Open Graph tags and JSON-LD (spa/seo.ts), in place of the shell's. */
  head: string;
  /** The server renderer's output (spa/storefront-render.ts), or null to send the browser-rendered shell. */
  rendered: StorefrontRenderOutput | null;
}

/**
 * A storefront page: the home page's preloads, its own head tags and, when the web build has a server renderer,
 * the rendered app in `#root` and its state for hydrating before `</body>`. A rendered
 * page drops the menu answers' preloads: the answers are in the page, and a preload left unused is a console
 * warning.
 */
export function storefrontPageHtml(template: SpaTemplate, parts: StorefrontPageParts): string {
  let html = homePageHtml(template, parts.imageUrls).replace(TITLE, '').replace(DESCRIPTION, '');
  const { rendered } = parts;
  if (!rendered) return html.replace(PRELOAD_MARKER, '').replace('</head>', `  ${parts.head}\n  </head>`);
  // React's own preloads of the images it saw with a high fetch priority: the first cards', which the page preloads.
  const markup = rendered.html.replace(LEADING_LINKS, '');
  const state = `<script type="application/json" id="${STOREFRONT_STATE_ELEMENT_ID}">${rendered.stateJson}</script>`;
  html = html.replace(HOME_BLOCK, '');
  // Functions as replacements, so a `$` in the menu's text is taken literally.
  html = html.replace('</head>', () => `  ${parts.head}\n  </head>`);
  html = html.replace(ROOT, (_, end: string) => `<div id="root">${markup}</div>\n    ${state}${end}`);
  return html;
}

/** Any other screen: the shell's top bar only, no heading and no preloads of the home page's. */
export function otherPageHtml(template: string): string {
  return template.replace(PRELOAD_MARKER, '').replace(HOME_BLOCK, '');
}

/**
 * Builds `/` once per catalogue version and opening category, and every other screen's page once per template.
 * A new template (a rebuild of the web app while the server runs) starts afresh.
 */
export class IndexPages {
  private template: SpaTemplate | undefined;
  private other: IndexPage | undefined;
  private homeVersion = '';
  private readonly home = new Map<string, IndexPage>();

  private use(template: SpaTemplate): void {
    if (template === this.template) return;
    this.template = template;
    this.other = undefined;
    this.home.clear();
    this.storefront.clear();
  }

  forHome(template: SpaTemplate, snapshot: MenuSnapshot, requestedCategory: string | undefined): IndexPage {
    this.use(template);
    if (snapshot.version !== this.homeVersion) {
      this.home.clear();
      this.homeVersion = snapshot.version;
    }
    const category = openingCategory(snapshot, requestedCategory);
    const key = category ?? '';
    let page = this.home.get(key);
    if (!page) {
      page = new IndexPage(homePageHtml(template, firstCardImages(snapshot, category)));
      this.home.set(key, page);
    }
    return page;
  }

  private storefrontGeneration = '';
  private readonly storefront = new Map<string, Promise<IndexPage>>();

  /**
   * A storefront page (`/` and each category's view), made by `build` once per `generation` (what every such page
   * is made of: the menu version and answers, the opening state, the trader) and `view` (the category): a new
   * generation drops the pages of the last. A page that failed to build is not kept.
   */
  forStorefront(template: SpaTemplate, generation: string, view: string, build: () => Promise<string>): Promise<IndexPage> {
    this.use(template);
    if (generation !== this.storefrontGeneration) {
      this.storefront.clear();
      this.storefrontGeneration = generation;
    }
    let page = this.storefront.get(view);
    if (!page) {
      page = build().then((html) => new IndexPage(html));
      this.storefront.set(view, page);
      page.catch(() => {
        if (this.storefront.get(view) === page) this.storefront.delete(view);
      });
    }
    return page;
  }

  forOther(template: SpaTemplate): IndexPage {
    this.use(template);
    this.other ??= new IndexPage(otherPageHtml(template.html));
    return this.other;
  }
}
