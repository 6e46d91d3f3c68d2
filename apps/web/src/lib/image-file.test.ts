import { describe, expect, it } from 'vitest';
import { NOT_AN_IMAGE, PRODUCT_IMAGE_MAX_BYTES } from '@shop/shared/contract/catalogue';
import { PRODUCT_IMAGE_TOO_LARGE } from '@shop/shared/domain/messages';
import { imageFileProblem } from './image-file';

const check = (size: number, type: string) => imageFileProblem({ size, type }, PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TOO_LARGE);

describe('imageFileProblem', () => {
  it('takes PNG, JPEG, WebP and GIF up to the limit, the limit included', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) expect(check(PRODUCT_IMAGE_MAX_BYTES, type)).toBeNull();
  });

  it('refuses a file over the limit first, then one that is not a picture, in the server’s words', () => {
    expect(check(PRODUCT_IMAGE_MAX_BYTES + 1, 'image/png')).toBe(PRODUCT_IMAGE_TOO_LARGE);
    expect(check(PRODUCT_IMAGE_MAX_BYTES + 1, 'application/pdf')).toBe(PRODUCT_IMAGE_TOO_LARGE);
    expect(check(1000, 'application/pdf')).toBe(NOT_AN_IMAGE);
    expect(check(1000, 'image/svg+xml')).toBe(NOT_AN_IMAGE);
  });

  it("takes a phone's photo of several megabytes, up to 20 MB, and says so when refusing a larger one", () => {
    expect(check(6_500_000, 'image/jpeg')).toBeNull();
    expect(check(20_000_000, 'image/jpeg')).toBeNull();
    expect(check(20_000_001, 'image/jpeg')).toBe('Your image is over 20 MB: choose a picture up to 20 MB');
  });

  it('leaves a file the browser could not type to the server, which reads its bytes', () => {
    expect(check(1000, '')).toBeNull();
  });
});
