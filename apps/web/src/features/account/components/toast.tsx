import { useCallback, useState } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/** The spec's popups last 2 s (section 9). */
export const TOAST_MS = 2000;

interface ToastState {
  key: number;
  message: string;
  severity: AlertColor;
}

/** A short popup message: `show(message, severity)` and the element to render once. */
export function useToast() {
  const [toast, setToast] = useState<ToastState | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((message: string, severity: AlertColor) => {
    setToast({ key: Date.now(), message, severity });
    setOpen(true);
  }, []);
  const element = (
    <Snackbar
      key={toast?.key}
      open={open && toast !== null}
      autoHideDuration={TOAST_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setOpen(false);
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity={toast?.severity ?? 'info'} variant="filled" onClose={() => setOpen(false)} sx={{ width: '100%' }}>
        {toast?.message}
      </Alert>
    </Snackbar>
  );
  return { show, element };
}
