import './styles/storefront.css';
import { paths } from './lib/paths';

/**
 * The entry: the storefront's styles now, the app once the page has been painted. The app's code (app/start.tsx and
 * its imports) and, on `/`, the home route's are requested after the first frame, side by side: on a slow line the
 * server's page and its first pictures have the line to themselves until they are on screen (decision 1103 measures
 * what this buys). A tab opened in the background, where no frame comes, starts at once.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState !== 'visible') resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

void afterFirstPaint()
  .then(() => Promise.all([import('./app/start'), location.pathname === paths.home ? import('./app/routes/home-page') : null]))
  .then(([{ startApp }]) => startApp());
