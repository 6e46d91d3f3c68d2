import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CATEGORY_IMAGE_MAX_BYTES } from '@shop/shared/contract/catalogue';
import { CATEGORY_IMAGE_TOO_LARGE, CATEGORY_NAME_REQUIRED } from '@shop/shared/domain/messages';
import { ImageField } from '../../../components/back-office/image-field';

export interface CategoryFormValues {
  categoriName: string;
  image: File | null;
}

interface CategoryFormProps {
  initialName?: string;
  currentImageUrl?: string | null;
  submitLabel: string;
  /** 'Reset' on the add form, 'Cancel' on the edit form. */
  secondaryLabel: string;
  onSecondary?: () => void;
  /** Stays true once the request has started (the add form never submits twice). */
  busy: boolean;
  onSubmit: (values: CategoryFormValues) => void;
  onWarning: (message: string) => void;
}

/** Image and Category title, shared by the add and edit screens. */
export function CategoryForm({
  initialName = '',
  currentImageUrl,
  submitLabel,
  secondaryLabel,
  onSecondary,
  busy,
  onSubmit,
  onWarning,
}: CategoryFormProps) {
  const [name, setName] = useState(initialName);
  const [image, setImage] = useState<File | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      onWarning(CATEGORY_NAME_REQUIRED);
      return;
    }
    onSubmit({ categoriName: name.trim(), image });
  }

  return (
    <Paper component="form" noValidate onSubmit={submit} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
      <Stack spacing={3}>
        <ImageField
          label="Category image"
          file={image}
          currentUrl={currentImageUrl ?? null}
          maxBytes={CATEGORY_IMAGE_MAX_BYTES}
          tooLargeMessage={CATEGORY_IMAGE_TOO_LARGE}
          onChange={setImage}
          onRefused={onWarning}
        />
        <TextField label="Category title" value={name} onChange={(event) => setName(event.target.value)} required fullWidth />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
          <Button
            type="button"
            variant="outlined"
            onClick={() => {
              if (onSecondary) {
                onSecondary();
                return;
              }
              setName(initialName);
              setImage(null);
            }}
          >
            {secondaryLabel}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
