import { createRequire } from 'node:module';
import { COMMON_PASSWORDS_REFUSED, PASSWORD_TOO_COMMON } from '@shop/shared/domain/account-rules';
import { HttpError } from '../../http-errors';

/**
 * The most common passwords of the leaks attackers replay first: the first COMMON_PASSWORDS_REFUSED (10,000) of
 * @zxcvbn-ts/language-common's `passwords` list (MIT; ranked by how often each was seen in leaked password sets, most
 * common first), read once, when a password is first checked. Kept out of the browser's downloads: the web app
 * shows the server's refusal.
 */
let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  if (!common) {
    const ranked = createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    common = new Set(ranked.slice(0, COMMON_PASSWORDS_REFUSED).map((password) => password.toLowerCase()));
  }
  return common;
}

/** Whether the password, in any case and without surrounding spaces, is one of the common ones. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** 400 PASSWORD_TOO_COMMON for a new password that is on the list. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new HttpError('PASSWORD_TOO_COMMON', PASSWORD_TOO_COMMON);
}
