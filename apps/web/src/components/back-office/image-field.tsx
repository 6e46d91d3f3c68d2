import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { ACCEPTED_IMAGE_TYPES, imageFileProblem } from '../../lib/image-file';

interface ImageFieldProps {
  label: string;
  file: File | null;
  /** The stored image, shown until a new one is chosen. */
  currentUrl?: string | null;
  /** Largest file accepted, in bytes; a larger one is refused with `tooLargeMessage`. */
  maxBytes: number;
  tooLargeMessage: string;
  onChange: (file: File | null) => void;
  /** A file the server would refuse (too large, not a picture) was chosen; it is not kept. */
  onRefused: (message: string) => void;
  /** The line under the button while no file is chosen (what it takes). */
  hint?: string;
  /** The field's error, shown under it (the caller clears it when a file is chosen). */
  error?: string | null;
  /**
   * 'square' (rounded corners) by default; 'round' for a circle; 'wide' for a banner, shown whole in the 16:7 frame
   * of the storefront's offers strip (a circle cut a wide banner down to two letters of its lettering).
   */
  shape?: 'square' | 'round' | 'wide';
  /** The preview's width and height in px; for 'wide', its width (the whole line on a phone). */
  previewSize?: number;
  disabled?: boolean;
}

/**
 * An image picker with a preview, used by the admin forms. A file the server would refuse (over the size limit,
 * or not a PNG, JPEG, WebP or GIF picture) is refused here, in the server's words, before any upload.
 */
export function ImageField({
  label,
  file,
  currentUrl,
  maxBytes,
  tooLargeMessage,
  onChange,
  onRefused,
  hint = 'PNG, JPEG, WebP or GIF',
  error = null,
  shape = 'square',
  previewSize = 96,
  disabled = false,
}: ImageFieldProps) {
  const inputId = useId();
  const helpId = `${inputId}-help`;
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  function choose(chosen: File | null) {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = chosen ? URL.createObjectURL(chosen) : null;
    setPreview(previewRef.current);
    onChange(chosen);
  }

  // Reset clears the file; the input must forget it too, or choosing the same file again does nothing.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  // A reset (file back to null) shows the stored image again.
  const shown = (file ? preview : null) ?? currentUrl ?? null;
  const frame =
    shape === 'wide'
      ? { width: { xs: '100%', sm: previewSize }, maxWidth: '100%', aspectRatio: '16 / 7', borderRadius: 2 }
      : { width: previewSize, height: previewSize, borderRadius: shape === 'round' ? '50%' : 2 };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box
        sx={{
          ...frame,
          bgcolor: 'grey.100',
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          overflow: 'hidden',
          flexShrink: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: 'grey.500',
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={`${label} preview`}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <PhotoCameraIcon aria-hidden fontSize={previewSize >= 120 ? 'large' : 'medium'} />
        )}
      </Box>
      <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<PhotoCameraIcon />} disabled={disabled}>
          {label}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            aria-label={label}
            aria-invalid={error ? true : undefined}
            aria-describedby={helpId}
            disabled={disabled}
            hidden
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              const problem = chosen ? imageFileProblem(chosen, maxBytes, tooLargeMessage) : null;
              if (problem) {
                event.target.value = '';
                choose(null);
                onRefused(problem);
                return;
              }
              choose(chosen);
            }}
          />
        </Button>
        <Typography
          id={helpId}
          variant="body2"
          color={error ? 'error' : 'text.secondary'}
          role={error ? 'alert' : undefined}
          sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
        >
          {error ?? (file ? file.name : hint)}
        </Typography>
      </Box>
    </Box>
  );
}
