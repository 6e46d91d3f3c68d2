/**
 * What the server hands the web build's server renderer (apps/web/src/entry-server.tsx) and gets back (decision
 * 1100). The server never imports web code: it imports the renderer from the web build's output
 * (`apps/web/dist/.ssr/entry-server.js`) and both sides type the call with this contract. Every `*Json` field is
 * the body of the matching API answer, exactly as the API sends it, so the page's first render reads what the
 * browser's first requests would have read.
 */
export interface StorefrontRenderInput {
  /** The page's path and query, e.g. `/` or `/?category=Pizza`. */
  url: string;
  /** `GET /api/allcategori`. */
  categoriesJson: string;
  /** `GET /api/allproduts`. */
  productsJson: string;
  /** `GET /api/ingredients`. */
  toppingsJson: string;
  /** `GET /api/opening-status`. */
  openingStatusJson: string;
  /** `GET /api/banners`. */
  bannersJson: string;
  /**
   * `GET /api/shop-trader`: the footer and the 'Ask us about allergens: call …' lines draw the shop's phone from the
   * first paint, rather than a line that grows when the answer comes (a layout shift).
   */
  traderJson: string;
}

export interface StorefrontRenderOutput {
  /** The markup of the app inside `#root`. */
  html: string;
  /**
   * The state the browser hydrates with (the router's loader data and the answers above), as JSON safe to put
   * inside a `<script type="application/json">` element.
   */
  stateJson: string;
}

/** The module the web build's SSR entry exports. */
export interface StorefrontRenderer {
  renderStorefront(input: StorefrontRenderInput): Promise<StorefrontRenderOutput>;
}

/** The id of the `<script type="application/json">` element that carries `stateJson`. */
export const STOREFRONT_STATE_ELEMENT_ID = 'storefront-state';

/** The browser's side of `stateJson`. */
export interface StorefrontState {
  loaderData: Record<string, unknown>;
  /** Query keys' data, as `[key, data]`, to seed the query cache before hydrating. */
  queries: [readonly unknown[], unknown][];
}
