import { expect, it } from 'vitest';
import * as contract from '../contract/auth';
import { isBlankPassword, OTP_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_ONLY_SPACES, PASSWORD_TOO_SHORT } from './account-rules';

it('states the account rules once, and the wire contract uses them', () => {
  expect([PASSWORD_MIN_LENGTH, OTP_LENGTH, PASSWORD_TOO_SHORT]).toEqual([8, 4, 'Password must be at least 8 characters.']);
  expect([contract.PASSWORD_MIN_LENGTH, contract.OTP_LENGTH, contract.PASSWORD_TOO_SHORT]).toEqual([
    PASSWORD_MIN_LENGTH,
    OTP_LENGTH,
    PASSWORD_TOO_SHORT,
  ]);
});

it.each([
  ['seven characters are too short', 'a'.repeat(7), false],
  ['eight are enough', 'a'.repeat(8), true],
])('the contract refuses a new password under the minimum: %s', (_label, password, accepted) => {
  const parsed = contract.newPasswordSchema.safeParse(password);
  expect(parsed.success).toBe(accepted);
  if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(PASSWORD_TOO_SHORT);
});

it.each([
  ['eight spaces', ' '.repeat(8), false],
  ['tabs and spaces', '\t\t  \t\t  ', false],
  ['a letter among spaces', '   a    ', true],
  ['words with spaces', 'four words of spaces', true],
])('the contract refuses a new password of spaces alone: %s', (_label, password, accepted) => {
  expect(isBlankPassword(password)).toBe(!accepted);
  const parsed = contract.newPasswordSchema.safeParse(password);
  expect(parsed.success).toBe(accepted);
  if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(PASSWORD_ONLY_SPACES);
});
