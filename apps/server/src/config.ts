import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  normaliseUkPhone,
  normaliseUkPostcode,
  normaliseVatNumber,
  TRADER_ADDRESS_LINES,
  TRADER_TEXT_MAX,
} from '@shop/shared/domain/shop-identity';
import { isCommonPassword } from './modules/auth/common-passwords';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** PAYMENTS: 'card' (the default), 'cash-only', or 'test-cards' (card payments in test mode). */
export const PAYMENT_MODES = ['card', 'cash-only', 'test-cards'] as const;

/** Empty strings in the environment mean "not set", so `FOO= npm start` falls back to the default. */
function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** Fastify's trustProxy, as TRUST_PROXY sets it. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** The names proxy-addr (Fastify's trustProxy) gives to address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: whose X-Forwarded-For the server believes for the client's address (rate limits count by it).
 * false: nobody's, the socket's address is the client (no proxy). A list of addresses or ranges: the proxies at
 * those addresses (nginx on the same machine: 127.0.0.1). A number: that many proxies in front. true: any sender,
 * safe only when nothing but the proxy can reach the server and the proxy overwrites the header.
 */
const trustProxySchema = z
  .string()
  .transform((v) => v.trim())
  .refine(
    (v) => v === 'true' || v === 'false' || /^[1-9]\d?$/.test(v) || v.split(',').every((entry) => isProxyAddress(entry.trim())),
    'must be false, true, a number of proxies (1-99), or a comma-separated list of proxy addresses or ranges such as 127.0.0.1,10.0.0.0/8',
  )
  .transform((v): TrustProxy => {
    if (v === 'true') return true;
    if (v === 'false') return false;
    if (/^\d+$/.test(v)) {
      // As Fastify reads a hop count: the n closest senders (hop 0 is the connection itself) are proxies.
      const proxies = Number(v);
      return (_address: string, hop: number) => hop < proxies;
    }
    return v.split(',').map((entry) => entry.trim());
  });

