import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite';
import { APP_CHUNK_NAME, staticImportClosure } from './preload-app-chunk.ts';

/**
 * Vite's preload helper, before a lazy import, adds a `<link rel="modulepreload">` to the page for each chunk the
 * imported one needs, so they download side by side rather than one after another. It also did so for the chunks
 * every page has had since its start (the entry's and the 'app' chunk's, with what they import statically), which
 * cannot be missing once the app runs: each such link is a DOM insertion and a request the browser must look up, and
 * on a slow phone they added up to long tasks at start-up (the menu's and the opening status's sockets, the menu
 * card's code; decision 1103). This leaves them out, in every lazy import made by the app's code, and the imported chunk
itself, which the import asks for at once. The entry's import
 * of the 'app' chunk keeps its list whole: it is made before that chunk has run.
 *
 * `plugin` works out the start-up chunks once the bundle is written, before Vite's import analysis asks
 * `resolveDependencies` (build.modulePreload) for each lazy import's list.
 */
export function preloadMissingOnly(): { plugin: Plugin; resolveDependencies: ResolveModulePreloadDependenciesFn } {
  let entry: string | null = null;
  const loaded = new Set<string>();
  const plugin: Plugin = {
    name: 'shop:preload-missing-only',
    apply: 'build',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const entryChunk = chunks.find((chunk) => chunk.isEntry);
      const app = chunks.find((chunk) => chunk.name === APP_CHUNK_NAME && !chunk.isEntry);
      entry = entryChunk?.fileName ?? null;
      loaded.clear();
      for (const root of [entryChunk, app]) if (root) for (const file of staticImportClosure(chunks, root.fileName)) loaded.add(file);
    },
  };
  const resolveDependencies: ResolveModulePreloadDependenciesFn = (file, deps, { hostId, hostType }) => {
    if (hostType !== 'js') return deps;
    // The imported chunk itself too: the import asks for it at once, a link for it would only be a second request.
    return deps.filter((dep) => dep !== file && (hostId === entry || !loaded.has(dep)));
  };
  return { plugin, resolveDependencies };
}
