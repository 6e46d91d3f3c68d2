import { z } from 'zod';
import { poundsToPence } from '../domain/money';

/**
 * An amount in pounds on the wire ('2.5'), pence once parsed (250): from 0 to `maxPounds`, in whole pence. Every
 * refusal says the field's name, the range and an `example` ('2.50').
 */
export function poundsAsPence(name: string, maxPounds: number, example: string) {
  const message = `${name} must be an amount in pounds from 0 to ${maxPounds}, such as ${example}`;
  return z
    .number(message)
    .min(0, message)
    .max(maxPounds, message)
    .transform((value, ctx) => {
      const pence = poundsToPence(value);
      if (pence === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return pence;
    });
}
