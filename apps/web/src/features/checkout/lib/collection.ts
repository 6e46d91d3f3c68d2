import { CONTACT_NAME_MESSAGE } from '@shop/shared/contract/orders';
import { canonicalPhone, PHONE_MESSAGE } from '@shop/shared/domain/phone';

/** Who collects a collection order, as typed. */
export interface ContactDraft {
  name: string;
  phone: string;
}

export interface ContactProblems {
  name?: string;
  phone?: string;
}

/** The contact's problems, checked as the server checks them (collectionContactSchema): a name, a phone of 10-15 digits. */
export function contactProblems(contact: ContactDraft): ContactProblems {
  return {
    ...(contact.name.trim() === '' ? { name: CONTACT_NAME_MESSAGE } : {}),
    ...(canonicalPhone(contact.phone) === null ? { phone: PHONE_MESSAGE } : {}),
  };
}

/** 'Collect in about 20 min': collection's quote beside 'As soon as possible' (the opening status's collectionQuoteMinutes). */
export function collectionQuoteLine(status: { collectionQuoteMinutes?: number } | undefined): string | null {
  if (!status || typeof status.collectionQuoteMinutes !== 'number') return null;
  return `Collect in about ${status.collectionQuoteMinutes} min`;
}

/** The question checkout asks (FSA guidance: the customer is asked about allergies before the order is placed). */
export const ALLERGY_QUESTION = 'Any allergies we should know about?';
