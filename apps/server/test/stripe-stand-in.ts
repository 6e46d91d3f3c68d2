/**
 * A local stand-in of the parts of Stripe's HTTP API the shop calls (payment intents: create, retrieve, capture,
 * cancel; refunds; customers and their saved payment methods: create, list, retrieve, detach), answering in Stripe's JSON shape, so the real `stripe` SDK can be exercised without the
 * network. Point the server at it with STRIPE_API_BASE=<url>. Webhooks are not sent from here: tests build events
 * with `event`, `chargeEvent` and `refundEvent`, sign the payloads themselves with
 * `stripe.webhooks.generateTestHeaderString` and post them to the shop.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  capture_method: 'automatic' | 'manual';
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  latest_charge: string | null;
  livemode: false;
  created: number;
  canceled_at: number | null;
  last_payment_error: { code: string; message: string; type: string } | null;
  customer: string | null;
  setup_future_usage: string | null;
}

/** A card payment method, as Stripe keeps one for a customer (attached) or after it is detached (customer null). */
export interface StandInPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  livemode: false;
  created: number;
}

/** The charge of an intent, made when the card is authorised (captured: false) and captured with it. */
export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  refunded: boolean;
  payment_intent: string;
  metadata: Record<string, string>;
  currency: string;
  status: 'succeeded';
  livemode: false;
  created: number;
  /** How it was paid (a wallet's card says which wallet): set with `paidWith`. */
  payment_method_details: Record<string, unknown> | null;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failure_reason: string | null;
  metadata: Record<string, string>;
  reason: string | null;
  created: number;
}

export interface StandInRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

/** Requests the stand-in can hold back until several have arrived: captures, and intents created. */
export type HeldRequest = 'capture' | 'intent';

/** What a request changed at Stripe (a replayed idempotency key changes nothing and records nothing). */
export interface StandInEffect {
  kind: 'capture' | 'cancel' | 'refund';
  intentId: string;
  idempotencyKey: string | undefined;
  /** The refund's amount (pence). */
  amount?: number;
}

type CardError = { code: string; message: string };

export type IntentEventType =
  'payment_intent.amount_capturable_updated' | 'payment_intent.succeeded' | 'payment_intent.canceled' | 'payment_intent.payment_failed';

export interface StripeStandIn {
  /** e.g. http://127.0.0.1:41235 — the value for STRIPE_API_BASE. */
  url: string;
  requests: StandInRequest[];
  intents: Map<string, StandInIntent>;
  charges: Map<string, StandInCharge>;
  refunds: Map<string, StandInRefund>;
  customers: Map<string, { id: string; object: 'customer'; email: string | null; metadata: Record<string, string> }>;
  paymentMethods: Map<string, StandInPaymentMethod>;
  effects: StandInEffect[];
  /**
   * True (the default): a repeated Idempotency-Key gets the first answer, and one whose first request is still
   * being executed gets Stripe's 409 (which the SDK retries). False: every create opens a new intent, as Stripe
   * does once a key has been pruned (after 24 hours).
   */
  honourIdempotencyKeys: boolean;
  /**
   * What the browser's confirmCardPayment would do at Stripe: set the intent's outcome. 'requires_capture' (a card
   * authorised on a manual-capture intent) holds the money: a charge is made, not captured; 'succeeded' (an intent
   * captured at once) takes it.
   */
  setStatus(
    id: string,
    status: 'succeeded' | 'requires_capture' | 'requires_payment_method' | 'canceled',
    error?: CardError,
  ): StandInIntent;
  /** The next capture requests (each, until cleared with null) are refused with this card error (402). */
  refuseCaptures(error: CardError | null): void;
  /**
   * The next capture, or intent created, waits until `count` such requests have arrived (409s and retries count), or
   * 10 seconds: a race between that many requests overlaps however slow the machine is.
   */
  hold(what: HeldRequest, count: number): void;
  /** The next refund requests (until cleared with null) are refused with this error (400 invalid_request_error). */
  refuseRefunds(error: CardError | null): void;
  /** A refund that fails later (the card was closed): its status and failure_reason, and the charge's amount back. */
  failRefund(id: string, reason?: string): StandInRefund;
  /** A webhook event in Stripe's shape for one of the intents. */
  event(type: IntentEventType, intentId: string): Record<string, unknown>;
  /** `charge.refunded` (amount_refunded absolute; refunds not listed) or `charge.succeeded` for an intent's charge, as it is now. */
  chargeEvent(type: 'charge.refunded' | 'charge.succeeded', intentId: string): Record<string, unknown>;
  /** What the browser's confirmation paid the intent's charge with: its `payment_method_details`. */
  paidWith(intentId: string, details: Record<string, unknown>): void;
  /** What Stripe does once an intent with `setup_future_usage` is confirmed: the card attached to the customer. */
  attachCard(customerId: string, card: StandInPaymentMethod['card']): StandInPaymentMethod;
  /** `refund.created`, `refund.updated` or `refund.failed` for one of the refunds, as it is now. */
  refundEvent(type: 'refund.created' | 'refund.updated' | 'refund.failed', refundId: string): Record<string, unknown>;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  response.end(JSON.stringify(body));
}

