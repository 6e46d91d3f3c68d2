import { describe, expect, it } from 'vitest';
import * as contract from '@shop/shared/contract/auth';
import { CONFIRM_PASSWORD_MISMATCH, INVALID_OTP, VALID_EMAIL_REQUIRED } from '@shop/shared/domain/messages';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_ONLY_SPACES, PASSWORD_TOO_SHORT } from '@shop/shared/domain/account-rules';
import { checkNewPassword, checkResetEmail, returnPath } from './forgot-password-checks';

describe('forgot-password checks', () => {
  it('keeps the same rules as the wire contract', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(contract.PASSWORD_MIN_LENGTH);
    expect(OTP_LENGTH).toBe(contract.OTP_LENGTH);
    expect(PASSWORD_TOO_SHORT).toBe(contract.PASSWORD_TOO_SHORT);
  });

  it.each([
    ['', VALID_EMAIL_REQUIRED],
    ['   ', VALID_EMAIL_REQUIRED],
    ['a@example.com', null],
  ])('email %j → %s', (email, expected) => {
    expect(checkResetEmail(email)).toBe(expected);
  });

  it.each([
    [{ otp: 'AB12', password: 'longenough', confirm: 'longenougH' }, CONFIRM_PASSWORD_MISMATCH],
    [{ otp: 'AB1', password: 'longenough', confirm: 'longenough' }, INVALID_OTP],
    [{ otp: 'AB123', password: 'longenough', confirm: 'longenough' }, INVALID_OTP],
    [{ otp: '', password: 'x', confirm: 'y' }, CONFIRM_PASSWORD_MISMATCH],
    [{ otp: 'AB12', password: 'short', confirm: 'short' }, PASSWORD_TOO_SHORT],
    [{ otp: 'AB12', password: '        ', confirm: '        ' }, PASSWORD_ONLY_SPACES],
    [{ otp: 'AB12', password: 'longenough', confirm: 'longenough' }, null],
  ])('%j → %s', (input, expected) => {
    expect(checkNewPassword(input)).toBe(expected);
  });
});

describe('returnPath', () => {
  it.each([
    [{ from: { pathname: '/favourite', search: '?a=1', hash: '#x' } }, '/favourite?a=1#x'],
    [{ from: { pathname: '/payment' } }, '/payment'],
    [null, '/'],
    [{}, '/'],
    [{ from: { pathname: 'https://evil.example' } }, '/'],
    [{ from: { pathname: '/signin' } }, '/'],
  ])('%j → %s', (state, expected) => {
    expect(returnPath(state)).toBe(expected);
  });
});
