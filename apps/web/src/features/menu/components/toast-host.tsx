import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { dismissToast, toastStore } from '../lib/toast';

/** Draws the current toast; mounted once per storefront screen (lazily, as it is only needed after a click). */
export function ToastHost() {
  const toast = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  if (!toast) return null;
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
        sx={{ top: { xs: 72, sm: 80 } }}
      >
        <Alert severity={toast.severity} variant="filled" onClose={() => dismissToast(toast.id)} sx={{ width: '100%' }}>
          {toast.message}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
