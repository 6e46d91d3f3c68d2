/**
 * The widths where the layout changes, in px: MUI's theme (app/theme.ts) and the code that asks the screen's width
 * without MUI (the side cart, from md up). styles/storefront.css spells the same values in its media queries.
 */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 1000, lg: 1200, xl: 1920 };

/**
 * The media query of MUI's `theme.breakpoints.down(key)`: narrower than the breakpoint (MUI takes 0.05 px off). For
 * `useMediaQuery`, which has no theme to ask without a ThemeProvider.
 */
export function below(key: keyof typeof BREAKPOINTS): string {
  return `(max-width:${BREAKPOINTS[key] - 0.05}px)`;
}
