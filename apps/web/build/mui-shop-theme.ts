import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The shop's theme as MUI's default theme, so no ThemeProvider is needed and MUI with Emotion leaves the storefront's
 * start-up code (decision 1103, third addendum). MUI's components fall back to the theme of
 * `@mui/material/styles/defaultTheme` when no ThemeProvider is above them (its `styled`, `useTheme`, `useThemeProps`,
 * `GlobalStyles`); this plugin gives that module a body that creates the shop's theme (`themeOptions` of
 * src/app/theme.ts) instead of MUI's own, and points `Box`, which makes a default theme of its own, at the same one.
 * The first screen draws no MUI component, so MUI, its theme and Emotion now load with the first screen that draws
 * one (a dialog, the checkout, the back office), not before the storefront is live.
 *
 * Applied everywhere the app is bundled: the browser build, the server renderer, the dev server's dependency
 * pre-bundling (`rolldownPlugin`) and the component tests (vitest.config.ts inlines @mui/material for it). A MUI
 * release whose Box no longer reads as expected fails the build rather than quietly drawing MUI's blue.
 */
const THEME_MODULE = fileURLToPath(new URL('../src/app/theme.ts', import.meta.url));
const DEFAULT_THEME = /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]defaultTheme\.js$/;
const BOX = /[\\/]@mui[\\/]material[\\/]esm[\\/]Box[\\/]Box\.js$/;
const BOX_THEME = /import \{ createTheme \} from "\.\.\/styles\/index\.js";\s*([\s\S]*?)const defaultTheme = createTheme\(\);/;

const DEFAULT_THEME_BODY = [
  `import createTheme from "./createTheme.js";`,
  `import { themeOptions } from ${JSON.stringify(THEME_MODULE)};`,
  `const defaultTheme = createTheme(themeOptions);`,
  `export default defaultTheme;`,
  ``,
].join('\n');

const clean = (id: string) => id.replace(/\?.*$/, '');

function load(id: string): string | null {
  return DEFAULT_THEME.test(clean(id)) ? DEFAULT_THEME_BODY : null;
}

function transform(code: string, id: string): string | null {
  if (!BOX.test(clean(id))) return null;
  if (!BOX_THEME.test(code))
    throw new Error(`${id}: MUI's Box no longer makes its default theme as apps/web/build/mui-shop-theme.ts expects`);
  return code.replace(BOX_THEME, (_all, between: string) => `import defaultTheme from "../styles/defaultTheme.js";\n${between}`);
}

export function muiShopTheme(): Plugin {
  return { name: 'shop:mui-shop-theme', enforce: 'pre', load, transform };
}

/** The same for the dev server's dependency pre-bundling (optimizeDeps), which Vite's own plugins do not reach. */
export function muiShopThemeRolldown() {
  return { name: 'shop:mui-shop-theme', load, transform };
}
