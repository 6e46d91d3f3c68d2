// Hostile uploads (issue 12, point 5): files that only pretend to be images, SVG with script, polyglots, files
// over the byte limits, truncated images and decompression bombs, each sent through the real admin routes that
// take an image. Every one is refused with a 4xx and a message saying why, nothing is stored, and a bomb never
// makes the process's memory jump: its size is read from the header and it is refused before it is decoded.
import { request as httpRequest } from 'node:http';
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_AN_IMAGE, PRODUCT_IMAGE_MAX_BYTES } from '@shop/shared/contract/catalogue';
import { CATEGORY_IMAGE_TOO_LARGE, PRODUCT_IMAGE_TOO_LARGE } from '@shop/shared/domain/messages';
import { images } from '../src/db/schema';
import { BASELINE_JPEG_PIXEL_BUDGET, IMAGE_PIXEL_BUDGET } from '../src/images/process';
import { imageTooDeepMessage, imageTooManyPixelsMessage } from '../src/images/upload';
import { form, isWebp, png } from './forms';
import { startTestServer, type TestServer } from './harness';
import { signInAs, type SignedIn } from './sign-in';

// --- files built here, so no binary is committed ---------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A zlib stream of `length` zero bytes, made fast: deflate 1 MiB of zeros once, flushed so the next block needs
 * nothing before it, and repeat those bytes (each copy inflates to the same megabyte), then the rest and the
 * Adler-32 of all zeros ((length mod 65521) << 16 | 1).
 */
function zlibZeros(length: number): Buffer {
  const MIB = 1 << 20;
  const megabyte = deflateRawSync(Buffer.alloc(MIB), { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH });
  const whole = Math.floor(length / MIB);
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((length % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array<Buffer>(whole).fill(megabyte),
    deflateRawSync(Buffer.alloc(length - whole * MIB), { level: 9 }),
    adler,
  ]);
}

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * A complete, valid PNG of black pixels: `bitDepth` bits per sample, colour type `colourType` (0 grey, 2 RGB,
 * 6 RGBA), optionally interlaced. `idatBytes` cuts the compressed pixels short (a header that promises more than
 * the file holds).
 */
function blackPng(
  width: number,
  height: number,
  opts: { bitDepth?: number; colourType?: 0 | 2 | 6; interlaced?: boolean; idatBytes?: number } = {},
): Buffer {
  const { bitDepth = 8, colourType = 2, interlaced = false } = opts;
  const channels = { 0: 1, 2: 3, 6: 4 }[colourType];
  const rowBytes = (columns: number) => 1 + Math.ceil((columns * channels * bitDepth) / 8);
  let raw = 0;
  if (!interlaced) raw = height * rowBytes(width);
  else
    for (const [x0, y0, dx, dy] of ADAM7) {
      const columns = Math.ceil((width - x0) / dx);
      const rows = Math.ceil((height - y0) / dy);
      if (columns > 0 && rows > 0) raw += rows * rowBytes(columns);
    }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colourType, 0, 0, interlaced ? 1 : 0], 8);
  const idat = opts.idatBytes === undefined ? zlibZeros(raw) : zlibZeros(raw).subarray(0, opts.idatBytes);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const tiny = () => sharp({ create: { width: 1, height: 1, channels: 3, background: '#c0392b' } });

/** A 1 x 1 GIF whose image (not its screen, which decoders ignore) says it is width x height. */
async function gifDeclaring(width: number, height: number): Promise<Buffer> {
  const gif = Buffer.from(await tiny().gif().toBuffer());
  const descriptor = gif.indexOf(0x2c, 13);
  gif.writeUInt16LE(width, descriptor + 5);
  gif.writeUInt16LE(height, descriptor + 7);
  return gif;
}

/** A 1 x 1 lossless WebP whose VP8L header says it is width x height (at most 16383 each). */
async function webpDeclaring(width: number, height: number): Promise<Buffer> {
  const webp = Buffer.from(await tiny().webp({ lossless: true }).toBuffer());
  const signature = webp.indexOf('VP8L') + 8;
  webp.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, signature + 1);
  return webp;
}

