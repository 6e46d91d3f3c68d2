import { describe, expect, it } from 'vitest';
import {
  BANNER_IMAGE_REQUIRED,
  NOT_AN_IMAGE,
  NOTIFICATION_DESCRIPTION_REQUIRED,
  NOTIFICATION_TITLE_REQUIRED,
} from '@shop/shared/contract/catalogue';
import { PRODUCT_IMAGE_TOO_LARGE } from '@shop/shared/domain/messages';
import { ApiError } from '../../../lib/api';
import { announcementErrors, bannerErrors, DESCRIPTION_MAX_LENGTH, fieldErrorsFromServer, TITLE_MAX_LENGTH } from './content-forms';

describe('announcementErrors', () => {
  it('asks for a title and a description, blanks counting as empty, in the server’s words', () => {
    expect(announcementErrors({ title: '  ', description: '' })).toEqual({
      title: NOTIFICATION_TITLE_REQUIRED,
      description: NOTIFICATION_DESCRIPTION_REQUIRED,
    });
    expect(announcementErrors({ title: 'Half price Tuesdays', description: 'Every pizza' })).toEqual({});
  });

  it('knows the server’s length limits', () => {
    expect(TITLE_MAX_LENGTH).toBe(120);
    expect(DESCRIPTION_MAX_LENGTH).toBe(1000);
    expect(announcementErrors({ title: 'x'.repeat(121), description: 'ok' }).title).toMatch(/120/);
  });
});

describe('bannerErrors', () => {
  it('needs a picture', () => {
    expect(bannerErrors(null)).toEqual({ image: BANNER_IMAGE_REQUIRED });
    expect(bannerErrors(new File(['x'], 'a.png', { type: 'image/png' }))).toEqual({});
  });
});

function refusal(status: number, body: Record<string, unknown>): ApiError {
  return new ApiError(status, String(body.message), { statusCode: status, error: 'x', ...body });
}

describe('fieldErrorsFromServer', () => {
  it('puts a refused form’s fields under them, by the fields the server names, in its words', () => {
    const both = refusal(400, {
      code: 'VALIDATION_FAILED',
      message: `${NOTIFICATION_TITLE_REQUIRED}; ${NOTIFICATION_DESCRIPTION_REQUIRED}`,
      fields: { title: NOTIFICATION_TITLE_REQUIRED, description: NOTIFICATION_DESCRIPTION_REQUIRED },
    });
    expect(fieldErrorsFromServer(both)).toEqual({ title: NOTIFICATION_TITLE_REQUIRED, description: NOTIFICATION_DESCRIPTION_REQUIRED });
    const long = refusal(400, {
      code: 'VALIDATION_FAILED',
      message: 'title: The title is at most 120 characters',
      fields: { title: 'The title is at most 120 characters' },
    });
    expect(fieldErrorsFromServer(long)).toEqual({ title: 'The title is at most 120 characters' });
  });

  it('puts every refusal of the picture under it, by its code', () => {
    expect(fieldErrorsFromServer(refusal(413, { code: 'IMAGE_TOO_LARGE', message: PRODUCT_IMAGE_TOO_LARGE }))).toEqual({
      image: PRODUCT_IMAGE_TOO_LARGE,
    });
    expect(fieldErrorsFromServer(refusal(400, { code: 'NOT_AN_IMAGE', message: NOT_AN_IMAGE }))).toEqual({ image: NOT_AN_IMAGE });
    expect(fieldErrorsFromServer(refusal(400, { code: 'IMAGE_REQUIRED', message: BANNER_IMAGE_REQUIRED }))).toEqual({
      image: BANNER_IMAGE_REQUIRED,
    });
    expect(
      fieldErrorsFromServer(refusal(413, { code: 'IMAGE_DIMENSIONS_TOO_LARGE', message: 'The picture is 9000 × 9000 pixels' })),
    ).toEqual({
      image: 'The picture is 9000 × 9000 pixels',
    });
  });

  it('goes by the code, never the words: the same words under another code are not a field’s', () => {
    expect(fieldErrorsFromServer(refusal(400, { code: 'BAD_REQUEST', message: NOT_AN_IMAGE }))).toBeNull();
    expect(fieldErrorsFromServer(refusal(400, { code: 'VALIDATION_FAILED', message: NOTIFICATION_TITLE_REQUIRED }))).toBeNull();
  });

  it('leaves anything else to a toast', () => {
    expect(fieldErrorsFromServer(refusal(401, { code: 'SIGN_IN_REQUIRED', message: 'Please sign in' }))).toBeNull();
    const mixed = refusal(400, {
      code: 'VALIDATION_FAILED',
      message: 'x',
      fields: { title: NOTIFICATION_TITLE_REQUIRED, colour: 'Something broke' },
    });
    expect(fieldErrorsFromServer(mixed)).toBeNull();
    expect(fieldErrorsFromServer(new Error(NOT_AN_IMAGE))).toBeNull();
  });
});
