// One HTTP request with everything under the test's control: the method, the path exactly as written (nothing
// encoded or prefixed), any headers and any body bytes. For the access-control and malformed-input suites.
import { request } from 'node:http';
import { randomLoopback } from './account-test-client';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  json: unknown;
}

export interface RawRequest {
  method: string;
  /** Sent as written, query string included. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The client's source address; a random loopback address by default, so per-IP rate limits do not add up. */
  from?: string;
}

export function rawRequest(baseUrl: string, req: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const headers: Record<string, string> = { ...req.headers };
  if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, path: req.path, method: req.method, headers, localAddress: req.from ?? randomLoopback() },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

/** A JSON request body and its content type, or nothing. */
export function jsonBody(body: unknown): Pick<RawRequest, 'body' | 'headers'> {
  return body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}
