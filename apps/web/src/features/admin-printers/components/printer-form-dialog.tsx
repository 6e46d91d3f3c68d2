import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MAX_COPIES, PRINTER_NAME_MAX, type PrinterWire } from '@shop/shared/contract/printers';
import { ApiError, hasErrorCode } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { useAddPrinter, useEditPrinter } from '../api/printers-api';
import {
  draftOfPrinter,
  EMPTY_PRINTER,
  fieldOf,
  PRINTER_REFUSALS,
  readPrinterDraft,
  type PrinterDraft,
  type PrinterErrors,
} from '../lib/printer-form';

/** The server's refusal as the form's messages: the name taken beside the name, a field's message beside its field. */
function errorsOfRefusal(error: unknown): PrinterErrors {
  if (hasErrorCode(error, 'PRINTER_NAME_TAKEN')) return { name: PRINTER_REFUSALS.PRINTER_NAME_TAKEN };
  if (hasErrorCode(error, 'PRINTER_NOT_FOUND')) return { form: PRINTER_REFUSALS.PRINTER_NOT_FOUND };
  if (error instanceof ApiError && error.fields) {
    const errors: PrinterErrors = {};
    for (const [path, message] of Object.entries(error.fields)) errors[fieldOf(path)] ??= message;
    if (Object.keys(errors).length > 0) return errors;
  }
  return { form: error instanceof Error ? error.message : 'The printer could not be saved: try again' };
}

interface PrinterFormDialogProps {
  /** The printer edited; null to add one. */
  editing: PrinterWire | null;
  onClose: () => void;
}

/** Adds a printer or changes one: its name, how the shop reaches it, its paper, copies and tickets. */
export function PrinterFormDialog({ editing, onClose }: PrinterFormDialogProps) {
  const add = useAddPrinter();
  const edit = useEditPrinter();
  const [draft, setDraft] = useState<PrinterDraft>(editing ? draftOfPrinter(editing) : EMPTY_PRINTER);
  const [errors, setErrors] = useState<PrinterErrors>({});
  const saving = add.isPending || edit.isPending;
  const set = <K extends keyof PrinterDraft>(field: K, value: PrinterDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const title = editing ? `Change printer ${editing.name}` : 'Add a printer';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const read = readPrinterDraft(draft);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    const done = (printer: PrinterWire) => {
      showToast(editing ? `Printer ${printer.name} saved` : `Printer ${printer.name} added`);
      onClose();
    };
    const failed = (error: unknown) => setErrors(errorsOfRefusal(error));
    if (editing) edit.mutate({ id: editing.id, body: read.body }, { onSuccess: done, onError: failed });
    else add.mutate(read.body, { onSuccess: done, onError: failed });
  };

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby="printer-form-title"
      slotProps={{ paper: { sx: { width: 520, maxWidth: 'calc(100% - 24px)', m: 1.5 } } }}
    >
      <Box component="form" onSubmit={submit} noValidate aria-labelledby="printer-form-title" sx={{ display: 'contents' }}>
        <DialogTitle id="printer-form-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {errors.form && <Alert severity="error">{errors.form}</Alert>}
            <TextField
              label="Name"
              value={draft.name}
              onChange={(event) => set('name', event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name ?? 'Such as Kitchen or Counter: the late warning names it'}
              slotProps={{ htmlInput: { maxLength: PRINTER_NAME_MAX } }}
              autoFocus
            />
            <FormControl>
              <FormLabel id="printer-kind">How the shop reaches it</FormLabel>
              <RadioGroup
                aria-labelledby="printer-kind"
                value={draft.kind}
                onChange={(event) => set('kind', event.target.value as PrinterDraft['kind'])}
              >
                <FormControlLabel value="tcp" control={<Radio />} label="Network printer (ESC/POS on the shop’s network, port 9100)" />
                <FormControlLabel value="cloudprnt" control={<Radio />} label="Star CloudPRNT (the printer asks the shop for tickets)" />
              </RadioGroup>
            </FormControl>
            {draft.kind === 'tcp' ? (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Printer address"
                  value={draft.host}
                  onChange={(event) => set('host', event.target.value)}
                  error={Boolean(errors.host)}
                  helperText={errors.host ?? 'Its IP address, such as 192.168.1.50 (the printer’s self-test page shows it)'}
                  slotProps={{ htmlInput: { maxLength: 253, autoCapitalize: 'none', spellCheck: false } }}
                  sx={{ flex: 2 }}
                />
                <TextField
                  label="Port"
                  value={draft.port}
                  onChange={(event) => set('port', event.target.value)}
                  error={Boolean(errors.port)}
                  helperText={errors.port ?? '9100 for almost every printer'}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
                  sx={{ flex: 1 }}
                />
              </Stack>
            ) : (
              <Alert severity="info">
                Once saved, this printer’s card shows its CloudPRNT URL, with a Copy button: type it into the printer’s CloudPRNT settings
                (its web page, Star’s app or Star Quick Setup Utility). The printer then asks the shop for tickets, even from behind a home
                router.
              </Alert>
            )}
            <FormControl>
              <FormLabel id="printer-paper">Paper</FormLabel>
              <RadioGroup
                row
                aria-labelledby="printer-paper"
                value={draft.paperWidth}
                onChange={(event) => set('paperWidth', event.target.value as PrinterDraft['paperWidth'])}
              >
                <FormControlLabel value="80" control={<Radio />} label="80 mm" />
                <FormControlLabel value="58" control={<Radio />} label="58 mm" />
              </RadioGroup>
            </FormControl>
            <TextField
              label="Copies"
              value={draft.copies}
              onChange={(event) => set('copies', event.target.value)}
              error={Boolean(errors.copies)}
              helperText={errors.copies ?? `How many of each ticket it prints, 1 to ${MAX_COPIES}`}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 1 } }}
              sx={{ maxWidth: 220 }}
            />
            <FormControl component="fieldset">
              <FormLabel component="legend">Tickets it prints</FormLabel>
              <FormGroup>
                <FormControlLabel
                  control={<Checkbox checked={draft.kitchen} onChange={(event) => set('kitchen', event.target.checked)} />}
                  label="Kitchen ticket"
                />
                <FormControlLabel
                  control={<Checkbox checked={draft.customer} onChange={(event) => set('customer', event.target.checked)} />}
                  label="Customer copy"
                />
              </FormGroup>
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {editing ? 'Save printer' : 'Add printer'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
