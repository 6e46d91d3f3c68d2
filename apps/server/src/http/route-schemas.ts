// What every route's `schema` is made of (decision 0004): the contract's zod schemas of packages/shared for the
// params, query, body and answers, the one error body for every failure, and, for a body Fastify does not parse
// as JSON (an image form, Stripe's signed bytes), a description that only the API reference reads.
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_FIELD } from '@shop/shared/contract/catalogue';
import { errorBodySchema } from '@shop/shared/contract/errors';

/** Every failure of every route, whatever its status: the one error body (docs/api.md, "Errors"). */
export const errorAnswers = {
  '4xx': errorBodySchema.describe('Refused: `code` says why (docs/api.md, "Errors"), `message` says it to people'),
  '5xx': errorBodySchema.describe('The shop failed (INTERNAL_ERROR), or a part it depends on did'),
} as const;

/**
 * `:id` in a path. Any text is taken here: a route answers a malformed id as it answers an unknown one (404), so
 * ids cannot be probed, rather than with a validation error.
 */
export const idParams = z.object({ id: z.string().describe('The record’s id: 24 lowercase hex characters (anything else is not found)') });

/** `:email` in a path: the account it names (any case). */
export const emailParams = z.object({ email: z.string().describe('The account’s e-mail (any case)') });

/** A body the route reads itself: described in the API reference, never validated by Fastify. */
export interface DocumentedBody {
  schema: z.ZodType;
  contentTypes: readonly string[];
}

declare module 'fastify' {
  interface FastifySchema {
    /** A body the route reads itself (a multipart form, raw bytes): the API reference shows it, Fastify ignores it. */
    documentedBody?: DocumentedBody;
  }
}

/** 304 without a body: the ETag sent in If-None-Match is still current. */
export const notModified = z.undefined().describe('Not modified: the ETag sent in If-None-Match is current');

/** An admin form without an image: multipart fields, or the same fields as JSON. */
export function formBody(fields: z.ZodObject): DocumentedBody {
  return { schema: fields, contentTypes: ['multipart/form-data', 'application/json'] };
}

/**
 * An admin form with an optional image (SPEC.md section 5): multipart fields and the file in `myfiles`, or the same
 * fields as JSON with the image base64-encoded in `file`. The route reads it itself (images/image-form.ts), so its
 * fields' messages and the image's size limit are answered as the forms expect.
 */
export function imageFormBody(fields: z.ZodObject): DocumentedBody {
  return {
    schema: z.object({
      ...fields.shape,
      [IMAGE_FIELD]: z.string().meta({ format: 'binary', description: 'The image file (multipart only)' }).optional(),
    }),
    contentTypes: ['multipart/form-data', 'application/json'],
  };
}

export type Issue = { path: ReadonlyArray<PropertyKey>; message: string };

/**
 * What a route's declared schema refused, as zod's issues ('/items/0/quantity' back to its path), or null when the
 * error is not a refusal of a declared zod schema.
 */
export function schemaIssues(error: unknown): Issue[] | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  return error.validation.map((entry) => ({ path: entry.instancePath.split('/').slice(1).filter(Boolean), message: entry.message ?? '' }));
}
