import sharp from 'sharp';

/** Widths of the resized copies kept beside each original (list cards use 480, thumbnails 160). */
export const IMAGE_VARIANT_WIDTHS = [160, 480] as const;

/** Originals larger than this are scaled down: nothing on the shop's screens is wider. */
const MAX_ORIGINAL_WIDTH = 1600;
const WEBP_QUALITY = 78;

export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif' | 'svg';

export interface ProcessedImage {
  mime: 'image/webp';
  data: Buffer;
  width: number;
  height: number;
  variants: Array<{ width: number; height: number; data: Buffer }>;
}

/** What the bytes really are, from their magic numbers; a file name or a client's MIME type is not trusted. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 6 && (b.toString('ascii', 0, 6) === 'GIF87a' || b.toString('ascii', 0, 6) === 'GIF89a')) return 'gif';
  return null;
}

/**
 * Re-encodes any image sharp can read as WebP (dropping metadata and anything hidden in the file) and makes
 * the resized variants. Throws if the bytes are not an image.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const original = await sharp(input, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width: MAX_ORIGINAL_WIDTH, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = original.info;
  const variants = await Promise.all(
    IMAGE_VARIANT_WIDTHS.filter((w) => w < width).map(async (w) => {
      const out = await sharp(original.data).resize({ width: w }).webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      return { width: out.info.width, height: out.info.height, data: out.data };
    }),
  );
  return { mime: 'image/webp', data: original.data, width, height, variants };
}
