/**
 * Stripe's test cards and the messages Stripe gives for them
 * (https://docs.stripe.com/testing), so the offline provider answers as Stripe's test mode would.
 */

export type CardOutcome = { ok: true } | { ok: false; code: string; message: string };

export const CARD_DECLINED = 'Your card was declined.';

const OUTCOMES: Record<string, CardOutcome> = {
  '4242424242424242': { ok: true },
  '4000056655665556': { ok: true },
  '5555555555554444': { ok: true },
  '2223003122003222': { ok: true },
  '378282246310005': { ok: true },
  // Stripe's "always authenticate" card: saved, it stands for a card Stripe asks its CVC again for.
  '4000002760003184': { ok: true },
  '4000000000000002': { ok: false, code: 'card_declined', message: CARD_DECLINED },
  '4000000000009995': { ok: false, code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { ok: false, code: 'lost_card', message: CARD_DECLINED },
  '4000000000009979': { ok: false, code: 'stolen_card', message: CARD_DECLINED },
  '4000000000000069': { ok: false, code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { ok: false, code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    ok: false,
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 'MM/YY', 'MM / YY' or 'MM/YYYY' → { month, year }; null when malformed. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = (match[2] ?? '').length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** What Stripe's test mode would answer for this card at `now`. */
export function testCardOutcome(cardNumber: string, exp: string, cvc: string, now: Date): CardOutcome {
  const digits = cardDigits(cardNumber);
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) {
    return { ok: false, code: 'incorrect_number', message: 'Your card number is invalid.' };
  }
  const expiry = parseExpiry(exp);
  if (!expiry) return { ok: false, code: 'invalid_expiry', message: "Your card's expiration date is incomplete." };
  const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (expiry.year * 12 + (expiry.month - 1) < nowMonth) {
    return { ok: false, code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(cvc.trim())) return { ok: false, code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  return (
    OUTCOMES[digits] ?? {
      ok: false,
      code: 'card_declined',
      message:
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    }
  );
}

/** The test card whose saved method asks for its CVC each time it pays (as Stripe may ask for a saved card's). */
export const CVC_ASKING_TEST_CARD = '4000002760003184';

/** A card number's digits, without the spaces and dashes people type. */
export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

/** The brand Stripe names a card by, from its number's first digits. */
export function cardBrand(digits: string): string {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (digits.startsWith('4')) return 'visa';
  return 'unknown';
}
