import Alert from '@mui/material/Alert';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { dismissToast, type Toast } from '../lib/toast';

/**
 * Draws the current toast at the top, below the bar, for its duration. Someone who asked for reduced motion gets
 * it without the grow-and-fade: it is simply there, at full contrast, from its first frame.
 */
export function ToastSnackbar({ toast }: { toast: Toast }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  // In a portal created when the toast appears, so an open dialog's aria-hidden on the page does not hide it.
  return (
    <Portal key={toast.id}>
      <Snackbar
        open
        autoHideDuration={toast.durationMs}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') dismissToast(toast.id);
        }}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        transitionDuration={reducedMotion ? 0 : undefined}
        sx={{ top: { xs: 72, sm: 80 } }}
      >
        <Alert severity={toast.severity} variant="filled" onClose={() => dismissToast(toast.id)} sx={{ width: '100%' }}>
          {toast.message}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
