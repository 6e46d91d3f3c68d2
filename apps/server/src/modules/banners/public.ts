// What the infrastructure uses of the banners: the list the storefront's offers strip shows (the server-rendered
// storefront puts it in the page, spa/storefront-page.ts).
export { listBanners } from './service';
