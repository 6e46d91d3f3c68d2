import { NOT_AN_IMAGE } from '@shop/shared/contract/catalogue';

/** The picture types the server's image upload takes (it re-encodes them to WebP). */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/**
 * Why the server would refuse this file, checked in its order (size first, then the type), or null when it may be
 * sent. The browser's type comes from the file's name; the server still reads the bytes, so a renamed file that is
 * no picture is refused there, in the same words. A file the browser cannot type is left to the server.
 */
export function imageFileProblem(file: Pick<File, 'size' | 'type'>, maxBytes: number, tooLargeMessage: string): string | null {
  if (file.size > maxBytes) return tooLargeMessage;
  if (file.type !== '' && !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE;
  return null;
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
