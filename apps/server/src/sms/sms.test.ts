import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/account-test-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { signInAs } from '../../test/sign-in';
import { INVALID_TO_NUMBER, NOT_A_MOBILE_NUMBER, startTwilioStandIn, type TwilioStandIn } from '../../test/twilio-stand-in';
import { loadConfig } from '../config';
import { sendSms, SMS_OUTBOX_SUBJECT, SmsNotSentError, smsConfigured } from './sms';

const CALLER = '+447700900123';
const PAY_LINK = 'Pay for your order at Takeaway Shop: https://shop.example.com/pay/tok_3f9a?x=1&y=2 (£12.50)';
const PRODUCTION_ENV = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', PAYMENTS: 'cash-only' };

/** The error sendSms threw, for its message and reason. */
async function failure(sending: Promise<unknown>): Promise<SmsNotSentError> {
  const error = await sending.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsNotSentError);
  return error as SmsNotSentError;
}

describe('sendSms through Twilio (a stand-in speaking its Messages API)', () => {
  let twilio: TwilioStandIn;
  let server: TestServer;

  beforeAll(async () => {
    twilio = await startTwilioStandIn();
    server = await startTestServer({ env: twilio.env('+447700900001') });
  });
  afterAll(async () => {
    await server?.close();
    await twilio?.close();
  });
  afterEach(() => twilio.hang(false));

  it('posts the form Twilio documents, with Basic auth, and answers the message SID', async () => {
    const before = twilio.requests.length;
    const { sid } = await sendSms(server.app, { to: CALLER, body: PAY_LINK });

    const [request] = twilio.requests.slice(before);
    expect(request).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
      contentType: 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
    });
    expect(Object.fromEntries(request?.form ?? [])).toEqual({ To: CALLER, From: '+447700900001', Body: PAY_LINK });
    const sent = twilio.messages.at(-1);
    expect(sent).toMatchObject({ to: CALLER, from: '+447700900001', body: PAY_LINK });
    expect(sid).toBe(sent?.sid);
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(smsConfigured(server.config)).toBe(true);
  });

  it("turns Twilio's error answer into an error saying why the text was not sent, without the auth token", async () => {
    const invalid = await failure(sendSms(server.app, { to: INVALID_TO_NUMBER, body: PAY_LINK }));
    expect(invalid.message).toBe(
      'The text to +1 500 555 0001 was not sent: that is not a valid phone number (Twilio error 21211, https://www.twilio.com/docs/errors/21211)',
    );
    expect(invalid).toMatchObject({ reason: 'refused', twilioCode: 21211 });

    const landline = await failure(sendSms(server.app, { to: NOT_A_MOBILE_NUMBER, body: PAY_LINK }));
    expect(landline.message).toContain('was not sent: that number cannot receive text messages (it is not a mobile)');
    for (const error of [invalid, landline]) {
      expect(error.message).not.toContain(twilio.authToken);
      expect(String(error.stack)).not.toContain(twilio.authToken);
    }
  });

  it('says when Twilio refuses the credentials, naming the settings and not the token', async () => {
    const wrong = { ...server.app, config: { ...server.config, twilio: { ...server.config.twilio!, authToken: 'f'.repeat(32) } } };
    const error = await failure(sendSms(wrong, { to: CALLER, body: PAY_LINK }));
    expect(error.message).toBe(
      "The text to 07700 900123 was not sent: Twilio did not accept the shop's account SID and auth token (check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN) (Twilio error 20003, https://www.twilio.com/docs/errors/20003)",
    );
    expect(error.message).not.toContain('f'.repeat(32));
  });

  it('gives up when Twilio does not answer in time, saying so', async () => {
    twilio.hang(true);
    const before = twilio.requests.length;
    // The stand-in never answers, so the time the shop waits is the only thing that ends the request.
    const error = await failure(sendSms(server.app, { to: CALLER, body: PAY_LINK }, { timeoutMs: 300 }));
    expect(twilio.requests.length).toBe(before + 1);
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('The text to 07700 900123 may not have been sent: Twilio did not answer within 0.3 seconds');
  });

  it('sends MessagingServiceSid instead of From when TWILIO_FROM is a Messaging Service', async () => {
    const service = `MG${'a1'.repeat(16)}`;
    const ctx = { ...server.app, config: { ...server.config, twilio: { ...server.config.twilio!, from: service } } };
    const before = twilio.requests.length;
    const { sid } = await sendSms(ctx, { to: CALLER, body: PAY_LINK });
    expect(Object.fromEntries(twilio.requests[before]?.form ?? [])).toEqual({ To: CALLER, MessagingServiceSid: service, Body: PAY_LINK });
    expect(sid).toBe(twilio.messages.at(-1)?.sid);
  });

  it('refuses a number that is not E.164 or an empty text before asking Twilio', async () => {
    const before = twilio.requests.length;
    const local = await failure(sendSms(server.app, { to: '07700 900123', body: PAY_LINK }));
    expect(local.message).toBe('The text was not sent: "07700 900123" is not a phone number in E.164 form such as +447700900123');
    const empty = await failure(sendSms(server.app, { to: CALLER, body: '  ' }));
    expect(empty.message).toBe('The text was not sent: its body must be 1 to 1600 characters, got 2');
    expect(twilio.requests.length).toBe(before);
  });

  it('says when Twilio cannot be reached', async () => {
    const gone = await startTwilioStandIn();
    await gone.close();
    const ctx = { ...server.app, config: { ...server.config, twilio: { ...server.config.twilio!, apiUrl: gone.url } } };
    const error = await failure(sendSms(ctx, { to: CALLER, body: PAY_LINK }));
    expect(error.reason).toBe('unreachable');
    expect(error.message).toBe(`The text to 07700 900123 was not sent: Twilio could not be reached at ${gone.url} (ECONNREFUSED)`);
  });
});

