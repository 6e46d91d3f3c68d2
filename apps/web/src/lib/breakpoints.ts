/**
 * The widths where the layout changes, in px: MUI's theme (app/theme.ts) and the code that asks the screen's width
 * without MUI (the side cart, from md up). styles/storefront.css spells the same values in its media queries.
 */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 1000, lg: 1200, xl: 1920 };
