import type { Plugin } from 'vite';

/**
 * Puts the entry's stylesheet (the menu's static card styles, styles/storefront.css: about 2 KB) into index.html as a
 * `<style>` instead of a `<link>`, so the storefront's first paint waits for no second request (a round trip on a
 * phone's slow signal; decision 1103). Lazy chunks' stylesheets (the back office's chart) stay files.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'shop:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (link, file: string) => {
          const asset = bundle[file];
          if (!asset || asset.type !== 'asset') return link;
          // The file stays in the build too (the manifest names it); nothing links to it.
          return `<style>${String(asset.source).replace(/<\/style/gi, '<\\/style')}</style>`;
        });
      },
    },
  };
}
