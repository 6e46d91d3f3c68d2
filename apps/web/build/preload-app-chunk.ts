import type { Plugin } from 'vite';

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
 * Preloads the 'app' chunk and the chunks it imports in index.html (`<link rel="modulepreload">`), so every page
 * downloads and compiles the app's code beside the page from the start. The entry (src/main.tsx) imports it only
 * once the page has been painted; without these links its download would start only then (decision 1103).
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
        const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
        return html.replace('</head>', `    ${links}\n  </head>`);
      },
    },
  };
}
