/**
 * Text messages (SMS), e.g. a card payment link to a phone caller. With TWILIO_* set they go through Twilio's
 * Messages API (twilio.ts, decision 1501). Without it, outside production, they go to the development outbox as mail
 * does without SMTP_URL (recorded with the subject 'Text message', and logged), so a shop on a laptop can follow the
 * link; in production without Twilio, sending throws and the caller offers e-mail instead.
 */
import type { Config } from '../config';
import type { ServiceContext } from '../context';
import { recordInOutbox } from '../mail/mailer';
import { createTwilioMessage, SmsNotSentError } from './twilio';

export { SmsNotSentError, type SmsFailure } from './twilio';

/** One text message: `to` in E.164 ('+447700900123', as domain/phone's canonicalPhone gives it). */
export interface Sms {
  to: string;
  body: string;
}

/** What sending needs from the app (routes pass the app). */
export type SmsContext = Pick<ServiceContext, 'config' | 'db' | 'now'>;

/** The subject a text has in the development outbox (mail_outbox), which tells it apart from a mail. */
export const SMS_OUTBOX_SUBJECT = 'Text message';
/** How long Twilio has to answer before the text is given up as not sent. */
export const SMS_TIMEOUT_MS = 10_000;
/** Twilio's limit on a message body (characters); a longer text is split into up to 10 segments before that. */
export const SMS_BODY_MAX = 1600;

const E164 = /^\+[1-9]\d{6,14}$/;

/** Whether a text can be sent: Twilio is configured, or (outside production) the development outbox takes it. */
export function smsConfigured(config: Pick<Config, 'twilio' | 'nodeEnv'>): boolean {
  return config.twilio !== undefined || config.nodeEnv !== 'production';
}

/**
 * Sends one text. Answers Twilio's message SID, or null when the development outbox took it. Throws
 * SmsNotSentError, whose message says why (not configured, an invalid number, Twilio's refusal, no answer in time).
 */
export async function sendSms(ctx: SmsContext, sms: Sms, options: { timeoutMs?: number } = {}): Promise<{ sid: string | null }> {
  if (!E164.test(sms.to)) {
    throw new SmsNotSentError(
      'invalid',
      `The text was not sent: ${JSON.stringify(sms.to)} is not a phone number in E.164 form such as +447700900123`,
    );
  }
  if (sms.body.trim() === '' || sms.body.length > SMS_BODY_MAX) {
    throw new SmsNotSentError('invalid', `The text was not sent: its body must be 1 to ${SMS_BODY_MAX} characters, got ${sms.body.length}`);
  }
  const { config } = ctx;
  if (config.twilio) {
    const sid = await createTwilioMessage(config.twilio, sms, options.timeoutMs ?? SMS_TIMEOUT_MS);
    return { sid };
  }
  if (config.nodeEnv === 'production') {
    throw new SmsNotSentError(
      'not-configured',
      'Text messages are not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM): the text was not sent',
    );
  }
  await recordInOutbox(ctx, { to: sms.to, subject: SMS_OUTBOX_SUBJECT, text: sms.body });
  // Tests keep their output quiet; everywhere else the outbox is also the log.
  if (config.nodeEnv !== 'test') console.info(`[sms outbox] to ${sms.to}: ${sms.body}`);
  return { sid: null };
}
