import { NOT_AN_IMAGE } from '@shop/shared/contract/catalogue';
import { HttpError } from '../http-errors';
import {
  detectImageType,
  IMAGE_DECODED_BYTES_BUDGET,
  IMAGE_PIXEL_BUDGET,
  pixelBudgetOf,
  processImage,
  readImageHeader,
  type ImageHeader,
  type ProcessedImage,
} from './process';

export interface UploadRules {
  /** Largest accepted upload, in bytes of the file as sent. */
  maxBytes: number;
  /** The spec's wording for a file over `maxBytes` (answered with 413). */
  tooLargeMessage: string;
}

/** 413 for a picture with more pixels than the shop decodes (a photo larger than any phone's, or a decompression bomb). */
export const imageTooManyPixelsMessage = (width: number, height: number, budget: number): string =>
  `The picture is ${width} × ${height} pixels, over the ${budget / 1_000_000} megapixel limit: make it smaller (6000 × 4000 fits) and try again`;

/** 413 for a picture within the pixel limit whose 16-bit colour would need too much memory to read. */
export const imageTooDeepMessage = (width: number, height: number): string =>
  `The picture is ${width} × ${height} pixels at 16 bits per colour, too large to read: save it as a JPEG or an 8-bit PNG, or make it smaller`;

/** 413 when the upload is over its limit; checked before anything reads the bytes. */
export function assertUploadSize(bytes: number, rules: UploadRules): void {
  if (bytes > rules.maxBytes) throw new HttpError('IMAGE_TOO_LARGE', rules.tooLargeMessage);
}

/**
 * At most this many uploads are decoded at once: each may take up to the decoded-bytes budget (100 MB) while it
 * is re-encoded, so a burst of uploads queues rather than adding up. The seed's own images do not pass here.
 */
const MAX_CONCURRENT_DECODES = 2;
let decoding = 0;
const waiting: Array<() => void> = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= MAX_CONCURRENT_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
}

/** The header, if the bytes are an image of the type their magic numbers say; else 400. */
async function headerOf(input: Buffer): Promise<ImageHeader> {
  const type = detectImageType(input);
  if (type === null) throw new HttpError('NOT_AN_IMAGE', NOT_AN_IMAGE);
  let header: ImageHeader;
  try {
    header = await readImageHeader(input);
  } catch {
    throw new HttpError('NOT_AN_IMAGE', NOT_AN_IMAGE);
  }
  // The decoder that would run must be the one for the type the bytes start with: a file that opens like a JPEG
  // but that another loader claims (an SVG, a HEIF, a TIFF) is not one of the four formats the shop takes.
  if (header.format !== type || !(header.width > 0 && header.height > 0)) throw new HttpError('NOT_AN_IMAGE', NOT_AN_IMAGE);
  return header;
}

/** 413 when the header declares more than the shop decodes: checked before any pixel is decoded. */
function assertDecodable(header: ImageHeader): void {
  const { width, height, channels, bytesPerSample } = header;
  const budget = pixelBudgetOf(header);
  if (width * height > budget) throw new HttpError('IMAGE_DIMENSIONS_TOO_LARGE', imageTooManyPixelsMessage(width, height, budget));
  // A baseline JPEG over the common budget is read shrunk (process.ts), never whole.
  if (width * height > IMAGE_PIXEL_BUDGET && budget > IMAGE_PIXEL_BUDGET) return;
  if (width * height * Math.max(channels, 1) * bytesPerSample > IMAGE_DECODED_BYTES_BUDGET)
    throw new HttpError('IMAGE_DIMENSIONS_TOO_LARGE', imageTooDeepMessage(width, height));
}

/**
 * Checks an uploaded image and re-encodes it. Over the byte limit is 413. Anything whose magic bytes are not a
 * PNG, JPEG, WebP or GIF (a text file renamed .png, HTML, an executable, an SVG whatever its name or type), or
 * that sharp reads as another format, is 400. Then the header alone: more pixels than the budget, or more memory
 * than the decoded-bytes budget, is 413, with nothing decoded. Then it is decoded (a truncated or corrupt file is
 * 400) and re-encoded: only the pixels are kept, so anything else the file carried (a script in a comment or
 * after the image's end, a ZIP appended, EXIF) is gone, and the shop only ever serves its own WebP.
 */
export async function acceptImageUpload(input: Buffer, rules: UploadRules): Promise<ProcessedImage> {
  assertUploadSize(input.length, rules);
  assertDecodable(await headerOf(input));
  return withDecodeSlot(async () => {
    try {
      return await processImage(input);
    } catch {
      throw new HttpError('NOT_AN_IMAGE', NOT_AN_IMAGE);
    }
  });
}
