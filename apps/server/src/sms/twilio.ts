/**
 * Twilio's Messages API, as Twilio documents it (decision 1501): one form POST to
 * `{apiUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json` with To, From (or MessagingServiceSid) and Body, HTTP
 * Basic auth AccountSid:AuthToken. A 201 answers the new Message resource (its `sid`); an error answers
 * `{code, message, more_info, status}`. No SDK: this one request is all the shop sends.
 */
import { formatPhone } from '@shop/shared/domain/phone';
import type { TwilioConfig } from '../config';

/** Why a text was not sent. */
export type SmsFailure = 'not-configured' | 'invalid' | 'refused' | 'timeout' | 'unreachable' | 'bad-answer';

/** A text message that was not sent; its message says why, in words the staff can act on, and never holds the token. */
export class SmsNotSentError extends Error {
  readonly reason: SmsFailure;
  /** Twilio's error code (21211: an invalid 'To' number), when Twilio refused the text. */
  readonly twilioCode: number | null;

  constructor(reason: SmsFailure, message: string, twilioCode: number | null = null) {
    super(message);
    this.name = 'SmsNotSentError';
    this.reason = reason;
    this.twilioCode = twilioCode;
  }
}

/** Twilio's refusals the shop meets, said as the staff can act on them; another code is said in Twilio's words. */
const TWILIO_REFUSALS: Readonly<Record<number, string>> = {
  20003: "Twilio did not accept the shop's account SID and auth token (check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN)",
  20429: 'Twilio is taking too many requests at the moment: try again in a minute',
  21211: 'that is not a valid phone number',
  21212: "the shop's sending number (TWILIO_FROM) is not a valid phone number",
  21408: "the shop's Twilio account may not send texts to that country",
  21606: "the shop's sending number (TWILIO_FROM) cannot send text messages",
  21608: 'a Twilio trial account sends texts only to numbers verified on it',
  21610: "that number has replied STOP to the shop's texts and gets none until it replies START",
  21612: 'Twilio cannot reach that number by text',
  21614: 'that number cannot receive text messages (it is not a mobile)',
  21659: "the shop's sending number (TWILIO_FROM) is not a Twilio number of this account",
};

/** Twilio's error answer. */
interface TwilioErrorAnswer {
  code?: unknown;
  message?: unknown;
  more_info?: unknown;
  status?: unknown;
}

/** The text without the secret, should any text ever repeat it. */
function withoutSecret(text: string, secret: string): string {
  return secret === '' ? text : text.split(secret).join('[auth token]');
}

function refusal(to: string, status: number, answer: TwilioErrorAnswer | null, authToken: string): SmsNotSentError {
  const code = typeof answer?.code === 'number' ? answer.code : null;
  const twilioMessage = typeof answer?.message === 'string' ? answer.message.trim() : '';
  const moreInfo = typeof answer?.more_info === 'string' ? answer.more_info : '';
  const why = (code !== null ? TWILIO_REFUSALS[code] : undefined) ?? (twilioMessage || `Twilio answered HTTP ${status} without saying why`);
  const source = code !== null ? ` (Twilio error ${code}${moreInfo ? `, ${moreInfo}` : ''})` : '';
  return new SmsNotSentError('refused', withoutSecret(`The text to ${formatPhone(to)} was not sent: ${why}${source}`, authToken), code);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch (error) {
    // A timeout while reading the answer is the caller's; anything else is an answer that is not JSON.
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw error;
    return null;
  }
}

function causeCode(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}

/** Creates one Message at Twilio and answers its SID; throws SmsNotSentError saying why when it cannot. */
export async function createTwilioMessage(twilio: TwilioConfig, message: { to: string; body: string }, timeoutMs: number): Promise<string> {
  const url = `${twilio.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
  const form = new URLSearchParams({ To: message.to });
  if (twilio.from.startsWith('MG')) form.set('MessagingServiceSid', twilio.from);
  else form.set('From', twilio.from);
  form.set('Body', message.body);
  const credentials = Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64');
  const seconds = Math.round(timeoutMs / 100) / 10;
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form,
      signal,
    });
    const answer = await readJson(response);
    if (!response.ok) {
      throw refusal(
        message.to,
        response.status,
        typeof answer === 'object' && answer !== null ? (answer as TwilioErrorAnswer) : null,
        twilio.authToken,
      );
    }
    const sid = typeof answer === 'object' && answer !== null ? (answer as { sid?: unknown }).sid : undefined;
    if (typeof sid !== 'string' || sid === '') {
      throw new SmsNotSentError(
        'bad-answer',
        `The text to ${formatPhone(message.to)} may not have been sent: Twilio answered HTTP ${response.status} without a message SID`,
      );
    }
    return sid;
  } catch (error) {
    if (error instanceof SmsNotSentError) throw error;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new SmsNotSentError(
        'timeout',
        `The text to ${formatPhone(message.to)} may not have been sent: Twilio did not answer within ${seconds} seconds`,
      );
    }
    throw new SmsNotSentError(
      'unreachable',
      withoutSecret(
        `The text to ${formatPhone(message.to)} was not sent: Twilio could not be reached at ${twilio.apiUrl} (${causeCode(error)})`,
        twilio.authToken,
      ),
    );
  }
}
