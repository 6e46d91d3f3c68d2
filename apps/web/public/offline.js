// The offline page's script (offline.html; a file, since the CSP allows no inline script). It lists the cart the
// storefront keeps in localStorage (apps/web/src/lib/cart-store.ts: the key and the entries' shape), only reading
// it, and reopens the page the customer asked for when the network returns. offline-page.dom.test.tsx checks it
// against the real cart store.
(function () {
  var CART_STORAGE_KEY = 'shop.cart.v1';

  function readCart() {
    try {
      var parsed = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) || '[]');
      if (!Array.isArray(parsed)) return [];
      return parsed.filter(function (entry) {
        return entry && entry.line && typeof entry.line.quantity === 'number' && entry.display && typeof entry.display.title === 'string';
      });
    } catch {
      return null;
    }
  }

  function showCart() {
    var entries = readCart();
    var section = document.getElementById('cart');
    var list = document.getElementById('cart-lines');
    var kept = document.getElementById('cart-kept');
    if (!section || !list || !kept) return;
    if (entries === null) {
      // Storage switched off: the cart lived in the tab that was open.
      kept.textContent = 'Your cart is kept in the tab you were ordering in: go back to it when you are online.';
      return;
    }
    if (entries.length === 0) {
      kept.textContent = 'Your cart is empty. The menu will be here when you are back online.';
      return;
    }
    list.textContent = '';
    entries.forEach(function (entry) {
      var item = document.createElement('li');
      item.textContent = entry.line.quantity + ' \u00d7 ' + entry.display.title;
      list.appendChild(item);
    });
    section.hidden = false;
  }

  function tryAgain() {
    window.location.reload();
  }

  // An 'online' event says the phone has a network again, not that the shop answers: a phone joining a Wi-Fi that has
  // no internet yet fires one, and Chromium may fire one while it is still offline (reloading then left the page for
  // the browser's own error page, or for the page before this one). So the page is opened again once the shop
  // answers its health check; until then it is asked again every few seconds while the phone says it is online.
  var HEALTH_URL = '/api/health';
  var ASK_AGAIN_MS = 3000;
  var asking = false;

  function reopenOnceTheShopAnswers() {
    if (asking) return;
    asking = true;
    var askLater = function () {
      asking = false;
      if (navigator.onLine) setTimeout(reopenOnceTheShopAnswers, ASK_AGAIN_MS);
    };
    fetch(HEALTH_URL, { cache: 'no-store' }).then(function (answer) {
      if (!answer.ok) return askLater();
      var note = document.getElementById('online-note');
      if (note) note.textContent = 'Back online: opening the page again\u2026';
      tryAgain();
    }, askLater);
  }

  showCart();
  var button = document.getElementById('try-again');
  if (button) button.addEventListener('click', tryAgain);
  window.addEventListener('online', reopenOnceTheShopAnswers);
  // Another tab changed the cart meanwhile.
  window.addEventListener('storage', showCart);
})();
