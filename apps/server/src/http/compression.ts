import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** The encodings the server sends answers it compressed once (menu lists, the index page) in. */
export type Encoding = 'br' | 'gzip';

/** The browser's preferred encoding we can send, honouring `q=0` refusals. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/** Compresses a body that is sent many times; callers keep the result. */
export function compressOnce(body: string, encoding: Encoding, brotliQuality = 11): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality } })
    : gzipSync(body, { level: 9 });
}
