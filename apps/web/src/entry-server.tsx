import { PassThrough } from 'node:stream';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { StorefrontRenderInput, StorefrontRenderOutput, StorefrontState } from '@shop/shared/contract/storefront-render';
import { Providers } from './app/providers';
import { routes } from './app/route-table';
import { categoriesQueryKey, productsQueryKey, toppingsQueryKey } from './lib/menu-queries';
import { openingStatusQueryKey } from './lib/opening-status';
import { SHOP_TRADER_KEY } from './lib/shop-trader';

/**
 * The storefront's server renderer (decision 1100), built by `vite build --ssr` into
 * `dist/.ssr/entry-server.js`, which the server imports at run time (apps/server/src/spa/storefront-render.ts).
 * It renders `/` and each category's view from the menu answers the server hands it, with React's static
 * prerenderer (which waits for every lazy component, so the full cards are in the markup), and returns the markup
 * and the state the browser hydrates with: the same answers in the query cache, so the first client render is the
 * server's. The storefront's styles are the build's static stylesheet, already in the page's head.
 */

const ORIGIN = 'http://shop.invalid';

function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    sink.on('error', reject);
    stream.pipe(sink);
  });
}

/** JSON inside a script element: no `<` so nothing can close it, and the two line separators JavaScript refuses. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export async function renderStorefront(input: StorefrontRenderInput): Promise<StorefrontRenderOutput> {
  const queries: StorefrontState['queries'] = [
    [categoriesQueryKey, JSON.parse(input.categoriesJson)],
    [productsQueryKey, JSON.parse(input.productsJson)],
    [toppingsQueryKey, JSON.parse(input.toppingsJson)],
    [openingStatusQueryKey, JSON.parse(input.openingStatusJson)],
    // The banner strip's query (features/menu/components/banner-strip.tsx).
    [['banners'], JSON.parse(input.bannersJson)],
    // Who the shop is: the footer, and the phone in 'Ask us about allergens: call …' (components/allergen-line.tsx).
    [SHOP_TRADER_KEY, JSON.parse(input.traderJson)],
  ];
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const [key, data] of queries) client.setQueryData(key, data);

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(input.url, ORIGIN)));
  if (context instanceof Response) throw new Error(`The storefront's routes answered ${input.url} with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
    {
      // Every boundary inline, in place: none sent apart with the script that would move it (the page's scripts
      // must all be files, for the Content-Security-Policy, and the markup must be whole with scripts off).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // A component that throws leaves its Suspense boundary for the browser to render: say which, and fail the
      // page (the server then sends the browser-rendered shell) rather than send a page that hydrates with errors.
      onError(error) {
        errors.push(error);
      },
    },
  );
  if (errors.length > 0) throw new AggregateError(errors, `The storefront's server render of ${input.url} failed: ${String(errors[0])}`);
  const html = await streamToString(prelude);
  if (/<script|<template/.test(html))
    throw new Error(`The storefront's server render of ${input.url} left a boundary for scripts to finish`);
  const state: StorefrontState = { loaderData: context.loaderData, queries };
  return { html, stateJson: scriptSafeJson(state) };
}
