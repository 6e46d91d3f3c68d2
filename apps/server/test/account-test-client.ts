import { request } from 'node:http';
import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { SESSION_COOKIE } from '../src/modules/auth/session';

/** What a test sees of one answer: status, parsed body and the session cookie it set (if any). */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  setCookie: string | null;
  /** `sid=<token>`, ready for the next request's cookie header, when the answer set a non-empty session cookie. */
  cookie: string | null;
  headers: Record<string, string | string[] | undefined>;
}

/** Every answer body a suite saw, so it can check at the end that none carried a password or a hash. */
export const seenBodies: unknown[] = [];

/** A loopback source address of its own, so per-IP rate limits of one test do not spill into the next. */
export function randomLoopback(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/**
 * One HTTP request to the test server. `from` is the client's source address (any 127.x.y.z reaches a server on
 * 127.0.0.1); by default each call comes from a random one, and rate-limit tests pin it.
 */
export function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  opts: { body?: unknown; cookie?: string | null; from?: string } = {},
): Promise<Answer<T>> {
  const url = new URL(`${baseUrl}/api${path}`);
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (opts.cookie) headers.cookie = opts.cookie;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, localAddress: opts.from ?? randomLoopback() },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const body = (text ? JSON.parse(text) : undefined) as T;
          seenBodies.push(body);
          const header = res.headers['set-cookie'];
          const setCookie = header ? header.join(', ') : null;
          const match = setCookie ? new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(setCookie) : null;
          const cookie = match?.[1] ? `${SESSION_COOKIE}=${match[1]}` : null;
          resolve({ status: res.statusCode ?? 0, body, setCookie, cookie, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.end(payload);
    else req.end();
  });
}

/** Fails when any key named like a password or any argon2 hash or given secret appears anywhere in the value. */
export function expectNoSecrets(value: unknown, secrets: string[] = []): void {
  const visit = (v: unknown, where: string) => {
    if (typeof v === 'string') {
      expect(v, `${where} carries a hash`).not.toContain('$argon2');
      for (const secret of secrets) expect(v, `${where} carries a password`).not.toContain(secret);
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((item, i) => visit(item, `${where}[${i}]`));
      return;
    }
    if (v && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        expect(key.toLowerCase(), `${where} has a key ${key}`).not.toMatch(/password|hash/);
        visit(item, `${where}.${key}`);
      }
    }
  };
  visit(value, 'answer');
}
