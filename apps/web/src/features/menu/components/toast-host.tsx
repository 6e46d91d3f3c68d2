import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { dismissToast, toastStore } from '../lib/toast';

/** Draws the current toast; mounted once per storefront screen (lazily, as it is only needed after a click). */
export function ToastHost() {
  const toast = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  if (!toast) return null;
  return (
    <Snackbar
      key={toast.id}
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
  );
}
