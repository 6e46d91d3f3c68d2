/** Same as the wire contract's MAX_LINE_QUANTITY, without importing zod into the storefront's first load. */
export const MAX_LINE_QUANTITY = 99;
