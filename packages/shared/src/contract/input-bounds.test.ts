// Text fields checked against a pattern are bounded by their length first (issue 19 point 1): a field of megabytes is
// refused by a length check that costs nothing, and the pattern (the e-mail pattern, the post code and phone
// patterns) never runs on it. An e-mail field is a zod pipe, text then the e-mail pattern, and a pipe never runs its
// second part on what its first refused: so the first part alone must refuse a megabyte. The post code and phone
// checks are a transform after the text: the issue's code tells which refused ('too_big' is the length).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addressInputSchema, PHONE_MESSAGE, POSTCODE_MESSAGE } from './addresses';
import { EMAIL_TEXT_MAX_LENGTH, emailSchema, INVALID_EMAIL } from './auth';
import { addFavouriteRequestSchema } from './favourites';
import { buyProductRequestSchema } from './orders';

const HUGE = `${'a'.repeat(1_000_000)}@example.com`;

const EMAIL_FIELDS: Array<[string, z.ZodType]> = [
  ['accounts (register, login, profile, password reset)', emailSchema],
  ['an address', addressInputSchema.shape.Email],
  ['a favourite', addFavouriteRequestSchema.shape.email],
  ['an order', buyProductRequestSchema.shape.email],
];

/** What a field checks before its pattern: the first part of a pipe, or the whole field when it has no pattern. */
function beforePattern(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodPipe ? (schema.in as z.ZodType) : schema;
}

describe('text is bounded by its length before any pattern runs', () => {
  it.each(EMAIL_FIELDS)('the e-mail of %s: a megabyte is refused by its length, before the e-mail pattern', (_where, schema) => {
    expect(
      beforePattern(schema)
        .safeParse(HUGE)
        .error?.issues.map((issue) => issue.code),
    ).toEqual(['too_big']);
    expect(schema.safeParse(HUGE).success).toBe(false);
  });

  it('an e-mail at the longest, with stray spaces and capitals, is still read as the address', () => {
    const address = `${'a'.repeat(64)}@${'b'.repeat(180)}.example`;
    expect(emailSchema.parse(`  ${address.toUpperCase()}  `)).toBe(address);
    expect(emailSchema.safeParse(' '.repeat(EMAIL_TEXT_MAX_LENGTH) + 'a@example.com').error?.issues[0]?.message).toBe(INVALID_EMAIL);
  });

  it('a post code and a phone number of a megabyte are refused by their length, with the field’s own message', () => {
    const address = { firstname: 'A', Email: 'a@example.com', phone: '07700900456', address: '1 Road', city: 'Leeds', postcode: 'LS1 1AA' };
    for (const [field, message] of [
      ['postcode', POSTCODE_MESSAGE],
      ['phone', PHONE_MESSAGE],
    ] as const) {
      const issues = addressInputSchema.safeParse({ ...address, [field]: '1'.repeat(1_000_000) }).error?.issues ?? [];
      expect(issues.map(({ code, path, message }) => ({ code, path, message }))).toEqual([{ code: 'too_big', path: [field], message }]);
    }
    expect(addressInputSchema.safeParse({ ...address, postcode: ' ls1  1aa ', phone: '+44 (0)7700 900-456' }).data).toMatchObject({
      postcode: 'LS1 1AA',
    });
  });
});
