import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-errors';

// Text the database cannot store. PostgreSQL text never holds U+0000, and the embedded database (PGlite) refuses a
// string with a lone UTF-16 surrogate ("\ud800", which JSON can carry) as an invalid UTF-8 byte sequence: either
// fails the statement that stores or compares it, which would answer 500. No field of the shop has a use for them,
// so requests carrying one are refused with 400 at the door, naming where: path parameters, query string and JSON
// body (values and keys, at any depth) here, multipart fields in images/image-form.ts.

export function nulTextMessage(where: string): string {
  return `${where}: text may not contain the NUL character (U+0000)`;
}

export function loneSurrogateMessage(where: string): string {
  return `${where}: text must be valid Unicode (it holds half of a UTF-16 surrogate pair, such as \\ud800)`;
}

/** With the u flag, \p{Cs} matches only a surrogate that is not half of a well-formed pair. */
const LONE_SURROGATE = /\p{Cs}/u;

function problemOf(text: string, where: string): string | null {
  if (text.includes('\u0000')) return nulTextMessage(where);
  if (LONE_SURROGATE.test(text)) return loneSurrogateMessage(where);
  return null;
}

/**
 * Why the value cannot be stored (the message, naming the dotted path under `root`, e.g. 'items.0.note'), or null.
 * Walks with a stack rather than recursion: a JSON body may nest thousands of levels deep.
 */
export function unstorableText(value: unknown, root = ''): string | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, where] = next;
    if (typeof item === 'string') {
      const problem = problemOf(item, where || 'body');
      if (problem) return problem;
      continue;
    }
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    for (const [key, child] of Object.entries(item)) {
      const path = where ? `${where}.${key}` : key;
      const problem = problemOf(key, path || 'a field name');
      if (problem) return problem;
      stack.push([child, path]);
    }
  }
  return null;
}

/** Throws the 400 when `value` holds text the database cannot store. */
export function assertStorableText(value: unknown, root = ''): void {
  const problem = unstorableText(value, root);
  if (problem !== null) throw new HttpError('UNSTORABLE_TEXT', problem);
}

/** Checks every request's parameters, query string and parsed body before any route sees them. */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertStorableText(request.params);
    assertStorableText(request.query);
    assertStorableText(request.body);
  });
}
