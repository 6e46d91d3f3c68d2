import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Link as RouterLink } from 'react-router';
import type { PrintJobLateEvent } from '@shop/shared/contract/printers';
import { paths } from '../../../lib/paths';
import { lateWarnings, lateWarningText, usePrinterEvents, usePrinters, type LateEventSeen } from '../../../lib/printers';
import { useNow } from '../../../lib/use-now';
import { ALERT_SOUND_URL, useRepeatingSound } from '../../../lib/use-repeating-sound';

/** The printers are asked again this often, so a job growing late is seen even if its event was missed. */
export const LATE_CHECK_MS = 30_000;

/**
 * On every admin page: while a printer has a job waiting over a minute (`print_job_late`, or
 * `GET /api/printers` showing `status.oldestWaitingAt` over a minute old), a banner per printer, 'Printer Kitchen
 * has not printed order 42275b for 2 min: check it is on and has paper', with a link to the Printers screen, and
 * the new-order popup's chime repeating; both stop once the printers show no late job.
 */
export function LatePrintBanner() {
  const printers = usePrinters({ refetchInterval: LATE_CHECK_MS });
  const [events, setEvents] = useState<LateEventSeen[]>([]);
  const onLate = useCallback((event: PrintJobLateEvent) => {
    setEvents((seen) => [...seen.filter((one) => one.event.printer_id !== event.printer_id), { event, receivedAt: Date.now() }]);
  }, []);
  usePrinterEvents(onLate);
  const now = useNow();
  const warnings = lateWarnings(printers.data?.printers, printers.dataUpdatedAt, events, now);
  const { ref: soundRef, blocked: soundBlocked, enable: enableSound } = useRepeatingSound(warnings.length > 0 ? 'normal' : 'off');

  return (
    <>
      <audio ref={soundRef} src={ALERT_SOUND_URL} preload="none" data-testid="late-print-sound" data-play-count="0" hidden />
      {warnings.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
          {warnings.map((warning) => (
            <Alert
              key={warning.printerId}
              severity="error"
              role="alert"
              aria-label="Printer not printing"
              action={
                soundBlocked ? (
                  <Button color="inherit" size="small" variant="outlined" startIcon={<VolumeUpIcon />} onClick={enableSound}>
                    Enable sound
                  </Button>
                ) : undefined
              }
              sx={{ overflowWrap: 'anywhere' }}
            >
              {lateWarningText(warning, now)}.{' '}
              <Link component={RouterLink} to={paths.printers} color="inherit" sx={{ fontWeight: 700 }}>
                Printers
              </Link>
            </Alert>
          ))}
        </Box>
      )}
    </>
  );
}
