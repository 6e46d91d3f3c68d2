import sharp from 'sharp';

// A small shop's server (decision 1102): no cache of libvips operations (every picture is a new one: the cache only
// held up to 50 MB of memory) and one libvips thread per picture (each thread keeps a malloc arena of its own once it
// has drawn). Pictures are a back-office upload at a time and the seed's, so nobody waits on this.
sharp.cache(false);
sharp.concurrency(1);

/** Widths of the resized copies kept beside each original (list cards use 480, thumbnails 160). */
export const IMAGE_VARIANT_WIDTHS = [160, 480] as const;

/**
 * The most pixels (width x height, as the file's header declares them) an image may have to be decoded at all.
 * 25 megapixels takes a phone's 12 MP (4032 x 3024) and 24 MP (5712 x 4284 is 24.5 MP) and a camera's 24 MP
 * (6000 x 4000) as a PNG, a WebP, a GIF or a progressive JPEG. Above it, a file of a few hundred bytes can declare
 * 50000 x 50000 pixels and decode to gigabytes (a "decompression bomb"), so the header is read first (sharp's
 * metadata() reads only that) and such a file is refused before a single pixel is decoded.
 */
export const IMAGE_PIXEL_BUDGET = 25_000_000;

/**
 * A baseline JPEG may have more: shrunk to 1600 px it is decoded at an eighth, a quarter or half its size straight
 * from the file (libjpeg's shrink-on-load), so a phone's 48 and 50 MP photos (8160 x 6120) take about 20 MB to read
 * (measured). A progressive JPEG keeps every coefficient while it decodes (160 MB at 50 MP), so it has the budget above.
 */
export const BASELINE_JPEG_PIXEL_BUDGET = 50_000_000;

/** The pixel budget of an image, from its header: the larger one for a baseline JPEG, which is read shrunk. */
export function pixelBudgetOf(header: { format: string; progressive: boolean }): number {
  return header.format === 'jpeg' && !header.progressive ? BASELINE_JPEG_PIXEL_BUDGET : IMAGE_PIXEL_BUDGET;
}

/**
 * The most memory one decoded image may need: the pixel budget at 8-bit RGBA, 100 MB. Most images are decoded a
 * few rows at a time and never need it all, but an interlaced PNG, a GIF or a WebP is decoded whole; at 16 bits
 * per channel with transparency, 25 MP would be 200 MB (measured: 256 MB more RSS), so such an image may have
 * at most half the pixels.
 */
export const IMAGE_DECODED_BYTES_BUDGET = IMAGE_PIXEL_BUDGET * 4;

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

export interface ImageHeader {
  /** The format sharp will decode the bytes as (its loader's name: png, jpeg, webp, gif, svg, heif, tiff...). */
  format: string;
  width: number;
  height: number;
  /** Bands once decoded (3 for RGB, 4 with alpha) and the bytes of each sample (1, or 2 for 16-bit). */
  channels: number;
  bytesPerSample: number;
  /** A progressive (or interlaced) file, which the decoder holds whole rather than a few rows at a time. */
  progressive: boolean;
}

const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * What the image declares about itself, from its header only: sharp's metadata() decodes no pixels, so this is
 * cheap however many pixels the file claims (it is given no pixel limit so that it can say how many). Throws if
 * no loader recognises the bytes.
 */
export async function readImageHeader(input: Buffer): Promise<ImageHeader> {
  const meta = await sharp(input, { limitInputPixels: false }).metadata();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    channels: meta.channels,
    bytesPerSample: SAMPLE_BYTES[meta.depth] ?? 8,
    progressive: meta.isProgressive,
  };
}

/**
 * Re-encodes any image sharp can read as WebP (dropping metadata and anything hidden in the file) and makes
 * the resized variants. Throws if the bytes are not an image.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  // limitInputPixels: sharp refuses, from the header, anything over the largest budget (uploads were measured
  // against their own already, in upload.ts; this holds for every caller). failOn 'warning': a truncated or corrupt
  // file is an error, not a half-grey picture.
  const original = await sharp(input, { limitInputPixels: BASELINE_JPEG_PIXEL_BUDGET, failOn: 'warning' })
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