describe('sendSms without Twilio', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('outside production puts the text in the development outbox, where staff read it', async () => {
    expect(smsConfigured(server.config)).toBe(true);
    expect(await sendSms(server.app, { to: CALLER, body: PAY_LINK })).toEqual({ sid: null });

    const owner = await signInAs(server, { role: 'owner' });
    const outbox = await call<Array<{ to: string; subject: string; text: string }>>(server.url, 'GET', '/dev/outbox', {
      cookie: owner.cookie,
    });
    expect(outbox.status).toBe(200);
    expect(outbox.body[0]).toMatchObject({ to: CALLER, subject: SMS_OUTBOX_SUBJECT, text: PAY_LINK });
    expect(SMS_OUTBOX_SUBJECT).toBe('Text message');
  });

  it('in production throws saying text messages are not configured, and keeps nothing', async () => {
    const production = loadConfig(PRODUCTION_ENV);
    expect(smsConfigured(production)).toBe(false);
    const owner = await signInAs(server, { role: 'owner' });
    const outbox = async () => (await call<unknown[]>(server.url, 'GET', '/dev/outbox', { cookie: owner.cookie })).body.length;
    const kept = await outbox();

    const error = await failure(sendSms({ ...server.app, config: production }, { to: CALLER, body: PAY_LINK }));
    expect(error.reason).toBe('not-configured');
    expect(error.message).toBe(
      'Text messages are not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM): the text was not sent',
    );
    expect(await outbox()).toBe(kept);
  });
});

describe('the Twilio settings', () => {
  const sid = `AC${'0123456789abcdef'.repeat(2)}`;
  const token = 'secret-token-0123456789abcdef';

  it('are all three or none, naming what is missing without quoting the token', () => {
    expect(loadConfig({}).twilio).toBeUndefined();
    expect(loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: '+447700900001' }).twilio).toEqual({
      accountSid: sid,
      authToken: token,
      from: '+447700900001',
      apiUrl: 'https://api.twilio.com',
    });
    expect(() => loadConfig({ TWILIO_AUTH_TOKEN: token })).toThrow(
      'Text messages through Twilio need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together: TWILIO_AUTH_TOKEN is set, TWILIO_ACCOUNT_SID and TWILIO_FROM not (set them, or unset all three to send no texts)',
    );
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token })).toThrow(
      'TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are set, TWILIO_FROM not (set it,',
    );
    expect(() => loadConfig({ TWILIO_AUTH_TOKEN: token })).not.toThrow(token);
    expect(() => loadConfig({ TWILIO_API_URL: 'http://127.0.0.1:9' })).toThrow('TWILIO_API_URL is set without');
  });

  it('refuse a malformed SID or sender, naming the variable', () => {
    const env = { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: '+447700900001' };
    expect(() => loadConfig({ ...env, TWILIO_ACCOUNT_SID: 'SK123' })).toThrow(
      'TWILIO_ACCOUNT_SID must be a Twilio Account SID: AC followed by 32 hexadecimal characters, got "SK123"',
    );
    expect(() => loadConfig({ ...env, TWILIO_FROM: '07700 900001' })).toThrow(
      'TWILIO_FROM must be the Twilio number texts come from in E.164',
    );
    expect(loadConfig({ ...env, TWILIO_FROM: `MG${'ab'.repeat(16)}` }).twilio?.from).toBe(`MG${'ab'.repeat(16)}`);
  });

  it('make texts work in production, which refuses the test stand-in', () => {
    const env = { ...PRODUCTION_ENV, TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: '+447700900001' };
    expect(smsConfigured(loadConfig(env))).toBe(true);
    expect(() => loadConfig({ ...env, TWILIO_API_URL: 'http://127.0.0.1:9' })).toThrow(
      'TWILIO_API_URL is for tests (a local stand-in of Twilio): unset it',
    );
  });
});