/** A 1 x 1 baseline JPEG whose frame header says it is width x height. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await tiny().jpeg().toBuffer());
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  return jpeg;
}

/** A photo-like JPEG: grey with noise, which compresses as badly as a real photo's detail. */
async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#787878', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const SCRIPT = '<script>window.__xss=1</script>';
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="window.__xss=1">${SCRIPT}<rect width="10" height="10"/></svg>`;

// --- the routes that take an image ---------------------------------------------------------------------------

interface Route {
  name: string;
  path: string;
  maxBytes: number;
  tooLarge: string;
  fields(): Record<string, string>;
}

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++counter}`;

const CATEGORY = 'Upload Checks';
const ROUTES: Route[] = [
  {
    name: 'a category',
    path: '/allcategori',
    maxBytes: 200_000,
    tooLarge: CATEGORY_IMAGE_TOO_LARGE,
    fields: () => ({ categoriName: unique('Category'), order: '9' }),
  },
  {
    name: 'a product',
    path: '/allproduts',
    maxBytes: PRODUCT_IMAGE_MAX_BYTES,
    tooLarge: PRODUCT_IMAGE_TOO_LARGE,
    fields: () => ({
      title: unique('Product'),
      category: CATEGORY,
      description: 'A test',
      regularDiscount: '5',
      mediumDiscount: '',
      largeDiscount: '',
      extraLargeDiscount: '',
    }),
  },
  { name: 'a banner', path: '/addbanner', maxBytes: PRODUCT_IMAGE_MAX_BYTES, tooLarge: PRODUCT_IMAGE_TOO_LARGE, fields: () => ({}) },
  {
    name: 'a notification',
    path: '/allnotification',
    maxBytes: PRODUCT_IMAGE_MAX_BYTES,
    tooLarge: PRODUCT_IMAGE_TOO_LARGE,
    fields: () => ({ title: unique('Notice'), description: 'A test' }),
  },
];
const [categoryRoute, productRoute] = ROUTES as [Route, Route, Route, Route];

const RSS_BOUND_MB = 100;
const MB = 1024 * 1024;

