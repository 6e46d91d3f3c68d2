/** `GET /api/images/{id}?w=`: a stored image (WebP), at its stored width or the variant of width `w`. */
import { z } from 'zod';

export const imageQuerySchema = z.object({
  w: z.coerce.number().int().min(1).max(4000).optional().describe('A width the image is kept at (e.g. 160, 480); otherwise the original'),
});