function isUrl(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    blankToUndefined,
    z.enum(['development', 'production', 'test'], 'must be one of development, production, test').default('development'),
  ),
  LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).optional()),
  PORT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d+$/, 'must be an integer from 0 to 65535')
      .transform(Number)
      .refine((n) => n <= 65535, 'must be an integer from 0 to 65535')
      .default(3000),
  ),
  HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
  TRUST_PROXY: z.preprocess(blankToUndefined, trustProxySchema.optional()),
  // Multiplies every account rate limit (docs/decisions/0103). Only for test and load environments, where one
  // address signs up and signs in hundreds of times an hour (the browser suite); a shop leaves it at 1.
  RATE_LIMIT_MULTIPLIER: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[1-9]\d{0,3}$/, 'must be a whole number from 1 to 9999')
      .transform(Number)
      .default(1),
  ),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => isUrl(v, ['postgres:', 'postgresql:']), 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  // Connections each process may hold on DATABASE_URL (plus 4 for the live-update adapter). Processes times this
  // must stay under the server's max_connections (100 by default).
  DATABASE_POOL_SIZE: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[1-9]\d{0,2}$/, 'must be a whole number from 1 to 999')
      .transform(Number)
      .default(30),
  ),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  // `npm run demo` sets it: a month of made-up orders on first start (db/seed/demo.ts), so every screen has data.
  DEMO_ORDERS: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false', '1', '0'], 'must be true or false')
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
  ),
  // The built web app to serve; the default is apps/web/dist. Lets parallel browser-test runs use their own builds.
  WEB_DIST_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  ADMIN_EMAIL: z.preprocess(
    blankToUndefined,
    z
      .email('must be an e-mail address')
      .transform((v) => v.toLowerCase())
      .default('admin@example.com'),
  ),
  ADMIN_PASSWORD: z.preprocess(
    blankToUndefined,
    z
      .string()
      .min(8, 'must be at least 8 characters')
      .refine((v) => !isCommonPassword(v), 'is one of the 10,000 most common passwords, the first tried against accounts: choose another')
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => isUrl(v, ['smtp:', 'smtps:']), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(blankToUndefined, z.string().default('Takeaway Shop <no-reply@localhost>')),
  // How the shop takes payment (decision 0702). Unset: cash, and card through Stripe with its keys (in development
  // and tests without them, the offline test cards). cash-only: no card payment at all. test-cards: card payments
  // in test mode (the offline test cards, or Stripe's test keys), which production takes only when asked this way.
  PAYMENTS: z.preprocess(blankToUndefined, z.enum(PAYMENT_MODES, `must be one of ${PAYMENT_MODES.join(', ')}`).optional()),
  STRIPE_SECRET_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(blankToUndefined, z.string().regex(/^pk_/, 'must start with pk_').optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^whsec_/, 'must start with whsec_')
      .optional(),
  ),
  // Where the Stripe SDK sends its requests; only tests (a local stand-in of Stripe's API) change it.
  STRIPE_API_BASE: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => isUrl(v, ['http:', 'https:']), 'must be an http(s) URL such as http://127.0.0.1:12111')
      .optional(),
  ),
  // Text messages through Twilio's Messages API (decision 1501): all three or none. TWILIO_AUTH_TOKEN is a secret, so
  // nothing here may refuse it with a message (a refusal quotes the value it got).
  TWILIO_ACCOUNT_SID: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID: AC followed by 32 hexadecimal characters')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: z.preprocess(blankToUndefined, z.string().optional()),
  TWILIO_FROM: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(
        (v) => /^\+[1-9]\d{6,14}$/.test(v) || /^MG[0-9a-fA-F]{32}$/.test(v),
        'must be the Twilio number texts come from in E.164 (+447700900123), or a Messaging Service SID (MG followed by 32 hexadecimal characters)',
      )
      .optional(),
  ),
  // Where the Messages API is; only tests (a local stand-in of Twilio) change it.
  TWILIO_API_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => isUrl(v, ['http:', 'https:']), 'must be an http(s) URL such as http://127.0.0.1:12112')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  // Web Push's VAPID keys (decision 1702): both or neither; unset, the shop makes a pair once and keeps it in the
  // database. VAPID_PRIVATE_KEY is a secret: nothing here quotes it.
  VAPID_PUBLIC_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'must be a VAPID public key: 65 bytes of base64url, as web-push generate-vapid-keys prints it')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(blankToUndefined, z.string().trim().optional()),
  VAPID_SUBJECT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(
        (v) => v.startsWith('mailto:') || v.startsWith('https://'),
        'must be a mailto: address or an https:// URL the push services can reach the shop at',
      )
      .optional(),
  ),
  // Admits a Web Push endpoint on the machine itself (a test's stand-in of a push service); production refuses it.
  PUSH_ALLOW_LOCAL_ENDPOINTS: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false', '1', '0'], 'must be true or false')
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
  ),
  // How often each process runs the order timers (decision 0800): auto-reject, auto-accept, the money sweep, due mail.
  // 0 turns them off (tests that run them by hand); a shop leaves the default.
  ORDER_TIMERS_INTERVAL_MS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,7}$/, 'must be a whole number of milliseconds from 0 (off) to 3600000')
      .transform(Number)
      .refine((n) => n <= 3_600_000, 'must be a whole number of milliseconds from 0 (off) to 3600000')
      .default(15_000),
  ),
  // How often each process looks for accepted orders whose kitchen tickets were never made (a process that died
  // between the accept and its tickets). Checked at the dispatcher's tick of a second; a shop leaves the default.
  PRINTERS_SWEEP_INTERVAL_MS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,7}$/, 'must be a whole number of milliseconds from 1000 to 3600000')
      .transform(Number)
      .refine((n) => n >= 1_000 && n <= 3_600_000, 'must be a whole number of milliseconds from 1000 to 3600000')
      .default(10_000),
  ),
  SHOP_TIME: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), 'must be an ISO instant such as 2026-11-18T18:00:00Z')
      .transform((v) => new Date(v))
      .optional(),
  ),
  // The trader (decision 1002) until the back office's settings say otherwise: the footer, checkout and receipts.
  SHOP_NAME: z.preprocess(
    blankToUndefined,
    z.string().trim().max(TRADER_TEXT_MAX, `must be at most ${TRADER_TEXT_MAX} characters`).optional(),
  ),
  SHOP_ADDRESS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((line) => line.trim())
          .filter((line) => line !== ''),
      )
      .refine(
        (lines) =>
          lines.length >= TRADER_ADDRESS_LINES.min &&
          lines.length <= TRADER_ADDRESS_LINES.max &&
          lines.every((l) => l.length <= TRADER_TEXT_MAX),
        `must be ${TRADER_ADDRESS_LINES.min} to ${TRADER_ADDRESS_LINES.max} address lines separated by commas, such as "12 Market Street, London E1 6AA"`,
      )
      .optional(),
  ),
  SHOP_PHONE: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => normaliseUkPhone(v) !== null, 'must be a UK phone number such as 020 7946 0321')
      .transform((v) => normaliseUkPhone(v) ?? v)
      .optional(),
  ),
  SHOP_EMAIL: z.preprocess(blankToUndefined, z.email('must be an e-mail address').optional()),
  SHOP_VAT_NUMBER: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => normaliseVatNumber(v) !== null, 'must be a UK VAT number such as GB123456789')
      .transform((v) => normaliseVatNumber(v) ?? v)
      .optional(),
  ),
  SHOP_POSTCODE: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => normaliseUkPostcode(v) !== null, 'must be a UK post code such as BS1 4DJ')
      .transform((v) => normaliseUkPostcode(v) ?? v)
      .optional(),
  ),
  PUBLIC_ORIGIN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(
        (v) => isUrl(v, ['http:', 'https:']) && new URL(v).origin === v.replace(/\/$/, ''),
        'must be an http(s) origin such as https://shop.example.com',
      )
      .transform((v) => v.replace(/\/$/, ''))
      .optional(),
  ),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: (typeof LOG_LEVELS)[number];
  port: number;
  host: string;
  /** Fastify's trustProxy (TRUST_PROXY): false, true, a hop count, or the proxies' addresses and ranges. */
  trustProxy: TrustProxy;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Absolute path, or the string 'memory://' for an in-memory PGlite (tests). */
  dataDir: string;
  /** Absolute path of the built web app, when not the default apps/web/dist. */
  webDistDir: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | undefined; apiBase: string | undefined } | undefined;
  /** Twilio's Messages API for text messages (TWILIO_*); undefined: none (sms/sms.ts says what happens then). */
  twilio: TwilioConfig | undefined;
  /**
   * How card payments are taken: 'stripe' (its keys are set), 'test' (the offline test cards: development and tests,
   * or PAYMENTS=test-cards) or 'off' (PAYMENTS=cash-only: the storefront offers cash on delivery only).
   */
  cardPayments: 'stripe' | 'test' | 'off';
  /** A fixed shop clock; undefined means the real clock. */
  shopTime: Date | undefined;
  /** Web Push (decision 1702): the environment's VAPID keys (else the database's), the subject, and the tests' local endpoints. */
  webPush: WebPushConfig;
  /** How often the order timers run (ms); 0: never by themselves (tests run them by hand). */
  orderTimersIntervalMs: number;
  /** How often each process sweeps for accepted orders without their kitchen tickets (ms). */
  printersSweepIntervalMs: number;
  /** Add the demo month of orders to a database that has none (`npm run demo`). */
  demoOrders: boolean;
  /** Every account rate limit's `max` is multiplied by this (1 in a shop; more for test servers). */
  rateLimitMultiplier: number;
  publicOrigin: string;
  /**
   * The origins whose pages may write and open the socket: PUBLIC_ORIGIN when it is set. Unset (a shop tried out with
   * `npm start`), both of the machine's names for it on PORT: localhost and 127.0.0.1. The start-up line names both,
   * and each is the same shop on the same machine. (Not [::1]: the shop listens on 127.0.0.1 by default, and a CSP
   * source may not name an IPv6 address.)
   */
  acceptedOrigins: readonly string[];
  /** The shop as the environment names it (SHOP_NAME, SHOP_ADDRESS, ...): the settings' fallbacks (decision 1002). */
  shop: ShopEnvironment;
}

