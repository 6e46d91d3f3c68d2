import { desc } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { ServiceContext } from '../context';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

/** One plain-text e-mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** What sending needs from the app, so services and tests can pass a narrow object. */
export type MailContext = ServiceContext;

// One transporter per configuration: nodemailer's SMTP transport opens a connection per message, so there is
// nothing to close between mails.
const transporters = new WeakMap<Config, Transporter>();

function smtpTransport(config: Config, smtpUrl: string): Transporter {
  let transporter = transporters.get(config);
  if (!transporter) {
    transporter = nodemailer.createTransport(smtpUrl);
    transporters.set(config, transporter);
  }
  return transporter;
}

/**
 * Sends a mail through nodemailer to SMTP_URL. Without SMTP_URL the development outbox takes it instead: the
 * mail is recorded in mail_outbox (admins read it at GET /api/dev/outbox) and logged, so a shop running on a
 * laptop still lets someone reset a password. Never in production: its codes would be in the log for anyone who
 * reads it (the configuration refuses to start without SMTP_URL there, and this refuses again).
 */
export async function sendMail(app: MailContext, mail: Mail): Promise<void> {
  const { config } = app;
  if (config.smtpUrl) {
    await smtpTransport(config, config.smtpUrl).sendMail({
      from: config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    return;
  }
  if (config.nodeEnv === 'production') throw new Error('No SMTP_URL in production: the mail is not sent, nor kept in an outbox');
  await recordInOutbox(app, mail);
  // Tests keep their output quiet; everywhere else the outbox is also the log.
  if (config.nodeEnv !== 'test') console.info(`[mail outbox] to ${mail.to}: ${mail.subject}\n${mail.text}`);
}

/**
 * Records one message in the development outbox (mail_outbox, which src/mail owns): a mail, or a text message from
 * src/sms (its `to` a phone number, its subject 'Text message'). The caller logs it. Refuses in production, which
 * has no outbox.
 */
export async function recordInOutbox(app: Pick<MailContext, 'config' | 'db' | 'now'>, entry: Mail): Promise<void> {
  if (app.config.nodeEnv === 'production') throw new Error('Production has no development outbox: the message is not kept');
  const now = app.now();
  // The table's transport CHECK allows 'smtp' and 'outbox' only: a text is an 'outbox' row told apart by its subject.
  await app.db
    .insert(mailOutbox)
    .values({ to: entry.to, subject: entry.subject, text: entry.text, transport: 'outbox', sentAt: now, createdAt: now });
}

const pending = new Set<Promise<void>>();

/**
 * Sends without making the caller wait, so an answer takes as long whether or not a mail went out (the
 * forgot-password answer must not reveal which e-mails have accounts). Failures are logged.
 */
export function sendMailInBackground(app: MailContext, mail: Mail): void {
  const sending = sendMail(app, mail).catch((error: unknown) => {
    app.log.error({ err: error, subject: mail.subject }, 'sending mail failed');
  });
  pending.add(sending);
  void sending.finally(() => pending.delete(sending));
}

/** Resolves when every mail queued so far has been handed over (the server waits for this before closing). */
export async function flushMail(): Promise<void> {
  await Promise.all([...pending]);
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
}

export async function recentOutbox(db: Db, limit = 50): Promise<OutboxEntry[]> {
  return db
    .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