function notFound(response: ServerResponse, message: string): void {
  send(response, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message } });
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

const seconds = () => Math.floor(Date.now() / 1000);
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

function unexpectedState(message: string) {
  return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message } } };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const charges = new Map<string, StandInCharge>();
  const refunds = new Map<string, StandInRefund>();
  const customers: StripeStandIn['customers'] = new Map();
  const paymentMethods = new Map<string, StandInPaymentMethod>();
  const effects: StandInEffect[] = [];
  // Stripe answers a repeated idempotency key with the first answer (status and body), whatever it was.
  const answered = new Map<string, { status: number; body: unknown }>();
  const inFlight = new Set<string>();
  const holds = new Map<HeldRequest, { until: number; arrived: number; released: Promise<void>; release: () => void }>();
  const arrived = (what: HeldRequest) => {
    const held = holds.get(what);
    if (held && ++held.arrived >= held.until) held.release();
  };
  const settings = {
    honourIdempotencyKeys: true,
    captureRefusal: null as CardError | null,
    refundRefusal: null as CardError | null,
  };

  const chargeOf = (intent: StandInIntent): StandInCharge => {
    const existing = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (existing) return existing;
    const charge: StandInCharge = {
      id: `ch_${randomBytes(12).toString('hex')}`,
      object: 'charge',
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      refunded: false,
      payment_intent: intent.id,
      metadata: { ...intent.metadata },
      currency: intent.currency,
      status: 'succeeded',
      livemode: false,
      created: seconds(),
      payment_method_details: null,
    };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    return charge;
  };

  const capture = (intent: StandInIntent) => {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.amount_capturable = 0;
    const charge = chargeOf(intent);
    charge.captured = true;
    charge.amount_captured = charge.amount;
  };

  const createIntent = async (form: URLSearchParams) => {
    await holds.get('intent')?.released;
    // Creating takes Stripe a moment, so requests sent together overlap here as they would there.
    await new Promise((resolve) => setTimeout(resolve, 25));
    const amount = Number(form.get('amount'));
    if (!Number.isInteger(amount) || amount < 30) {
      return { status: 400, body: { error: { type: 'invalid_request_error', param: 'amount', message: 'Invalid amount' } } };
    }
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      capture_method: form.get('capture_method') === 'manual' ? 'manual' : 'automatic',
      currency: form.get('currency') ?? 'gbp',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: metadataOf(form),
      receipt_email: form.get('receipt_email'),
      latest_charge: null,
      livemode: false,
      created: seconds(),
      canceled_at: null,
      last_payment_error: null,
      customer: form.get('customer'),
      setup_future_usage: form.get('setup_future_usage'),
    };
    intents.set(id, intent);
    return { status: 200, body: intent };
  };

  const captureIntent = async (id: string, idempotencyKey: string | undefined) => {
    await holds.get('capture')?.released;
    // Capturing takes Stripe a moment too: two admins' requests overlap here.
    await new Promise((resolve) => setTimeout(resolve, 25));
    const intent = intents.get(id);
    if (!intent)
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` } },
      };
    if (intent.status !== 'requires_capture') {
      return unexpectedState(`This PaymentIntent could not be captured because it has a status of ${intent.status}.`);
    }
    if (settings.captureRefusal) {
      const { code, message } = settings.captureRefusal;
      return { status: 402, body: { error: { type: 'card_error', code, message, payment_intent: { ...intent } } } };
    }
    capture(intent);
    effects.push({ kind: 'capture', intentId: id, idempotencyKey });
    return { status: 200, body: { ...intent } };
  };

  const cancelIntent = async (id: string, idempotencyKey: string | undefined) => {
    const intent = intents.get(id);
    if (!intent)
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` } },
      };
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return unexpectedState(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
    }
    intent.status = 'canceled';
    intent.amount_capturable = 0;
    intent.canceled_at = seconds();
    effects.push({ kind: 'cancel', intentId: id, idempotencyKey });
    return { status: 200, body: { ...intent } };
  };

  const createRefund = async (form: URLSearchParams, idempotencyKey: string | undefined) => {
    const intentId = form.get('payment_intent') ?? '';
    const intent = intents.get(intentId);
    if (!intent)
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${intentId}'` } },
      };
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge?.captured) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'charge_not_refundable',
            message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
          },
        },
      };
    }
    const left = charge.amount_captured - charge.amount_refunded;
    const amount = form.has('amount') ? Number(form.get('amount')) : left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            param: 'amount',
            message: `Refund amount (${pounds(amount)}) is greater than unrefunded amount on charge (${pounds(left)})`,
          },
        },
      };
    }
    if (settings.refundRefusal) {
      const { code, message } = settings.refundRefusal;
      return { status: 400, body: { error: { type: 'invalid_request_error', code, message } } };
    }
    const refund: StandInRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: intent.id,
      currency: charge.currency,
      status: 'succeeded',
      failure_reason: null,
      metadata: metadataOf(form),
      reason: form.get('reason'),
      created: seconds(),
    };
    refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    effects.push({ kind: 'refund', intentId: intent.id, idempotencyKey, amount });
    return { status: 200, body: { ...refund } };
  };

  /** Runs a POST once per idempotency key: a repeat gets the first answer, one still running gets 409. */
  const once = async (
    response: ServerResponse,
    idempotencyKey: string | undefined,
    run: () => Promise<{ status: number; body: unknown }>,
  ) => {
    const key = settings.honourIdempotencyKeys ? idempotencyKey : undefined;
    const repeated = key ? answered.get(key) : undefined;
    if (repeated) return send(response, repeated.status, repeated.body);
    if (key && inFlight.has(key)) {
      return send(response, 409, {
        error: {
          type: 'idempotency_error',
          message: 'Another request with this idempotency key is still being executed; try again later.',
        },
      });
    }
    if (key) inFlight.add(key);
    try {
      const answer = await run();
      if (key) answered.set(key, answer);
      return send(response, answer.status, answer.body);
    } finally {
      if (key) inFlight.delete(key);
    }
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      const form = await readForm(request);
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? '', path, authorization: request.headers.authorization, idempotencyKey, form });
      if (!request.headers.authorization?.startsWith('Bearer sk_')) {
        send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      if (request.method === 'POST' && path === '/v1/payment_intents') {
        arrived('intent');
        return once(response, idempotencyKey, () => createIntent(form));
      }
      if (request.method === 'POST' && path === '/v1/refunds')
        return once(response, idempotencyKey, () => createRefund(form, idempotencyKey));
      const action = /^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/.exec(path);
      if (request.method === 'POST' && action?.[1]) {
        const id = action[1];
        if (action[2] === 'capture') arrived('capture');
        return once(response, idempotencyKey, () =>
          action[2] === 'capture' ? captureIntent(id, idempotencyKey) : cancelIntent(id, idempotencyKey),
        );
      }
      if (request.method === 'POST' && path === '/v1/customers') {
        return once(response, idempotencyKey, async () => {
          const customer = {
            id: `cus_${randomBytes(12).toString('hex')}`,
            object: 'customer' as const,
            email: form.get('email'),
            metadata: metadataOf(form),
          };
          customers.set(customer.id, customer);
          return { status: 200, body: customer };
        });
      }
      const listed = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(path);
      if (request.method === 'GET' && listed?.[1]) {
        const owner = listed[1];
        if (!customers.has(owner)) return notFound(response, `No such customer: '${owner}'`);
        const data = [...paymentMethods.values()].filter((method) => method.customer === owner);
        return send(response, 200, { object: 'list', data, has_more: false, url: path });
      }
      const method = /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(path);
      if (method?.[1]) {
        const found = paymentMethods.get(method[1]);
        if (!found) return notFound(response, `No such PaymentMethod: '${method[1]}'`);
        if (request.method === 'GET' && !method[2]) return send(response, 200, found);
        if (request.method === 'POST' && method[2]) {
          if (!found.customer) {
            return send(response, 400, {
              error: {
                type: 'invalid_request_error',
                message: 'The payment method you provided is not attached to a customer so detachment is impossible.',
              },
            });
          }
          found.customer = null;
          return send(response, 200, found);
        }
      }
      const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && retrieve?.[1]) {
        const intent = intents.get(retrieve[1]);
        return intent ? send(response, 200, intent) : notFound(response, `No such payment_intent: '${retrieve[1]}'`);
      }
      return notFound(response, `Unrecognized request URL (${request.method}: ${path})`);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const envelope = (type: string, object: unknown) => ({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: seconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    charges,
    refunds,
    customers,
    paymentMethods,
    effects,
    get honourIdempotencyKeys() {
      return settings.honourIdempotencyKeys;
    },
    set honourIdempotencyKeys(value: boolean) {
      settings.honourIdempotencyKeys = value;
    },
    setStatus(id, status, error) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      if (status === 'requires_capture') {
        intent.status = 'requires_capture';
        intent.amount_capturable = intent.amount;
        chargeOf(intent);
      } else if (status === 'succeeded') {
        capture(intent);
      } else {
        intent.status = status;
        intent.amount_capturable = 0;
      }
      intent.last_payment_error = error ? { ...error, type: 'card_error' } : null;
      return intent;
    },
    refuseCaptures(error) {
      settings.captureRefusal = error;
    },
    hold(what, count) {
      let open = () => {};
      const released = new Promise<void>((resolve) => (open = resolve));
      const timer = setTimeout(() => held.release(), 10_000);
      const held = {
        until: count,
        arrived: 0,
        released,
        release: () => {
          clearTimeout(timer);
          if (holds.get(what) === held) holds.delete(what);
          open();
        },
      };
      holds.set(what, held);
    },
    refuseRefunds(error) {
      settings.refundRefusal = error;
    },
    failRefund(id, reason = 'expired_or_canceled_card') {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no refund ${id}`);
      if (refund.status !== 'failed') {
        refund.status = 'failed';
        refund.failure_reason = reason;
        const charge = charges.get(refund.charge);
        if (charge) {
          charge.amount_refunded -= refund.amount;
          charge.refunded = false;
        }
      }
      return refund;
    },
    event(type, intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      return envelope(type, { ...intent });
    },
    chargeEvent(type, intentId) {
      const intent = intents.get(intentId);
      const charge = intent?.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (!charge) throw new Error(`no charge for intent ${intentId}`);
      // Since API version 2022-11-15 a charge lists no refunds unless expanded: events carry the figures only.
      return envelope(type, { ...charge });
    },
    paidWith(intentId, details) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      chargeOf(intent).payment_method_details = details;
    },
    attachCard(customerId, card) {
      const method: StandInPaymentMethod = {
        id: `pm_${randomBytes(12).toString('hex')}`,
        object: 'payment_method',
        type: 'card',
        customer: customerId,
        card,
        livemode: false,
        created: seconds(),
      };
      paymentMethods.set(method.id, method);
      return method;
    },
    refundEvent(type, refundId) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      return envelope(type, { ...refund });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
