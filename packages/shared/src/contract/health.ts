/** `GET /api/health`: 200 when the process and its database answer (503 with the error body otherwise). */
import { z } from 'zod';

export const healthAnswerSchema = z.strictObject({ status: z.literal('ok'), database: z.literal('ok') });
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;
