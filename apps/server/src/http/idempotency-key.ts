import type { FastifyRequest } from 'fastify';
import { idempotencyKeySchema } from '@shop/shared/contract/orders';
import { HttpError } from '../http-errors';

/** The request's `Idempotency-Key` header (decision 0401), null without one; 400 when it is not 8-255 printable characters. */
export function readIdempotencyKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
  if (!parsed.success) throw new HttpError('INVALID_IDEMPOTENCY_KEY', parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key');
  return parsed.data;
}
