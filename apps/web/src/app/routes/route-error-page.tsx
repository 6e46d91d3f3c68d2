import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { isChunkLoadError } from '../../lib/chunk-load-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../lib/paths';

/**
 * Shown in place of a route that failed. A page whose code could not be downloaded (a dropped connection, or a
 * new release replacing the old files) gets a reload, which fetches the current files.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(notFound ? 'Page Not Found' : chunkFailed ? 'Page failed to load' : 'Something went wrong');

  if (notFound) {
    return (
      <Box sx={{ py: 6, px: 2, maxWidth: 560, mx: 'auto', textAlign: 'center' }}>
        <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
          Page Not Found
        </Typography>
        <Button component={Link} to={paths.home} variant="contained">
          Back to the menu
        </Button>
      </Box>
    );
  }
  if (!chunkFailed) console.error(error);

  return (
    <Box role="alert" sx={{ py: 6, px: 2, maxWidth: 560, mx: 'auto', textAlign: 'center' }}>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {chunkFailed ? 'This page failed to load.' : 'Something went wrong.'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {chunkFailed
          ? 'Part of the shop could not be downloaded. Check your connection, then reload the page.'
          : 'An unexpected error stopped this page. Reloading usually fixes it.'}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
      {!chunkFailed && error instanceof Error && import.meta.env.DEV && (
        <Typography component="pre" color="error" sx={{ mt: 3, textAlign: 'left', whiteSpace: 'pre-wrap' }}>
          {error.message}
        </Typography>
      )}
    </Box>
  );
}
