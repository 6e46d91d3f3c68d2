import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { isChunkLoadError } from '../../lib/chunk-load-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../lib/paths';

/**
 * Shown in place of a route that failed. A page whose code could not be downloaded (a dropped connection, or a
 * new release replacing the old files) gets a reload, which fetches the current files. Plain elements with the
 * static classes of styles/storefront.css, so it draws even when the rest of the app's code failed to load.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(notFound ? 'Page Not Found' : chunkFailed ? 'Page failed to load' : 'Something went wrong');

  if (notFound) {
    return (
      <div className="route-error">
        <h1 className="page-title">Page Not Found</h1>
        <Link to={paths.home} className="card-button is-contained">
          Back to the menu
        </Link>
      </div>
    );
  }
  if (!chunkFailed) console.error(error);

  return (
    <div role="alert" className="route-error">
      <h1 className="page-title">{chunkFailed ? 'This page failed to load.' : 'Something went wrong.'}</h1>
      <p className="route-error-text">
        {chunkFailed
          ? 'Part of the shop could not be downloaded. Check your connection, then reload the page.'
          : 'An unexpected error stopped this page. Reloading usually fixes it.'}
      </p>
      <button type="button" className="card-button is-contained" onClick={() => window.location.reload()}>
        Reload
      </button>
      {!chunkFailed && error instanceof Error && import.meta.env.DEV && <pre className="route-error-detail">{error.message}</pre>}
    </div>
  );
}
