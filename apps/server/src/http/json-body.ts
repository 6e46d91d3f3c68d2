import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-errors';

// The one JSON body parser (issue 19 point 1, docs/security.md). JSON.parse, and everything that walks its result
// afterwards (the unstorable-text check, the schemas), costs time in proportion to how deeply the text nests and how
// many values it holds: a million-deep `[[[[...` of 2 MB cost a signed-out client about 2 s of the server's time
// before its 401. So a body is scanned once, in a single linear pass that counts brackets and commas outside strings,
// and refused before it is parsed when it nests deeper, or holds more values, than any body of the shop ever does.
// The body's size is bounded before that by its route's bodyLimit (src/http/body-limits.ts).

/**
 * The deepest any request body nests: the deepest real one is an order's deal item
 * (`{"items":[{"deal":{"items":[{...}]}}]}`, 5 levels); 32 leaves room for any reasonable client.
 */
export const JSON_MAX_DEPTH = 32;
/**
 * The most values (lists, objects and the values in them) a body holds. The largest real body is an order of 50
 * lines each with a deal of 200 chosen items and 20 toppings: about 32,000 (body-limits.test.ts builds it).
 */
export const JSON_MAX_VALUES = 50_000;

export const BODY_TOO_DEEP = `The body nests lists and objects more than ${JSON_MAX_DEPTH} levels deep`;
export const BODY_TOO_MANY_VALUES = `The body holds more than ${JSON_MAX_VALUES} values`;
export const PROTOTYPE_KEYS_REFUSED = 'The body may not hold a "__proto__" key, nor a "constructor" key with a "prototype" inside';

export type JsonShapeProblem = 'too-deep' | 'too-many-values';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;

/**
 * Whether JSON text nests deeper than `maxDepth`, or holds more than `maxValues` values, found in one pass over the
 * text without parsing it: brackets and commas count only outside strings (a string's `\"` does not end it); each
 * list or object opened and each comma is one more value. It stops at the first problem, so a million-deep body costs
 * `maxDepth` steps. Malformed text is left to the parser: the scan only says what it saw up to where it stopped.
 */
export function jsonShapeProblem(text: string, maxDepth = JSON_MAX_DEPTH, maxValues = JSON_MAX_VALUES): JsonShapeProblem | null {
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
      continue;
    }
    if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      if (depth === maxDepth) return 'too-deep';
      depth++;
      if (++values > maxValues) return 'too-many-values';
    } else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) {
      if (depth > 0) depth--;
    } else if (char === COMMA) {
      if (++values > maxValues) return 'too-many-values';
    }
  }
  return null;
}

/**
 * Replaces Fastify's application/json parser:
 * - an empty body is no body (many clients send `content-type: application/json` on a DELETE without one; Fastify
 *   would refuse it with 400 before the route, or its sign-in check, runs);
 * - a body nested deeper, or holding more values, than any real one is refused with 400 (BODY_TOO_DEEP,
 *   BODY_TOO_MANY_VALUES) before it is parsed;
 * - anything else goes to Fastify's own parser, with its prototype-poisoning protection (UNSAFE_JSON_KEYS).
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    const problem = jsonShapeProblem(text);
    if (problem !== null) {
      const error =
        problem === 'too-deep'
          ? new HttpError('BODY_TOO_DEEP', BODY_TOO_DEEP)
          : new HttpError('BODY_TOO_MANY_VALUES', BODY_TOO_MANY_VALUES);
      done(error, undefined);
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error && isValidJson(text)) {
        // Valid JSON refused by the prototype-poisoning check: say so, rather than "not valid JSON".
        done(new HttpError('UNSAFE_JSON_KEYS', PROTOTYPE_KEYS_REFUSED), undefined);
        return;
      }
      done(error, parsed);
    });
  });
}

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
