/**
 * A local stand-in of a Web Push service (RFC 8030), as a browser's push service receives the shop's messages: a POST
 * to the subscription's endpoint with `TTL`, `Content-Encoding: aes128gcm` (RFC 8188), the message encrypted for the
 * browser's key (RFC 8291) and `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292). It checks the VAPID
 * signature and claims, decrypts with the subscription's private key and auth secret (as the browser would), and
 * answers 201; a subscription marked gone answers 410. Point the shop at it with PUSH_ALLOW_LOCAL_ENDPOINTS=1.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A message the stand-in accepted and decrypted. */
export interface PushMessage {
  endpoint: string;
  /** The decrypted payload, as the service worker's `event.data.text()` reads it. */
  text: string;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID JWT's claims, checked against its key. */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key the message was signed with (base64url). */
  vapidKey: string;
}

export interface PushServiceStandIn {
  url: string;
  /** A browser's subscription at this service: its endpoint and public keys (the private ones stay here). */
  subscribe(): StandInSubscription;
  /** The next messages to this endpoint answer 410 Gone, as for a browser that unsubscribed. */
  markGone(endpoint: string): void;
  messages: PushMessage[];
  /** Requests refused (a bad signature, encoding or unknown endpoint), with why. */
  refused: Array<{ endpoint: string; status: number; why: string }>;
  close(): Promise<void>;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/** RFC 8291 section 3.4 and RFC 8188: the content key and nonce, then the one record's plain text without its padding. */
function decrypt(body: Buffer, ecdh: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the record has no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: the JWT signed (ES256) by the key `k`, for this service's origin, not expired, with a contact. */
function checkVapid(authorization: string | undefined, origin: string): { claims: PushMessage['claims']; key: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`Authorization is not "vapid t=..., k=...": ${authorization ?? 'none'}`);
  const [, token = '', key = ''] = match;
  const [header = '', payload = '', signature = ''] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string }).alg;
  if (alg !== 'ES256') throw new Error(`the VAPID JWT is ${alg}, not ES256`);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as PushMessage['claims'];
  if (claims.aud !== origin) throw new Error(`the VAPID audience is ${claims.aud}, not ${origin}`);
  if (!(claims.exp * 1000 > Date.now() && claims.exp * 1000 <= Date.now() + 24 * 3600 * 1000))
    throw new Error('the VAPID JWT expiry is not within 24 hours');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`the VAPID subject is ${claims.sub}`);
  return { claims, key };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const gone = new Set<string>();
  const messages: PushMessage[] = [];
  const refused: PushServiceStandIn['refused'] = [];
  let origin = '';

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const endpoint = `${origin}${request.url ?? '/'}`;
    const body = await readBody(request);
    const refuse = (status: number, why: string) => {
      refused.push({ endpoint, status, why });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(why);
    };
    const browser = browsers.get(endpoint);
    if (request.method !== 'POST' || !browser) return refuse(404, 'no such subscription');
    if (gone.has(endpoint)) return refuse(410, 'the subscription has expired or been removed');
    try {
      const { claims, key } = checkVapid(request.headers.authorization, origin);
      if (request.headers['content-encoding'] !== 'aes128gcm')
        return refuse(400, `Content-Encoding is ${request.headers['content-encoding']}`);
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL is missing');
      const text = decrypt(body, browser.ecdh, browser.auth);
      const urgency = request.headers.urgency;
      messages.push({ endpoint, text, ttl, urgency: typeof urgency === 'string' ? urgency : undefined, claims, vapidKey: key });
      response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
    } catch (error) {
      refuse(401, error instanceof Error ? error.message : String(error));
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      browsers.set(endpoint, { ecdh, auth });
      return { endpoint, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } };
    },
    markGone(endpoint) {
      gone.add(endpoint);
    },
    messages,
    refused,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
