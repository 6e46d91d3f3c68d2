import type { Plugin } from 'vite';
// A relative path: Vite loads its config with Node's own loader, which leaves workspace packages (.ts) to Node.
import { AFTER_PAINT_PRELOADS_ELEMENT_ID } from '../../../packages/shared/src/contract/after-paint-preloads.ts';

/** The chunk the build names 'app' (vite.config.ts): app/start.tsx and everything it imports statically. */
export const APP_CHUNK_NAME = 'app';

/**
 * `root` and every chunk it imports statically, at any depth, each once, in the order met. A file `skip` names is
 * left out with what only it leads to.
 */
export function staticImportClosure(
  chunks: ReadonlyArray<{ fileName: string; imports: readonly string[] }>,
  root: string,
  skip: (file: string) => boolean = () => false,
): string[] {
  const files: string[] = [];
  const walk = (file: string) => {
    if (files.includes(file) || skip(file)) return;
    files.push(file);
    for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) walk(imported);
  };
  walk(root);
  return files;
}

/**
 * Lists the 'app' chunk and the chunks it imports in index.html as `<link rel="modulepreload">`s inside the
 * after-paint template (AFTER_PAINT_PRELOADS_ELEMENT_ID, an inert `<template>` in the head). The entry
 * (src/main.tsx) moves them into the head once the page has been painted and then imports the app: its code downloads
 * side by side rather than one import after another, but only after the first paint, so it never competes with the
 * page and its pictures for the first paint (decision 1103, sixth addendum). The server adds the home route's chunks
 * to the same template (apps/server/src/spa/index-page.ts).
 */
export function preloadAppChunk(): Plugin {
  return {
    name: 'shop:preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const app = chunks.find((chunk) => chunk.name === APP_CHUNK_NAME && !chunk.isEntry);
        if (!app) throw new Error(`No chunk named '${APP_CHUNK_NAME}' in the build (vite.config.ts's code-splitting groups)`);
        // What index.html links already (the entry's own imports) is not linked twice.
        const files = staticImportClosure(chunks, app.fileName, (file) => html.includes(`/${file}"`));
        const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
        return html.replace('</head>', `    <template id="${AFTER_PAINT_PRELOADS_ELEMENT_ID}">${links}</template>\n  </head>`);
      },
    },
  };
}
