/**
 * The one inline script of the storefront's page (decision 1103): a tap on a button of the server-rendered page
 * before its code has hydrated it is held, not lost. A phone on a slow signal paints the server's page a second or
 * more before the entry script has run, and a customer taps Add to cart in that second; React has no handler there
 * yet, so the tap did nothing and said nothing.
 *
 * From the first byte of the page, a click on a button inside #root is stopped and its button remembered (once: a
 * second tap on the same button while nothing seemed to happen is the same wish, not two pizzas). When the page is
 * hydrated, the app calls `window[EARLY_TAPS_RELEASE]()`, which stops the holding and hands back the buttons, and
 * clicks each that is still on the page (lib/hydration.ts). Links are not held: they work as links without script.
 *
 * The build puts it in index.html's head (apps/web/build/early-taps.ts); the server allows exactly this text by its
 * hash in the Content-Security-Policy (apps/server/src/app.ts), so inline script stays forbidden otherwise.
 */
export const EARLY_TAPS_RELEASE = '__shopReleaseTaps';

export const EARLY_TAPS_SCRIPT = `(function(){var held=[];function hold(e){var t=e.target,b=t&&t.closest?t.closest("button"):null;if(!b||b.disabled||!b.closest("#root"))return;e.preventDefault();e.stopImmediatePropagation();if(held.indexOf(b)<0)held.push(b)}addEventListener("click",hold,true);window.${EARLY_TAPS_RELEASE}=function(){removeEventListener("click",hold,true);window.${EARLY_TAPS_RELEASE}=void 0;var h=held;held=[];return h}})();`;
