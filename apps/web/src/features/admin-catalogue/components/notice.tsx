import { useCallback, useState } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/** Popups and toasts last 2000 ms (SPEC.md section 9). */
export const NOTICE_MS = 2000;

interface NoticeState {
  message: string;
  severity: AlertColor;
  key: number;
}

/** A 2-second popup for a screen: `show(message, severity)` and the element to render. */
export function useNotice() {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const show = useCallback((message: string, severity: AlertColor = 'success') => {
    setNotice({ message, severity, key: Date.now() });
  }, []);
  const element = (
    <Snackbar
      key={notice?.key}
      open={notice !== null}
      autoHideDuration={NOTICE_MS}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') setNotice(null);
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity={notice?.severity ?? 'success'} variant="filled" onClose={() => setNotice(null)} sx={{ width: '100%' }}>
        {notice?.message}
      </Alert>
    </Snackbar>
  );
  return { show, element };
}
