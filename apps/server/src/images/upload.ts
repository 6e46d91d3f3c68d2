import { NOT_AN_IMAGE } from '@shop/shared/contract/catalogue';
import { HttpError } from '../http-errors';
import { detectImageType, processImage, type ProcessedImage } from './process';

export interface UploadRules {
  /** Largest accepted upload, in bytes of the file as sent. */
  maxBytes: number;
  /** The spec's wording for a file over `maxBytes` (answered with 413). */
  tooLargeMessage: string;
}

/** 413 when the upload is over its limit; checked before anything reads the bytes. */
export function assertUploadSize(bytes: number, rules: UploadRules): void {
  if (bytes > rules.maxBytes) throw new HttpError(413, rules.tooLargeMessage);
}

/**
 * Checks an uploaded image and re-encodes it: over the limit is 413; anything whose magic bytes are not an image
 * (a text file renamed .png, say) or that sharp cannot decode is 400. Answers the WebP original and its variants.
 */
export async function acceptImageUpload(input: Buffer, rules: UploadRules): Promise<ProcessedImage> {
  assertUploadSize(input.length, rules);
  if (detectImageType(input) === null) throw new HttpError(400, NOT_AN_IMAGE);
  try {
    return await processImage(input);
  } catch {
    throw new HttpError(400, NOT_AN_IMAGE);
  }
}