export interface TwilioConfig {
  accountSid: string;
  /** A secret: sent only in the Authorization header to Twilio, never logged nor put in an error. */
  authToken: string;
  /** An E.164 number (sent as From) or a Messaging Service SID, MG... (sent as MessagingServiceSid). */
  from: string;
  /** https://api.twilio.com unless TWILIO_API_URL says otherwise; no trailing slash. */
  apiUrl: string;
}

export interface WebPushConfig {
  /** Both keys from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; undefined: the pair kept in web_push_keys. */
  keys: { publicKey: string; privateKey: string } | undefined;
  /** VAPID_SUBJECT, else the shop's https origin, else the admin's address as mailto:. */
  subject: string;
  /** PUSH_ALLOW_LOCAL_ENDPOINTS: a stand-in push service on this machine is admitted (tests only). */
  allowLocalEndpoints: boolean;
}

const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

/** The Twilio settings when all three are set, undefined when none is; throws naming the missing ones otherwise. */
function twilioConfig(e: z.output<typeof envSchema>): TwilioConfig | undefined {
  const missing = TWILIO_VARIABLES.filter((name) => e[name] === undefined);
  if (missing.length === TWILIO_VARIABLES.length) {
    if (e.TWILIO_API_URL !== undefined)
      throw new Error('TWILIO_API_URL is set without TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
    return undefined;
  }
  if (missing.length > 0) {
    const set = TWILIO_VARIABLES.filter((name) => !missing.includes(name));
    throw new Error(
      `Text messages through Twilio need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together: ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set, ${missing.join(' and ')} not (set ${missing.length === 1 ? 'it' : 'them'}, or unset all three to send no texts)`,
    );
  }
  return {
    accountSid: e.TWILIO_ACCOUNT_SID ?? '',
    authToken: e.TWILIO_AUTH_TOKEN ?? '',
    from: e.TWILIO_FROM ?? '',
    apiUrl: e.TWILIO_API_URL ?? 'https://api.twilio.com',
  };
}

/** Each undefined when its variable is not set: the settings' placeholder (domain/shop-identity.ts) is used. */
export interface ShopEnvironment {
  name?: string;
  address?: string[];
  phone?: string;
  email?: string;
  vatNumber?: string;
  postcode?: string;
}

function describeValue(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

/** Parses the environment once. Throws an Error naming the variable and what is wrong with it. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name} ${issue.message}, got ${describeValue(env[name])}`;
    });
    throw new Error(messages.join('; '));
  }
  const e = parsed.data;
  const hasSecret = e.STRIPE_SECRET_KEY !== undefined;
  const hasPublishable = e.STRIPE_PUBLISHABLE_KEY !== undefined;
  if (hasSecret !== hasPublishable) {
    const missing = hasSecret ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY';
    throw new Error(`${missing} must be set together with ${hasSecret ? 'STRIPE_SECRET_KEY' : 'STRIPE_PUBLISHABLE_KEY'}, got nothing`);
  }
  const payments = e.PAYMENTS ?? 'card';
  if (payments === 'test-cards' && hasSecret && !isStripeTestKey(e.STRIPE_SECRET_KEY ?? '')) {
    throw new Error('PAYMENTS=test-cards takes card payments in test mode, but STRIPE_SECRET_KEY is a live key: unset one of them');
  }
  const twilio = twilioConfig(e);
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither: the shop makes its own pair once)');
  const publicOrigin = e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`;
  if (e.NODE_ENV === 'production') {
    const problems = productionProblems(e, payments);
    if (problems.length > 0) throw new Error(`NODE_ENV=production refuses to start: ${problems.join('; ')}`);
  }
  return {
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY ?? false,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(process.cwd(), e.DATA_DIR),
    webDistDir: e.WEB_DIST_DIR === undefined ? undefined : path.resolve(process.cwd(), e.WEB_DIST_DIR),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe:
      e.STRIPE_SECRET_KEY !== undefined && e.STRIPE_PUBLISHABLE_KEY !== undefined
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    twilio,
    cardPayments: payments === 'cash-only' ? 'off' : hasSecret ? 'stripe' : 'test',
    shopTime: e.SHOP_TIME,
    webPush: {
      keys:
        e.VAPID_PUBLIC_KEY !== undefined && e.VAPID_PRIVATE_KEY !== undefined
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? (publicOrigin.startsWith('https:') ? publicOrigin : `mailto:${e.ADMIN_EMAIL}`),
      allowLocalEndpoints: e.PUSH_ALLOW_LOCAL_ENDPOINTS,
    },
    orderTimersIntervalMs: e.ORDER_TIMERS_INTERVAL_MS,
    printersSweepIntervalMs: e.PRINTERS_SWEEP_INTERVAL_MS,
    demoOrders: e.DEMO_ORDERS,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    publicOrigin,
    acceptedOrigins: e.PUBLIC_ORIGIN ? [e.PUBLIC_ORIGIN] : ['localhost', '127.0.0.1'].map((host) => `http://${host}:${e.PORT}`),
    shop: {
      ...(e.SHOP_NAME ? { name: e.SHOP_NAME } : {}),
      ...(e.SHOP_ADDRESS ? { address: e.SHOP_ADDRESS } : {}),
      ...(e.SHOP_PHONE ? { phone: e.SHOP_PHONE } : {}),
      ...(e.SHOP_EMAIL ? { email: e.SHOP_EMAIL } : {}),
      ...(e.SHOP_VAT_NUMBER ? { vatNumber: e.SHOP_VAT_NUMBER } : {}),
      ...(e.SHOP_POSTCODE ? { postcode: e.SHOP_POSTCODE } : {}),
    },
  };
}

function isStripeTestKey(key: string): boolean {
  return /^(sk|rk|pk)_test_/.test(key);
}

/**
 * What a shop in production must not do (decision 0702): take 'card payments' that are not real (the offline test
 * cards, Stripe's test keys, a stand-in API) unless its owner says PAYMENTS=test-cards, or take card payments that
 * can never be marked paid (no webhook secret); keep one-time codes in the log and the outbox instead of mailing
 * them (no SMTP_URL, and no way round it: whoever reads the log could take over any account); or run on the tests'
 * knobs (a fixed clock, made-up orders, multiplied rate limits).
 */
function productionProblems(e: z.output<typeof envSchema>, payments: (typeof PAYMENT_MODES)[number]): string[] {
  const problems: string[] = [];
  const hasStripe = e.STRIPE_SECRET_KEY !== undefined;
  if (payments === 'card') {
    if (!hasStripe) {
      problems.push(
        'card payments need STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET; set PAYMENTS=cash-only to take cash on delivery only, or PAYMENTS=test-cards for a trial shop whose card payments take no money',
      );
    } else if (isStripeTestKey(e.STRIPE_SECRET_KEY ?? '') || isStripeTestKey(e.STRIPE_PUBLISHABLE_KEY ?? '')) {
      problems.push(
        "the Stripe keys are test keys, which take Stripe's public test cards as payment; use the live keys, or set PAYMENTS=test-cards for a trial shop",
      );
    }
  }
  if (payments !== 'cash-only' && hasStripe && e.STRIPE_WEBHOOK_SECRET === undefined) {
    problems.push('card payments need STRIPE_WEBHOOK_SECRET: a card order is placed when Stripe says it is paid, by its signed webhook');
  }
  if (e.STRIPE_API_BASE !== undefined) problems.push('STRIPE_API_BASE is for tests (a local stand-in of Stripe): unset it');
  if (e.TWILIO_API_URL !== undefined) problems.push('TWILIO_API_URL is for tests (a local stand-in of Twilio): unset it');
  if (e.PUSH_ALLOW_LOCAL_ENDPOINTS)
    problems.push(
      'PUSH_ALLOW_LOCAL_ENDPOINTS is for tests (a local stand-in of a push service): it would let customers make the shop post to its own network: unset it',
    );
  if (e.SMTP_URL === undefined) {
    problems.push(
      'SMTP_URL must be set: password-reset codes are e-mailed, and without a mail server they would be kept in the log and the development outbox',
    );
  }
  if (e.SHOP_TIME !== undefined) problems.push("SHOP_TIME fixes the shop's clock for tests: unset it");
  if (e.ORDER_TIMERS_INTERVAL_MS === 0)
    problems.push('ORDER_TIMERS_INTERVAL_MS=0 turns off the order timers (unanswered orders would wait for ever): unset it');
  if (e.DEMO_ORDERS) problems.push('DEMO_ORDERS adds a month of made-up orders: unset it');
  if (e.RATE_LIMIT_MULTIPLIER !== 1) problems.push('RATE_LIMIT_MULTIPLIER loosens the sign-in limits for tests: unset it');
  return problems;
}

/** The shop's clock: the fixed SHOP_TIME instant when set, else the real time. Every module takes time from here. */
export function shopNow(config: Pick<Config, 'shopTime'>): Date {
  return config.shopTime ? new Date(config.shopTime.getTime()) : new Date();
}
