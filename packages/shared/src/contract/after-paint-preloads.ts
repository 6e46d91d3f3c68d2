/**
 * The id of the `<template>` in every page's head that holds the `<link rel="modulepreload">`s of the app's code
 * (the web build's, apps/web/build/preload-app-chunk.ts) and, on a storefront page, of its route's chunks (the
 * server's, apps/server/src/spa/index-page.ts). A template's content is inert: the entry (apps/web/src/main.tsx) moves
 * the links into the head once the page has been painted, so the code downloads after the first paint rather than
 * beside it (decision 1103, sixth addendum). A module of its own: the entry imports it, and anything the app's start
 * also imports would go into the 'app' chunk, which the entry would then import statically.
 */
export const AFTER_PAINT_PRELOADS_ELEMENT_ID = 'after-paint-preloads';
