import { BANNER_IMAGE_REQUIRED, notificationCreateSchema } from '@shop/shared/contract/catalogue';
import type { ErrorCode } from '@shop/shared/contract/error-codes';
import { hasErrorCode } from '../../../lib/api';

/** The form's fields; an error is shown under its field. */
export type ContentField = 'title' | 'description' | 'image';
export type FieldErrors = Partial<Record<ContentField, string>>;

const textSchema = notificationCreateSchema.pick({ title: true, description: true });

/** The server's limits, read from the schema it checks with, for the inputs' maxLength. */
export const TITLE_MAX_LENGTH = notificationCreateSchema.shape.title.maxLength ?? undefined;
export const DESCRIPTION_MAX_LENGTH = notificationCreateSchema.shape.description.maxLength ?? undefined;

/** Send notification: the title and description checked by the server's own schema, so the words are the same. */
export function announcementErrors(values: { title: string; description: string }): FieldErrors {
  const parsed = textSchema.safeParse(values);
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if ((field === 'title' || field === 'description') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Add banner: the picture is the whole banner. */
export function bannerErrors(image: File | null): FieldErrors {
  return image ? {} : { image: BANNER_IMAGE_REQUIRED };
}

/** The refusals that are about the picture, whatever their words. */
const IMAGE_CODES: readonly ErrorCode[] = ['IMAGE_REQUIRED', 'NOT_AN_IMAGE', 'IMAGE_TOO_LARGE', 'IMAGE_DIMENSIONS_TOO_LARGE'];

/** The form's field of each field the server names (the picture comes as `myfiles`, or base64 in `file`). */
const FIELD_OF_NAME: Readonly<Record<string, ContentField>> = {
  title: 'title',
  description: 'description',
  myfiles: 'image',
  file: 'image',
};

/**
 * A refusal from the server put under the fields it is about, by its code (a picture's refusal, or a form refused
 * field by field), in the server's words; null when a part of it belongs to no field (a lost session, a fault): that
 * one is shown as a toast instead.
 */
export function fieldErrorsFromServer(error: unknown): FieldErrors | null {
  if (hasErrorCode(error, ...IMAGE_CODES)) return { image: error.message };
  if (!hasErrorCode(error, 'VALIDATION_FAILED') || !error.fields) return null;
  const errors: FieldErrors = {};
  for (const [name, message] of Object.entries(error.fields)) {
    const field = FIELD_OF_NAME[name];
    if (!field) return null;
    errors[field] ??= message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