describe('hostile uploads on pglite', () => {
  let server: TestServer;
  let admin: SignedIn;
  /** Peak RSS growth seen for each bomb, printed at the end. */
  const figures: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ db: 'pglite' });
    admin = await signInAs(server, { role: 'owner' });
    const made = await fetch(`${server.url}/api/allcategori`, {
      method: 'POST',
      headers: { cookie: admin.cookie },
      body: form({ categoriName: CATEGORY, order: '9' }),
    });
    expect(made.status).toBe(201);
  });
  afterAll(async () => {
    if (figures.length > 0) console.info(`peak RSS growth per request:\n  ${figures.join('\n  ')}`);
    await server?.close();
  });

  /** The multipart request for `bytes`, encoded whole, so that measuring the upload counts the server's memory, not the test's copy of the form. */
  async function encoded(route: Route, bytes: Buffer, file: { name?: string; type?: string } = {}) {
    const request = new Request('http://encode.invalid/', { method: 'POST', body: form(route.fields(), { bytes, ...file }) });
    return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
  }

  async function send(route: Route, request: { body: Buffer; type: string }) {
    const response = await fetch(`${server.url}/api${route.path}`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': request.type },
      body: request.body,
    });
    const body = (await response.json()) as { message?: string };
    return { status: response.status, message: body.message, body: body as unknown };
  }

  async function upload(
    route: Route,
    bytes: Buffer,
    file: { name?: string; type?: string } = {},
  ): Promise<{ status: number; message: string | undefined; body: unknown }> {
    return send(route, await encoded(route, bytes, file));
  }

  /** Uploads `bytes` with the form already encoded; the peak growth of this process's RSS while the server takes it. */
  async function measuredUpload(route: Route, bytes: Buffer, file: { name?: string; type?: string } = {}) {
    const request = await encoded(route, bytes, file);
    return peakRssGrowth(() => send(route, request));
  }

  const storedImages = async () => (await server.app.db.select({ n: count() }).from(images))[0]!.n;

  /** Runs `work`, sampling this process's RSS (the server runs in it) every few milliseconds; the peak growth in MB. */
  async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 2);
    try {
      const result = await work();
      peak = Math.max(peak, process.memoryUsage().rss);
      return { result, growthMb: (peak - before) / MB };
    } finally {
      clearInterval(timer);
    }
  }

  describe('files that are not images, whatever their name and type say', () => {
    const fakes: Array<[string, () => Buffer | Promise<Buffer>, { name?: string; type?: string }]> = [
      ['a text file renamed .png', () => Buffer.from('Just some notes, not a picture.\n'), { name: 'notes.png' }],
      [
        'an HTML page renamed .png',
        () => Buffer.from(`<!doctype html><html><body><img src=x onerror="window.__xss=1">${SCRIPT}</body></html>`),
        { name: 'page.png' },
      ],
      [
        'a Windows executable (PE) named .jpg',
        () =>
          Buffer.concat([
            Buffer.from('MZ'),
            Buffer.alloc(58),
            Buffer.from([0x80, 0, 0, 0]),
            Buffer.alloc(64),
            Buffer.from('PE\0\0'),
            Buffer.alloc(200),
          ]),
        { name: 'photo.jpg', type: 'image/jpeg' },
      ],
      [
        'a ZIP archive named .gif',
        () => Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(26), Buffer.from('evil.html'), Buffer.from(SCRIPT)]),
        { name: 'anim.gif', type: 'image/gif' },
      ],
      ['an SVG with script named .png, sent as image/png', () => Buffer.from(SVG), { name: 'logo.png', type: 'image/png' }],
      [
        'an SVG with script behind an XML declaration',
        () => Buffer.from(`<?xml version="1.0"?>\n${SVG}`),
        { name: 'logo.svg', type: 'image/svg+xml' },
      ],
      [
        'a GIF/JavaScript polyglot (GIF89a, then script, no image)',
        () => Buffer.from(`GIF89a/*\x00\x00*/=1;window.__xss=1;//${SCRIPT}`, 'latin1'),
        { name: 'x.gif', type: 'image/gif' },
      ],
      [
        'a JPEG start followed by HTML',
        () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`<html>${SCRIPT}</html>`)]),
        { name: 'x.jpg', type: 'image/jpeg' },
      ],
      [
        'a PNG signature followed by HTML',
        () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(`<html>${SCRIPT}</html>`)]),
        { name: 'x.png' },
      ],
      [
        'a JPEG start that another decoder would claim (an ftyp box)',
        () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('ftypavif'), Buffer.alloc(64)]),
        { name: 'x.jpg', type: 'image/jpeg' },
      ],
      ['a TIFF named .png', () => Buffer.concat([Buffer.from('II*\0', 'latin1'), Buffer.alloc(100)]), { name: 'x.png' }],
    ];

    it.each(fakes)('%s is 400 on every image route, and nothing is stored', async (_label, make, file) => {
      const bytes = await make();
      const before = await storedImages();
      for (const route of ROUTES) {
        const answer = await upload(route, bytes, file);
        expect(answer, `${route.name}`).toMatchObject({ status: 400, message: NOT_AN_IMAGE });
      }
      expect(await storedImages()).toBe(before);
    });
  });

  describe('polyglots that are also valid images', () => {
    // A file that decodes as a picture and carries something else (markup in a comment or a text chunk, an
    // archive after the image's end) is taken, because only its pixels are kept: the shop stores and serves its
    // own WebP, never the bytes that were sent. (Refusing data after the image's end would also refuse phones'
    // "motion photos", a JPEG with a video after it.)
    const polyglots: Array<[string, () => Promise<Buffer>]> = [
      [
        'a PNG with script in a text chunk and HTML after its end',
        async () => {
          const image = await png(40, 30);
          const iend = image.length - 12;
          const text = pngChunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`, 'latin1'));
          return Buffer.concat([image.subarray(0, iend), text, image.subarray(iend), Buffer.from(`<html>${SCRIPT}</html>`)]);
        },
      ],
      [
        'a JPEG with HTML in its comment',
        async () => {
          const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2980b9' } })
            .jpeg()
            .toBuffer();
          const comment = Buffer.from(`<html>${SCRIPT}</html>`);
          const marker = Buffer.from([0xff, 0xfe, 0, 0]);
          marker.writeUInt16BE(comment.length + 2, 2);
          return Buffer.concat([jpeg.subarray(0, 2), marker, comment, jpeg.subarray(2)]);
        },
      ],
      [
        'a GIF with a ZIP holding HTML appended (a "GIFAR")',
        async () => {
          const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#27ae60' } })
            .gif()
            .toBuffer();
          return Buffer.concat([
            gif,
            Buffer.from('PK\x03\x04', 'latin1'),
            Buffer.alloc(26),
            Buffer.from(`index.html<html>${SCRIPT}</html>`),
          ]);
        },
      ],
    ];

    it.each(polyglots)('%s is kept as a plain WebP without the payload', async (_label, make) => {
      const answer = await upload(productRoute, await make());
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const id = (answer.body as { insertedId: string }).insertedId;
      const product = (await (await fetch(`${server.url}/api/allproduts/${id}`)).json()) as { imageUrl: string };
      const served = await fetch(`${server.url}${product.imageUrl}`);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(isWebp(bytes)).toBe(true);
      expect(bytes.includes('__xss')).toBe(false);
      expect(bytes.includes('<html')).toBe(false);
    });
  });

  describe('files over the byte limits', () => {
    it.each(ROUTES)('%# one byte over the limit of $name is 413 in its words', async (route) => {
      const image = await png(32, 32);
      const answer = await upload(route, Buffer.concat([image, Buffer.alloc(route.maxBytes + 1 - image.length)]));
      expect(answer).toMatchObject({ status: 413, message: route.tooLarge });
    });

    /**
     * Sends a form to `route` by hand: its text fields and a `myfiles` part of zeros, `fileBytes` long, written in
     * 64 KB pieces only as fast as the server takes them and stopped the moment it answers. `declareLength`
     * sends a Content-Length (and then, unless the server answers first, the whole body); without it the body
     * is chunked. Answers the status, the message and how many bytes had been sent when the answer came.
     */
    function streamUpload(
      route: Route,
      fileBytes: number,
      declareLength: boolean,
    ): Promise<{ status: number; message: string; sentBeforeAnswer: number }> {
      const boundary = `----upload${Date.now()}`;
      const fields = Object.entries(route.fields())
        .map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
        .join('');
      const head = Buffer.from(
        `${fields}--${boundary}\r\nContent-Disposition: form-data; name="myfiles"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const total = head.length + fileBytes + tail.length;
      const url = new URL(server.url);
      return new Promise((resolve, reject) => {
        let sent = 0;
        let answered = false;
        const outgoing = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: `/api${route.path}`,
            method: 'POST',
            headers: {
              cookie: admin.cookie,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              ...(declareLength ? { 'content-length': String(total) } : {}),
            },
          },
          (response) => {
            answered = true;
            const sentBeforeAnswer = sent;
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              outgoing.destroy();
              const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message: string };
              resolve({ status: response.statusCode ?? 0, message: body.message, sentBeforeAnswer });
            });
          },
        );
        outgoing.on('error', (error) => {
          if (!answered) reject(error);
        });
        const piece = Buffer.alloc(64 * 1024);
        const write = () => {
          if (answered) return;
          if (sent === 0) {
            sent = head.length;
            outgoing.write(head);
          }
          while (!answered && sent < head.length + fileBytes) {
            const n = Math.min(piece.length, head.length + fileBytes - sent);
            sent += n;
            if (!outgoing.write(piece.subarray(0, n))) {
              outgoing.once('drain', write);
              return;
            }
          }
          if (!answered) outgoing.end(tail);
        };
        // Headers first, then give the server its turn before the body starts.
        outgoing.flushHeaders();
        setTimeout(write, declareLength ? 200 : 0);
      });
    }

    it('refuses a form whose Content-Length is over the limit before reading its body', async () => {
      for (const route of [categoryRoute, productRoute]) {
        const { result, growthMb } = await peakRssGrowth(() => streamUpload(route, 500 * MB, true));
        expect(result).toMatchObject({ status: 413, message: route.tooLarge });
        // Answered during the pause before the body: not one byte of the 500 MB was needed.
        expect(result.sentBeforeAnswer).toBe(0);
        expect(growthMb).toBeLessThan(RSS_BOUND_MB);
        figures.push(`500 MB form declared to ${route.name}: answered before the body, ${growthMb.toFixed(1)} MB`);
      }
    });

    it('refuses a chunked form as soon as its file passes the limit, without reading the rest', async () => {
      for (const route of [categoryRoute, productRoute]) {
        const { result, growthMb } = await peakRssGrowth(() => streamUpload(route, 500 * MB, false));
        expect(result).toMatchObject({ status: 413, message: route.tooLarge });
        // The server read a little over the limit; what the client had sent by then sat in socket buffers.
        expect(result.sentBeforeAnswer).toBeLessThan(route.maxBytes + 32 * MB);
        expect(growthMb).toBeLessThan(RSS_BOUND_MB);
        figures.push(
          `chunked 500 MB file to ${route.name}: answered after ${(result.sentBeforeAnswer / MB).toFixed(1)} MB sent, ${growthMb.toFixed(1)} MB`,
        );
      }
      // The server is still answering normally.
      expect((await upload(productRoute, await png(20, 20))).status).toBe(201);
    });
  });

  describe('truncated images', () => {
    const whole: Array<[string, () => Promise<Buffer>]> = [
      [
        'PNG',
        () =>
          sharp({
            create: { width: 200, height: 150, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
          })
            .png()
            .toBuffer(),
      ],
      [
        'JPEG',
        () =>
          sharp({
            create: { width: 200, height: 150, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
          })
            .jpeg()
            .toBuffer(),
      ],
      [
        'GIF',
        () =>
          sharp({
            create: { width: 200, height: 150, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
          })
            .gif()
            .toBuffer(),
      ],
      [
        'WebP',
        () =>
          sharp({
            create: { width: 200, height: 150, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
          })
            .webp()
            .toBuffer(),
      ],
    ];

    it.each(whole)('a %s cut in half is 400 on every image route', async (_format, make) => {
      const bytes = await make();
      const half = bytes.subarray(0, Math.floor(bytes.length / 2));
      const before = await storedImages();
      for (const route of ROUTES) expect(await upload(route, half), route.name).toMatchObject({ status: 400, message: NOT_AN_IMAGE });
      expect(await storedImages()).toBe(before);
    });
  });

  describe('decompression bombs and pictures over the pixel budget', () => {
    const bombs: Array<[string, () => Promise<Buffer>, number, number]> = [
      // 313 MB of zeros, 0.3 MB deflated; 2.5 gigapixels once decoded (2.5 GB at 8 bits, 10 GB as RGBA).
      ['a complete 1-bit PNG of 50000 × 50000', async () => blackPng(50_000, 50_000, { bitDepth: 1, colourType: 0 }), 50_000, 50_000],
      [
        'an RGBA PNG header of 50000 × 50000 with 2 KB of pixels',
        async () => blackPng(50_000, 50_000, { colourType: 6, idatBytes: 2048 }),
        50_000,
        50_000,
      ],
      ['a GIF whose image is 65535 × 65535', () => gifDeclaring(65_535, 65_535), 65_535, 65_535],
      ['a WebP of 16383 × 16383', () => webpDeclaring(16_383, 16_383), 16_383, 16_383],
      ['a JPEG of 65500 × 65500', () => jpegDeclaring(65_500, 65_500), 65_500, 65_500],
      ['a PNG one row over the budget (5000 × 5001)', async () => blackPng(5000, 5001), 5000, 5001],
    ];

    it.each(bombs)('%s is 413 from its header on every route, memory flat', async (label, make, width, height) => {
      const bytes = await make();
      const before = await storedImages();
      for (const route of ROUTES) {
        const { result, growthMb } = await measuredUpload(route, bytes);
        if (bytes.length > route.maxBytes) expect(result, route.name).toMatchObject({ status: 413, message: route.tooLarge });
        else {
          const budget = label.includes('JPEG') ? BASELINE_JPEG_PIXEL_BUDGET : IMAGE_PIXEL_BUDGET;
          expect(result, route.name).toMatchObject({ status: 413, message: imageTooManyPixelsMessage(width, height, budget) });
        }
        expect(growthMb, `${label} to ${route.name}`).toBeLessThan(RSS_BOUND_MB);
        figures.push(`${label} (${(bytes.length / 1024).toFixed(0)} KB) to ${route.name}: ${result.status}, ${growthMb.toFixed(1)} MB`);
      }
      expect(await storedImages()).toBe(before);
    });

    it('refuses a bomb sent as base64 in JSON too', async () => {
      const bomb = blackPng(50_000, 50_000, { bitDepth: 1, colourType: 0 });
      const { result, growthMb } = await peakRssGrowth(async () => {
        const response = await fetch(`${server.url}/api/allnotification`, {
          method: 'POST',
          headers: { cookie: admin.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ title: unique('Notice'), description: 'A test', file: bomb.toString('base64') }),
        });
        return { status: response.status, body: (await response.json()) as { message: string } };
      });
      expect(result).toEqual({
        status: 413,
        body: expect.objectContaining({ message: imageTooManyPixelsMessage(50_000, 50_000, IMAGE_PIXEL_BUDGET) }),
      });
      expect(growthMb).toBeLessThan(RSS_BOUND_MB);
    });

    it('refuses a 16-bit RGBA interlaced PNG within the pixel budget: decoded whole it would need 200 MB', async () => {
      // 5000 × 5000 is exactly the budget, but at 8 bytes a pixel, decoded at once (interlaced), it took 256 MB.
      const deep = blackPng(5000, 5000, { bitDepth: 16, colourType: 6, interlaced: true });
      const { result, growthMb } = await measuredUpload(productRoute, deep);
      expect(result).toMatchObject({ status: 413, message: imageTooDeepMessage(5000, 5000) });
      expect(growthMb).toBeLessThan(RSS_BOUND_MB);
      figures.push(
        `16-bit RGBA interlaced PNG 5000 × 5000 (${(deep.length / 1024).toFixed(0)} KB): ${result.status}, ${growthMb.toFixed(1)} MB`,
      );
    });

    it("takes a phone's photo over 2 MB on every route for a menu picture, shrunk to 1600 px WebP with its copies", async () => {
      // A noisy 6000 × 4000 JPEG, as a camera's 24 MP photo comes: several MB, far over the spec's 2MB.
      const photo = await noisyJpeg(6000, 4000);
      expect(photo.length).toBeGreaterThan(2_000_000);
      expect(photo.length).toBeLessThan(PRODUCT_IMAGE_MAX_BYTES);
      for (const route of ROUTES.filter((r) => r !== categoryRoute)) {
        const before = await storedImages();
        const { result, growthMb } = await measuredUpload(route, photo, { name: 'IMG_0001.jpg', type: 'image/jpeg' });
        expect(result.status, `${route.name}: ${JSON.stringify(result.body)}`).toBe(201);
        expect(growthMb, route.name).toBeLessThan(RSS_BOUND_MB);
        expect(await storedImages()).toBe(before + 1);
        figures.push(`accepted a 6000 × 4000 JPEG (${(photo.length / MB).toFixed(1)} MB) to ${route.name}: ${growthMb.toFixed(1)} MB`);
      }
      const id = (await upload(productRoute, photo)).body as { insertedId: string };
      const product = (await (await fetch(`${server.url}/api/allproduts/${id.insertedId}`)).json()) as { imageUrl: string };
      // The answer's URL asks for the 480 px copy; without a width, the original, shrunk to 1600 px.
      const copy = Buffer.from(await (await fetch(`${server.url}${product.imageUrl}`)).arrayBuffer());
      const original = Buffer.from(await (await fetch(`${server.url}${product.imageUrl.replace(/\?.*$/, '')}`)).arrayBuffer());
      expect(await sharp(copy).metadata()).toMatchObject({ format: 'webp', width: 480 });
      expect(await sharp(original).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
      expect(original.length).toBeLessThan(photo.length / 4);
    });

    it("takes a phone's 50 MP baseline JPEG, read shrunk, and refuses a progressive one from its header", async () => {
      const baseline = await noisyJpeg(8160, 6120);
      const { result, growthMb } = await measuredUpload(productRoute, baseline);
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      expect(growthMb).toBeLessThan(RSS_BOUND_MB);
      figures.push(`accepted an 8160 × 6120 baseline JPEG (${(baseline.length / MB).toFixed(1)} MB): ${growthMb.toFixed(1)} MB`);
      const progressive = await sharp(baseline).jpeg({ quality: 40, progressive: true }).toBuffer();
      expect(await upload(productRoute, progressive)).toMatchObject({
        status: 413,
        message: imageTooManyPixelsMessage(8160, 6120, IMAGE_PIXEL_BUDGET),
      });
    });

    it('takes a 5000 × 5000 PNG, the budget of every other picture, as 1600 px WebP', async () => {
      expect(5000 * 5000).toBe(IMAGE_PIXEL_BUDGET);
      const { result, growthMb } = await measuredUpload(productRoute, blackPng(5000, 5000));
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      expect(growthMb).toBeLessThan(RSS_BOUND_MB);
    });
  });
});
