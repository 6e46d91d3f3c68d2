import type { Plugin } from 'vite';
// By path: Vite loads its config's imports from node_modules with Node, which cannot run the shared package's .ts.
import { EARLY_TAPS_SCRIPT } from '../../../packages/shared/src/contract/early-taps.ts';

/**
 * The script that holds a tap on the server-rendered page until it is hydrated (decision 1103), first in index.html's
 * head so it runs before anything can be tapped. Its text is exactly EARLY_TAPS_SCRIPT: the server's
 * Content-Security-Policy allows it by that text's hash.
 */
export function earlyTaps(): Plugin {
  return {
    name: 'shop:early-taps',
    transformIndexHtml: () => [{ tag: 'script', children: EARLY_TAPS_SCRIPT, injectTo: 'head-prepend' }],
  };
}
