import type { Plugin } from 'vite';

/**
 * MUI's CSS-variables themes left out of the browser build (decision 1103). The shop's theme (src/app/theme.ts) is a
 * plain one (a palette, no `colorSchemes`, no `cssVariables`), so MUI's `createTheme` always takes its `createThemeNoVars`
 * branch and its `ThemeProvider` always renders `ThemeProviderNoVars`. Yet `createTheme.js` and `ThemeProvider.js`
 * import the CSS-variables side statically (`createThemeWithVars`, `CssVarsProvider`, and through them @mui/system's
 * color-scheme provider, its localStorage manager and init script): about 25 KB minified, 7 KB gzipped, in the
 * storefront's first load. This plugin gives those two modules bodies that throw if they are ever reached, so a theme
 * that starts using CSS variables fails at once in the built app (and the fix is to remove this plugin).
 * Build only: the dev server, the tests and the server renderer keep MUI as it is.
 */
const STUBS: Record<string, string> = {
  'createThemeWithVars.js': `export default function createThemeWithVars() { throw new Error(MESSAGE); }`,
  'ThemeProviderWithVars.js': [
    `function unavailable() { throw new Error(MESSAGE); }`,
    `export const CssVarsProvider = unavailable;`,
    `export const useColorScheme = unavailable;`,
    `export const getInitColorSchemeScript = unavailable;`,
    `export const Experimental_CssVarsProvider = unavailable;`,
  ].join('\n'),
};

const MESSAGE = JSON.stringify(
  'MUI CSS-variables themes are left out of this build (apps/web/build/mui-without-css-vars.ts, decision 1103)',
);

const MUI_STYLES = /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]([^\\/]+)$/;

export function muiWithoutCssVars(): Plugin {
  return {
    name: 'shop:mui-without-css-vars',
    apply: 'build',
    load(id) {
      const file = MUI_STYLES.exec(id.replace(/\?.*$/, ''))?.[1];
      const stub = file ? STUBS[file] : undefined;
      return stub ? `const MESSAGE = ${MESSAGE};\n${stub}\n` : null;
    },
  };
}
