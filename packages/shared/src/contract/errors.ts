import { z } from 'zod';
import { ALL_CODES } from './error-codes';

export * from './error-codes';

export const errorCodeSchema = z.enum(ALL_CODES);

/** The one body of every 4xx and 5xx answer. `fields` and `lineIndex` are details some answers add. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: errorCodeSchema,
  /** VALIDATION_FAILED of a form: the message of each field that was refused, by the field's name. */
  fields: z.record(z.string(), z.string()).optional(),
  /** A pricing refusal from the cart quote: the index of the line that cannot be priced. */
  lineIndex: z.number().int().nullable().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
