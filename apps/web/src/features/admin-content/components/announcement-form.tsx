import { useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { IMAGE_FIELD, PRODUCT_IMAGE_MAX_BYTES } from '@shop/shared/contract/catalogue';
import { NOTIFICATION_SENT, PRODUCT_IMAGE_TOO_LARGE } from '@shop/shared/domain/messages';
import { ImageField } from '../../../components/back-office/image-field';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { showToast } from '../../../lib/toast';
import { useSendAnnouncement } from '../api/content-api';
import {
  announcementErrors,
  DESCRIPTION_MAX_LENGTH,
  fieldErrorsFromServer,
  TITLE_MAX_LENGTH,
  type FieldErrors,
} from '../lib/content-forms';

/** Send notification (SPEC.md section 2): an optional picture, Title and Description, with Submit and Reset. */
export function AnnouncementForm() {
  const send = useSendAnnouncement();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const titleInput = useRef<HTMLInputElement>(null);
  const descriptionInput = useRef<HTMLTextAreaElement>(null);
  // Set the moment Submit is pressed, before React has drawn the button disabled: a second press in between sends nothing.
  const sending = useRef(false);
  // One key per notice as written: a retry after an error sends the same key, so the server sends it at most once.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);

  function reset() {
    attempt.current = null;
    setTitle('');
    setDescription('');
    setImage(null);
    setErrors({});
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    if (found.title) titleInput.current?.focus();
    else if (found.description) descriptionInput.current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const found = { ...announcementErrors({ title, description }), ...(errors.image ? { image: errors.image } : {}) };
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    const form = new FormData();
    form.append('title', title.trim());
    form.append('description', description.trim());
    if (image) form.append(IMAGE_FIELD, image, image.name);
    const fingerprint = JSON.stringify([title.trim(), description.trim(), image && [image.name, image.size, image.lastModified]]);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
    sending.current = true;
    send.mutate(
      { form, key: attempt.current.key },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: () => {
          showToast(NOTIFICATION_SENT);
          reset();
        },
        onError: (error) => {
          const fields = fieldErrorsFromServer(error);
          if (fields) showErrors(fields);
          else showToast(error.message, 'error');
        },
      },
    );
  }

  const clear = (field: keyof FieldErrors) => setErrors(({ [field]: _gone, ...rest }) => rest);

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      variant="outlined"
      aria-label="Send notification"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}
    >
      <Stack spacing={3}>
        <ImageField
          label="Notification image"
          hint="Optional. PNG, JPEG, WebP or GIF, up to 20 MB"
          file={image}
          maxBytes={PRODUCT_IMAGE_MAX_BYTES}
          tooLargeMessage={PRODUCT_IMAGE_TOO_LARGE}
          error={errors.image}
          disabled={send.isPending}
          onChange={(file) => {
            setImage(file);
            if (file) clear('image');
          }}
          onRefused={(message) => setErrors((current) => ({ ...current, image: message }))}
        />
        <TextField
          label="Title"
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            clear('title');
          }}
          inputRef={titleInput}
          required
          fullWidth
          error={Boolean(errors.title)}
          helperText={errors.title}
          slotProps={{ htmlInput: { maxLength: TITLE_MAX_LENGTH } }}
        />
        <TextField
          label="Description"
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            clear('description');
          }}
          inputRef={descriptionInput}
          required
          fullWidth
          multiline
          minRows={3}
          error={Boolean(errors.description)}
          helperText={errors.description}
          slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX_LENGTH } }}
        />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            Submit
          </Button>
          <Button type="button" variant="outlined" onClick={reset} disabled={send.isPending}>
            Reset
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
