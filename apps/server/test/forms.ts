// Admin form bodies for the upload tests: real images drawn by sharp, and multipart forms as the screens send them.
import sharp from 'sharp';
import { IMAGE_FIELD } from '@shop/shared/contract/catalogue';

export async function png(width = 64, height = 48, colour = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A real PNG padded (after its end chunk, which decoders ignore) to exactly `bytes`. */
export async function pngOfSize(bytes: number): Promise<Buffer> {
  const image = await png(32, 32);
  return Buffer.concat([image, Buffer.alloc(bytes - image.length)]);
}

/** A multipart form: text fields, and the image in `myfiles`. */
export function form(fields: Record<string, string>, file?: { bytes: Buffer; name?: string; type?: string }): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file)
    data.append(IMAGE_FIELD, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name ?? 'picture.png');
  return data;
}

export const isWebp = (bytes: Buffer) => bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP';
