import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';

interface ImageFieldProps {
  label: string;
  file: File | null;
  /** The stored image, shown until a new one is chosen. */
  currentUrl?: string | null;
  /** Largest file accepted, in bytes; a larger one is refused with `tooLargeMessage`. */
  maxBytes: number;
  tooLargeMessage: string;
  onChange: (file: File | null) => void;
  onRefused: (message: string) => void;
}

/** An image picker with a preview; a file over the limit is refused here, before any upload. */
export function ImageField({ label, file, currentUrl, maxBytes, tooLargeMessage, onChange, onRefused }: ImageFieldProps) {
  const inputId = useId();
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
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box
        sx={{ width: 96, height: 96, borderRadius: 2, bgcolor: 'grey.100', border: 1, borderColor: 'divider', overflow: 'hidden', flexShrink: 0 }}
      >
        {shown && <Box component="img" src={shown} alt={`${label} preview`} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />}
      </Box>
      <Box>
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<PhotoCameraIcon />}>
          {label}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-label={label}
            hidden
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              if (chosen && chosen.size > maxBytes) {
                event.target.value = '';
                choose(null);
                onRefused(tooLargeMessage);
                return;
              }
              choose(chosen);
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {file ? file.name : 'PNG, JPEG, WebP or GIF'}
        </Typography>
      </Box>
    </Box>
  );
}

/** A file as base64 without its `data:...;base64,` prefix, as `PUT` bodies carry images. */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read'));
    reader.readAsDataURL(file);
  });
}
