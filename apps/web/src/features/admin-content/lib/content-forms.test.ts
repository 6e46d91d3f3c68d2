import { describe, expect, it } from 'vitest';
import {
  BANNER_IMAGE_REQUIRED,
  NOT_AN_IMAGE,
  NOTIFICATION_DESCRIPTION_REQUIRED,
  NOTIFICATION_TITLE_REQUIRED,
} from '@shop/shared/contract/catalogue';
import { PRODUCT_IMAGE_TOO_LARGE } from '@shop/shared/domain/messages';
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

describe('fieldErrorsFromServer', () => {
  it('puts each of the server’s refusals under its field', () => {
    expect(fieldErrorsFromServer(`${NOTIFICATION_TITLE_REQUIRED}; ${NOTIFICATION_DESCRIPTION_REQUIRED}`)).toEqual({
      title: NOTIFICATION_TITLE_REQUIRED,
      description: NOTIFICATION_DESCRIPTION_REQUIRED,
    });
    expect(fieldErrorsFromServer(PRODUCT_IMAGE_TOO_LARGE)).toEqual({ image: PRODUCT_IMAGE_TOO_LARGE });
    expect(fieldErrorsFromServer(NOT_AN_IMAGE)).toEqual({ image: NOT_AN_IMAGE });
    expect(fieldErrorsFromServer('title: The title is at most 120 characters')).toEqual({
      title: 'title: The title is at most 120 characters',
    });
  });

  it('leaves anything else to a toast', () => {
    expect(fieldErrorsFromServer('Please sign in')).toBeNull();
    expect(fieldErrorsFromServer(`${NOTIFICATION_TITLE_REQUIRED}; Something broke`)).toBeNull();
  });
});
