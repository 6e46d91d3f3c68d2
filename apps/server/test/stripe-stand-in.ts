/**
 * A local stand-in of the parts of Stripe's HTTP API the shop calls (payment intents), answering in
 * Stripe's JSON shape, so the real `stripe` SDK can be exercised without the network. Point the server at
 * it with STRIPE_API_BASE=<url>. Webhooks are not sent from here: tests sign event payloads themselves
 * with `stripe.webhooks.generateTestHeaderString` and post them to the shop.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  livemode: false;
  created: number;
  last_payment_error: { code: string; message: string; type: string } | null;
}

export interface StandInRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

export interface StripeStandIn {
  /** e.g. http://127.0.0.1:41235 — the value for STRIPE_API_BASE. */
  url: string;
  requests: StandInRequest[];
  intents: Map<string, StandInIntent>;
  /**
   * True (the default): a repeated Idempotency-Key gets the first answer, and one whose first request is still
   * being executed gets Stripe's 409 (which the SDK retries). False: every create opens a new intent, as Stripe
   * does once a key has been pruned (after 24 hours).
   */
  honourIdempotencyKeys: boolean;
  /** What the browser's confirmCardPayment would do at Stripe: set the intent's outcome. */
  setStatus(id: string, status: 'succeeded' | 'requires_payment_method', error?: { code: string; message: string }): StandInIntent;
  /** A webhook event in Stripe's shape for one of the intents. */
  event(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed', intentId: string): Record<string, unknown>;
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

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  // Stripe answers a repeated idempotency key with the first answer.
  const byIdempotencyKey = new Map<string, StandInIntent>();
  const inFlight = new Set<string>();
  const settings = { honourIdempotencyKeys: true };

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
        const key = settings.honourIdempotencyKeys ? idempotencyKey : undefined;
        const repeated = key ? byIdempotencyKey.get(key) : undefined;
        if (repeated) return send(response, 200, repeated);
        if (key && inFlight.has(key)) {
          return send(response, 409, {
            error: {
              type: 'idempotency_error',
              message: 'Another request with this idempotency key is still being executed; try again later.',
            },
          });
        }
        if (key) inFlight.add(key);
        // Creating takes Stripe a moment, so requests sent together overlap here as they would there.
        await new Promise((resolve) => setTimeout(resolve, 25));
        if (key) inFlight.delete(key);
        const amount = Number(form.get('amount'));
        if (!Number.isInteger(amount) || amount < 30) {
          return send(response, 400, { error: { type: 'invalid_request_error', param: 'amount', message: 'Invalid amount' } });
        }
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const intent: StandInIntent = {
          id,
          object: 'payment_intent',
          amount,
          currency: form.get('currency') ?? 'gbp',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          metadata: metadataOf(form),
          receipt_email: form.get('receipt_email'),
          livemode: false,
          created: Math.floor(Date.now() / 1000),
          last_payment_error: null,
        };
        intents.set(id, intent);
        if (key) byIdempotencyKey.set(key, intent);
        return send(response, 200, intent);
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

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    get honourIdempotencyKeys() {
      return settings.honourIdempotencyKeys;
    },
    set honourIdempotencyKeys(value: boolean) {
      settings.honourIdempotencyKeys = value;
    },
    setStatus(id, status, error) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = status;
      intent.last_payment_error = error ? { ...error, type: 'card_error' } : null;
      return intent;
    },
    event(type, intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      return {
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: { ...intent } },
      };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
