/**
 * A local stand-in of the one part of Twilio's API the shop calls: creating a Message
 * (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, a form with To, From or MessagingServiceSid, and Body,
 * HTTP Basic auth AccountSid:AuthToken). It answers as Twilio does: 201 with the Message resource, or Twilio's
 * error JSON `{code, message, more_info, status}`. Point the shop at it with TWILIO_API_URL=<url>.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A text the stand-in accepted. */
export interface StandInMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

/** Every request that reached the stand-in, accepted or not. */
export interface StandInSmsRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  authorization: string | undefined;
  form: URLSearchParams;
}

export interface TwilioStandIn {
  /** e.g. http://127.0.0.1:41236 — the value for TWILIO_API_URL. */
  url: string;
  accountSid: string;
  authToken: string;
  requests: StandInSmsRequest[];
  messages: StandInMessage[];
  /** The environment that points the shop at this stand-in (TWILIO_FROM as given, a number by default). */
  env(from?: string): Record<string, string>;
  /** Answers nothing to the next requests (until false), so the shop's timeout is what ends them. */
  hang(on: boolean): void;
  close(): Promise<void>;
}

/** Twilio's test number for an invalid 'To' (its magic numbers): the stand-in refuses it with error 21211. */
export const INVALID_TO_NUMBER = '+15005550001';
/** Twilio's magic number that cannot receive texts: refused with error 21614. */
export const NOT_A_MOBILE_NUMBER = '+15005550009';

const E164 = /^\+[1-9]\d{6,14}$/;

function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

function twilioError(response: ServerResponse, status: number, code: number, message: string): void {
  send(response, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  const requests: StandInSmsRequest[] = [];
  const messages: StandInMessage[] = [];
  let hanging = false;
  const hung = new Set<ServerResponse>();
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const text = await readText(request);
    // Twilio reads a form; any other body has no fields it knows.
    const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
      ? new URLSearchParams(text)
      : new URLSearchParams();
    requests.push({
      method: request.method ?? '',
      path,
      contentType: request.headers['content-type'],
      authorization: request.headers.authorization,
      form,
    });
    if (hanging) {
      hung.add(response);
      return;
    }
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!match || request.method !== 'POST') {
      twilioError(response, 404, 20404, `The requested resource ${path} was not found`);
      return;
    }
    if (request.headers.authorization !== expectedAuth || match[1] !== accountSid) {
      // Twilio answers a wrong SID or token, or an account other than the one authenticated, with 20003.
      twilioError(response, 401, 20003, 'Authenticate');
      return;
    }
    const to = form.get('To') ?? '';
    const from = form.get('From');
    const messagingServiceSid = form.get('MessagingServiceSid');
    const body = form.get('Body') ?? '';
    if (to === '') {
      twilioError(response, 400, 21604, "A 'To' phone number is required.");
      return;
    }
    if (from === null && messagingServiceSid === null) {
      twilioError(response, 400, 21603, "A 'From' phone number is required.");
      return;
    }
    if (body === '') {
      twilioError(response, 400, 21602, 'Message body is required.');
      return;
    }
    if (!E164.test(to) || to === INVALID_TO_NUMBER) {
      twilioError(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      return;
    }
    if (to === NOT_A_MOBILE_NUMBER) {
      twilioError(response, 400, 21614, `'To' number ${to} is not a valid mobile number`);
      return;
    }
    const sid = `SM${hex(16)}`;
    messages.push({ sid, to, from, messagingServiceSid, body });
    const now = new Date().toUTCString();
    send(response, 201, {
      sid,
      account_sid: accountSid,
      to,
      from,
      messaging_service_sid: messagingServiceSid,
      body,
      status: messagingServiceSid ? 'accepted' : 'queued',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      num_segments: '1',
      num_media: '0',
      price: null,
      price_unit: 'USD',
      error_code: null,
      error_message: null,
      date_created: now,
      date_updated: now,
      date_sent: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, { code: 20500, message: String(error), more_info: 'https://www.twilio.com/docs/errors/20500', status: 500 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    accountSid,
    authToken,
    requests,
    messages,
    env: (from = '+447700900001') => ({
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: from,
      TWILIO_API_URL: url,
    }),
    hang(on) {
      hanging = on;
    },
    async close() {
      for (const response of hung) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
