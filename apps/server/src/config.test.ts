import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, shopNow } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve(process.cwd(), 'data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminEmail).toBe('admin@example.com');
    expect(config.adminPassword).toBeUndefined();
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(config.mailFrom).toBe('Takeaway Shop <no-reply@localhost>');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    expect(config.shopTime).toBeUndefined();
    expect(config.databasePoolSize).toBe(30);
    expect(config.nodeEnv).toBe('development');
    expect(config.logLevel).toBe('info');
  });

  it('reads every variable it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      DATABASE_POOL_SIZE: '12',
      DATA_DIR: '/var/lib/shop',
      ADMIN_EMAIL: 'Owner@Example.COM',
      ADMIN_PASSWORD: 'correct horse',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Pizza <orders@pizza.test>',
      STRIPE_SECRET_KEY: 'sk_live_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      PAYMENTS: 'card',
      PUBLIC_ORIGIN: 'https://shop.example.com/',
      NODE_ENV: 'production',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://shop@db:5432/shop',
      databasePoolSize: 12,
      dataDir: '/var/lib/shop',
      adminEmail: 'owner@example.com',
      adminPassword: 'correct horse',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Pizza <orders@pizza.test>',
      stripe: { secretKey: 'sk_live_123', publishableKey: 'pk_live_123', webhookSecret: 'whsec_abc' },
      cardPayments: 'stripe',
      publicOrigin: 'https://shop.example.com',
      nodeEnv: 'production',
      logLevel: 'debug',
    });
    expect(config.shopTime).toBeUndefined();
    expect(loadConfig({ SHOP_TIME: '2026-11-18T18:00:00Z' }).shopTime?.toISOString()).toBe('2026-11-18T18:00:00.000Z');
  });

  it('reads the trader and the post code (decision 1002), normalised, and names what is wrong', () => {
    expect(loadConfig({}).shop).toEqual({});
    expect(
      loadConfig({
        SHOP_NAME: 'Harbour Pizza',
        SHOP_ADDRESS: '4 Harbour Walk, , Bristol BS1 4DJ',
        SHOP_PHONE: '+44 117 496 0123',
        SHOP_EMAIL: 'hello@harbour.example',
        SHOP_VAT_NUMBER: 'gb 123 4567 89',
        SHOP_POSTCODE: 'bs14dj',
      }).shop,
    ).toEqual({
      name: 'Harbour Pizza',
      address: ['4 Harbour Walk', 'Bristol BS1 4DJ'],
      phone: '+44 117 496 0123',
      email: 'hello@harbour.example',
      vatNumber: 'GB123456789',
      postcode: 'BS1 4DJ',
    });
    expect(() => loadConfig({ SHOP_PHONE: '12345' })).toThrow('SHOP_PHONE must be a UK phone number such as 020 7946 0321, got "12345"');
    expect(() => loadConfig({ SHOP_VAT_NUMBER: 'FR123' })).toThrow(
      'SHOP_VAT_NUMBER must be a UK VAT number such as GB123456789, got "FR123"',
    );
    expect(() => loadConfig({ SHOP_ADDRESS: 'One line only' })).toThrow('SHOP_ADDRESS must be 2 to 5 address lines separated by commas');
    expect(() => loadConfig({ SHOP_EMAIL: 'nope' })).toThrow('SHOP_EMAIL must be an e-mail address, got "nope"');
  });

  it('reads RATE_LIMIT_MULTIPLIER as a whole number from 1 (the default) to 9999', () => {
    expect(loadConfig({}).rateLimitMultiplier).toBe(1);
    expect(loadConfig({ RATE_LIMIT_MULTIPLIER: '50' }).rateLimitMultiplier).toBe(50);
    for (const bad of ['0', '-1', '1.5', 'many', '10000']) {
      expect(() => loadConfig({ RATE_LIMIT_MULTIPLIER: bad })).toThrow(
        `RATE_LIMIT_MULTIPLIER must be a whole number from 1 to 9999, got "${bad}"`,
      );
    }
  });

  it('reads ORDER_TIMERS_INTERVAL_MS as milliseconds from 0 (off) to an hour, 15 s by default', () => {
    expect(loadConfig({}).orderTimersIntervalMs).toBe(15_000);
    expect(loadConfig({ ORDER_TIMERS_INTERVAL_MS: '250' }).orderTimersIntervalMs).toBe(250);
    expect(loadConfig({ ORDER_TIMERS_INTERVAL_MS: '0' }).orderTimersIntervalMs).toBe(0);
    expect(loadConfig({ ORDER_TIMERS_INTERVAL_MS: ' ' }).orderTimersIntervalMs).toBe(15_000);
    for (const bad of ['-1', '1.5', 'soon', '3600001']) {
      expect(() => loadConfig({ ORDER_TIMERS_INTERVAL_MS: bad })).toThrow(
        `ORDER_TIMERS_INTERVAL_MS must be a whole number of milliseconds from 0 (off) to 3600000, got "${bad}"`,
      );
    }
  });

  it('reads PRINTERS_SWEEP_INTERVAL_MS as milliseconds from a second to an hour, 10 s by default', () => {
    expect(loadConfig({}).printersSweepIntervalMs).toBe(10_000);
    expect(loadConfig({ PRINTERS_SWEEP_INTERVAL_MS: '1000' }).printersSweepIntervalMs).toBe(1_000);
    expect(loadConfig({ PRINTERS_SWEEP_INTERVAL_MS: ' ' }).printersSweepIntervalMs).toBe(10_000);
    for (const bad of ['0', '999', '-1', '1.5', 'soon', '3600001']) {
      expect(() => loadConfig({ PRINTERS_SWEEP_INTERVAL_MS: bad })).toThrow(
        `PRINTERS_SWEEP_INTERVAL_MS must be a whole number of milliseconds from 1000 to 3600000, got "${bad}"`,
      );
    }
  });

  it('reads TRUST_PROXY as false (the default), true, a number of proxies, or a list of proxy addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    const twoHops = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    expect(typeof twoHops === 'function' && [0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,loopback,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
      'fd00::/8',
    ]);
    for (const wrong of ['yes', '0', 'nginx', '10.0.0.0/33', '127.0.0.1,', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/^TRUST_PROXY must be false, true, a number of proxies/);
    }
  });

  it('derives PUBLIC_ORIGIN from PORT and treats blank values as unset', () => {
    const config = loadConfig({ PORT: '4000', HOST: '', SMTP_URL: '  ' });
    expect(config.publicOrigin).toBe('http://localhost:4000');
    expect(config.acceptedOrigins).toEqual(['http://localhost:4000', 'http://127.0.0.1:4000']);
    expect(loadConfig({ PORT: '4000', PUBLIC_ORIGIN: 'https://shop.example.com' }).acceptedOrigins).toEqual(['https://shop.example.com']);
    expect(config.host).toBe('127.0.0.1');
    expect(config.smtpUrl).toBeUndefined();
  });

  it('keeps the in-memory data dir as is', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBe('memory://');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer from 0 to 65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535, got "70000"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL, got "mysql://x"'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE must be a whole number from 1 to 999, got "0"'],
    [{ ADMIN_EMAIL: 'nobody' }, 'ADMIN_EMAIL must be an e-mail address, got "nobody"'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD must be at least 8 characters, got "short"'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be an smtp:// or smtps:// URL, got "http://mail"'],
    [{ SHOP_TIME: 'teatime' }, 'SHOP_TIME must be an ISO instant such as 2026-11-18T18:00:00Z, got "teatime"'],
    [{ PUBLIC_ORIGIN: 'shop.example.com' }, 'PUBLIC_ORIGIN must be an http(s) origin'],
    [{ STRIPE_SECRET_KEY: 'pk_wrong', STRIPE_PUBLISHABLE_KEY: 'pk_x' }, 'STRIPE_SECRET_KEY must start with sk_ or rk_'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_PUBLISHABLE_KEY must be set together with STRIPE_SECRET_KEY'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV must be one of'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
  ])('rejects %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('loadConfig in production (NODE_ENV=production refuses to fake)', () => {
  /** What a real shop sets: Stripe's live keys and its webhook secret, and a mail server. */
  const LIVE = {
    NODE_ENV: 'production',
    STRIPE_SECRET_KEY: 'sk_live_1',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
    SMTP_URL: 'smtp://mail:25',
  };

  it('starts with live Stripe keys and SMTP_URL, or with an explicit PAYMENTS=cash-only or test-cards instead of the keys', () => {
    expect(loadConfig(LIVE).cardPayments).toBe('stripe');
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', PAYMENTS: 'cash-only' }).cardPayments).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', PAYMENTS: 'test-cards' }).cardPayments).toBe('test');
    expect(loadConfig({ ...LIVE, PAYMENTS: 'cash-only' }).cardPayments).toBe('off');
  });

  it('refuses to start without payments and mail configured, saying what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'NODE_ENV=production refuses to start: card payments need STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET; set PAYMENTS=cash-only to take cash on delivery only, or PAYMENTS=test-cards for a trial shop whose card payments take no money; SMTP_URL must be set: password-reset codes are e-mailed, and without a mail server they would be kept in the log and the development outbox',
    );
  });

  it.each([
    [{ SMTP_URL: '' }, 'SMTP_URL must be set'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, 'the Stripe keys are test keys'],
    [{ STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, 'the Stripe keys are test keys'],
    [{ STRIPE_WEBHOOK_SECRET: '' }, 'card payments need STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_API_BASE: 'http://127.0.0.1:12111' }, 'STRIPE_API_BASE is for tests'],
    [{ SHOP_TIME: '2026-11-18T18:00:00Z' }, "SHOP_TIME fixes the shop's clock for tests"],
    [{ DEMO_ORDERS: 'true' }, 'DEMO_ORDERS adds a month of made-up orders'],
    [{ RATE_LIMIT_MULTIPLIER: '50' }, 'RATE_LIMIT_MULTIPLIER loosens the sign-in limits'],
    [{ ORDER_TIMERS_INTERVAL_MS: '0' }, 'ORDER_TIMERS_INTERVAL_MS=0 turns off the order timers'],
    [{ PUSH_ALLOW_LOCAL_ENDPOINTS: '1' }, 'PUSH_ALLOW_LOCAL_ENDPOINTS is for tests'],
  ])('refuses %j', (change, message) => {
    expect(() => loadConfig({ ...LIVE, ...change })).toThrow(`NODE_ENV=production refuses to start: ${message}`);
  });

  it('takes VAPID keys in pairs, and admits local push endpoints outside production only when asked', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', VAPID_PRIVATE_KEY: 'secret' })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
    const config = loadConfig({ NODE_ENV: 'test', PUSH_ALLOW_LOCAL_ENDPOINTS: '1' });
    expect(config.webPush).toEqual({ keys: undefined, subject: 'mailto:admin@example.com', allowLocalEndpoints: true });
    expect(loadConfig({ NODE_ENV: 'test' }).webPush.allowLocalEndpoints).toBe(false);
  });

  it('takes the same settings outside production: test cards without keys, the outbox without SMTP_URL', () => {
    for (const nodeEnv of ['development', 'test']) {
      const config = loadConfig({ NODE_ENV: nodeEnv, SHOP_TIME: '2026-11-18T18:00:00Z', RATE_LIMIT_MULTIPLIER: '50' });
      expect([config.cardPayments, config.smtpUrl]).toEqual(['test', undefined]);
      expect(loadConfig({ NODE_ENV: nodeEnv, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }).cardPayments).toBe(
        'stripe',
      );
    }
  });

  it('refuses PAYMENTS=test-cards with a live key, and a PAYMENTS it does not know', () => {
    expect(() => loadConfig({ ...LIVE, PAYMENTS: 'test-cards' })).toThrow(
      'PAYMENTS=test-cards takes card payments in test mode, but STRIPE_SECRET_KEY is a live key',
    );
    expect(() => loadConfig({ PAYMENTS: 'cheques' })).toThrow('PAYMENTS must be one of card, cash-only, test-cards, got "cheques"');
  });
});

describe('shopNow', () => {
  it('returns the fixed SHOP_TIME instant when set', () => {
    const config = loadConfig({ SHOP_TIME: '2026-11-18T18:00:00Z' });
    expect(shopNow(config).toISOString()).toBe('2026-11-18T18:00:00.000Z');
  });

  it('returns the real time otherwise', () => {
    const before = Date.now();
    const now = shopNow(loadConfig({})).getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
