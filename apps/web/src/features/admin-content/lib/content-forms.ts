import {
  BANNER_IMAGE_REQUIRED,
  NOT_AN_IMAGE,
  NOTIFICATION_DESCRIPTION_REQUIRED,
  NOTIFICATION_TITLE_REQUIRED,
  notificationCreateSchema,
} from '@shop/shared/contract/catalogue';
import { PRODUCT_IMAGE_TOO_LARGE } from '@shop/shared/domain/messages';

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

const IMAGE_MESSAGES = new Set([NOT_AN_IMAGE, PRODUCT_IMAGE_TOO_LARGE, BANNER_IMAGE_REQUIRED]);

/**
 * A refusal from the server put under the fields it is about (its messages are joined with '; '), or null when a
 * part of it belongs to no field (a lost session, a fault): that one is shown as a toast instead.
 */
export function fieldErrorsFromServer(message: string): FieldErrors | null {
  const errors: FieldErrors = {};
  for (const part of message.split('; ')) {
    const field: ContentField | null = IMAGE_MESSAGES.has(part)
      ? 'image'
      : part === NOTIFICATION_TITLE_REQUIRED || /^title\b/i.test(part) || /^The title\b/.test(part)
        ? 'title'
        : part === NOTIFICATION_DESCRIPTION_REQUIRED || /^description\b/i.test(part) || /^The description\b/.test(part)
          ? 'description'
          : null;
    if (!field) return null;
    errors[field] ??= part;
  }
  return errors;
}
