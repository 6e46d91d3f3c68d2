import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { CART_QUOTE_REFUSAL_STATUS, ERROR_CODES, errorBodySchema, isPricingErrorCode } from '@shop/shared/contract/errors';

/**
 * Watches every answer a test server sends and keeps a note of each 4xx or 5xx whose body breaks the error contract
 * (packages/shared/src/contract/errors.ts): JSON matching `errorBodySchema`, `statusCode` equal to the HTTP status,
 * a code of the table answered with the table's status (the cart quote's 400 for a pricing code is the one
 * documented exception). The harness fails the suite with these notes when the server closes, so every API test
 * checks the contract of every error it provokes, whatever it asserts itself.
 */
export function watchErrorAnswers(server: Server): { problems: string[] } {
  const problems: string[] = [];
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    // socket.io answers its own protocol's requests; a HEAD answer has no body to check.
    if (url.startsWith('/socket.io') || request.method === 'HEAD') return;
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_KEPT) return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      size += buffer.length;
    };
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
    response.write = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return write(...args);
    }) as ServerResponse['write'];
    response.end = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return end(...args);
    }) as ServerResponse['end'];
    response.on('finish', () => {
      if (response.statusCode < 400) return;
      const problem = errorAnswerProblem(url, response, Buffer.concat(chunks));
      if (problem) problems.push(`${request.method} ${url} answered ${response.statusCode}: ${problem}`);
    });
  });
  return { problems };
}

const MAX_KEPT = 256 * 1024;

function decoded(response: ServerResponse, body: Buffer): string {
  const encoding = String(response.getHeader('content-encoding') ?? '');
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  if (encoding === 'deflate') return inflateSync(body).toString('utf8');
  return body.toString('utf8');
}

/** What is wrong with one error answer, or null when it keeps the contract. */
export function errorAnswerProblem(url: string, response: Pick<ServerResponse, 'statusCode' | 'getHeader'>, body: Buffer): string | null {
  let text: string;
  let parsed: unknown;
  try {
    text = decoded(response as ServerResponse, body);
    parsed = JSON.parse(text);
  } catch {
    return `the body is not JSON: ${JSON.stringify(body.toString('utf8').slice(0, 200))}`;
  }
  const code: unknown = parsed && typeof parsed === 'object' ? (parsed as { code?: unknown }).code : undefined;
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_CODES, code))
    return `code ${JSON.stringify(code)} is not one of ERROR_CODES: ${text.slice(0, 300)}`;
  const result = errorBodySchema.safeParse(parsed);
  if (!result.success)
    return `the body is not an error body (${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}): ${text.slice(0, 300)}`;
  const { statusCode } = result.data;
  if (statusCode !== response.statusCode) return `the body says statusCode ${statusCode}: ${text.slice(0, 300)}`;
  const pathname = url.split('?')[0];
  const quoteRefusal = pathname === '/api/cart/quote' && statusCode === CART_QUOTE_REFUSAL_STATUS && isPricingErrorCode(result.data.code);
  if (!quoteRefusal && ERROR_CODES[result.data.code] !== statusCode)
    return `${result.data.code} is ${ERROR_CODES[result.data.code]} in ERROR_CODES: ${text.slice(0, 300)}`;
  return null;
}
