import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORY_HAS_PRODUCTS,
  NOT_AN_IMAGE,
  PRODUCT_PRICE_REQUIRED,
  PRODUCT_TITLE_REQUIRED,
  type CategoryDetailWire,
  type CategoryWire,
  type IngredientWire,
  type ProductDetailWire,
  type ProductWire,
} from '@shop/shared/contract/catalogue';
import {
  CATEGORY_IMAGE_TOO_LARGE,
  CATEGORY_NAME_REQUIRED,
  INGREDIENT_NAME_REQUIRED,
  INGREDIENT_PRICE_REQUIRED,
  PRODUCT_IMAGE_TOO_LARGE,
} from '@shop/shared/domain/messages';
import { categories, products } from '../../db/schema';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { signInAs } from '../../../test/sign-in';
import { bumpCatalogueVersion, MENU_VERSION_CHECK_MS } from './menu-cache';

interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

interface CallOptions {
  method?: string;
  cookie?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

async function png(width = 64, height = 48, colour = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A real PNG padded (after its end chunk, which decoders ignore) to exactly `bytes`. */
async function pngOfSize(bytes: number): Promise<Buffer> {
  const image = await png(32, 32);
  return Buffer.concat([image, Buffer.alloc(bytes - image.length)]);
}

function form(fields: Record<string, string>, file?: { bytes: Buffer; name?: string; type?: string }): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file) data.append('myfiles', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name ?? 'picture.png');
  return data;
}

const isWebp = (bytes: Buffer) => bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP';

describe.each(testDatabases())('the catalogue API on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let customer: string;

  async function call<T = unknown>(path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    let body: RequestInit['body'];
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const response = await fetch(`${server.url}/api${path}`, { method: options.method ?? 'GET', headers, body });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, headers: response.headers, body: (type.includes('json') && text ? JSON.parse(text) : text) as T };
  }

  const asAdmin = <T = unknown>(path: string, options: CallOptions = {}) => call<T>(path, { ...options, cookie: admin });

  async function productsOf(category: string): Promise<ProductWire[]> {
    return (await call<ProductWire[]>(`/products/${encodeURIComponent(category)}`)).body;
  }

  async function productByTitle(title: string): Promise<ProductWire | undefined> {
    return (await call<ProductWire[]>('/allproduts')).body.find((product) => product.title === title);
  }

  async function addCategory(name: string, image?: Buffer): Promise<string> {
    const answer = await asAdmin<{ insertedId: string }>('/allcategori', {
      method: 'POST',
      form: form({ categoriName: name, order: '9' }, image ? { bytes: image } : undefined),
    });
    expect(answer.status).toBe(201);
    return answer.body.insertedId;
  }

  async function addPizza(category: string, title: string, extra: Record<string, string> = {}): Promise<string> {
    const answer = await asAdmin<{ insertedId: string }>('/allproduts', {
      method: 'POST',
      form: form({
        title,
        category,
        description: 'Tomato and mozzarella',
        regularDiscount: '7.99',
        mediumDiscount: '10.49',
        largeDiscount: '',
        extraLargeDiscount: '',
        deep_pan: '0',
        thin_crust: '0',
        stuffed_crust: '2',
        ...extra,
      }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.insertedId;
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: true, db: kind });
    admin = (await signInAs(server, { role: 'owner' })).cookie;
    customer = (await signInAs(server, { role: 'customer' })).cookie;
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('reads', () => {
    it('lists categories by order with an image URL that serves a cached WebP', async () => {
      const { status, body } = await call<CategoryWire[]>('/allcategori');
      expect(status).toBe(200);
      const orders = body.map((category) => category.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect(body[0]?.categoriName).toBe('Pizza');
      const image = await fetch(`${server.url}${body[0]!.imageUrl!}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(image.headers.get('cache-control')).toContain('immutable');
    });

    it('answers one category with its image as base64 WebP, and 404 for an unknown or malformed id', async () => {
      const pizza = (await call<CategoryWire[]>('/allcategori')).body.find((category) => category.categoriName === 'Pizza')!;
      const { status, body } = await call<CategoryDetailWire>(`/allcategori/${pizza._id}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ _id: pizza._id, categoriName: 'Pizza', order: pizza.order });
      expect(isWebp(Buffer.from(body.file!, 'base64'))).toBe(true);
      expect((await call('/allcategori/0123456789abcdef01234567')).status).toBe(404);
      expect((await call('/allcategori/not-an-id')).status).toBe(404);
    });

    it('answers one product with its file, lists a category’s products, and an unknown category as empty', async () => {
      const pizzas = await productsOf('Pizza');
      expect(pizzas.length).toBeGreaterThan(0);
      expect(pizzas.every((product) => product.category === 'Pizza')).toBe(true);
      const first = pizzas[0]!;
      const { status, body } = await call<ProductDetailWire>(`/allproduts/${first._id}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ _id: first._id, title: first.title, category: 'Pizza' });
      expect(isWebp(Buffer.from(body.file!, 'base64'))).toBe(true);
      expect((await call('/allproduts/0123456789abcdef01234567')).status).toBe(404);
      expect((await call<ProductWire[]>('/products/No%20Such%20Category')).body).toEqual([]);
    });

    it('serves the menu with an ETag: unchanged is 304, any write changes it', async () => {
      for (const path of ['/allcategori', '/allproduts', '/products/Pizza', '/ingredients']) {
        const first = await call(path);
        const etag = first.headers.get('etag');
        expect(etag, path).toMatch(/^".+"$/);
        const again = await call(path, { headers: { 'if-none-match': etag! } });
        expect(again.status, path).toBe(304);
        expect(again.body).toBe('');
      }
      const before = await call<IngredientWire[]>('/ingredients');
      const etag = before.headers.get('etag')!;
      await asAdmin('/ingredients', { method: 'POST', json: { ToopingName: 'Etag Olives', category: 'Pizza', toopingPrice: 0.6 } });
      const after = await call<IngredientWire[]>('/ingredients', { headers: { 'if-none-match': etag } });
      expect(after.status).toBe(200);
      expect(after.body.map((topping) => topping.ToopingName)).toContain('Etag Olives');
      expect(after.headers.get('etag')).not.toBe(etag);
    });

    it('adds banners for admins only and lists them for the storefront, newest first', async () => {
      expect((await call('/addbanner', { method: 'POST', form: form({}, { bytes: await png() }) })).status).toBe(401);
      expect((await call('/addbanner', { method: 'POST', cookie: customer, form: form({}, { bytes: await png() }) })).status).toBe(403);
      const missing = await asAdmin('/addbanner', { method: 'POST', form: form({}) });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ message: 'Please choose a banner image' });
      const fake = await asAdmin('/addbanner', { method: 'POST', form: form({}, { bytes: Buffer.from('not a picture'), name: 'x.png' }) });
      expect(fake.status).toBe(400);

      const first = await asAdmin<{ insertedId: string }>('/addbanner', {
        method: 'POST',
        form: form({}, { bytes: await png(320, 140, '#8e44ad') }),
      });
      expect(first.status).toBe(201);
      const second = await asAdmin<{ insertedId: string }>('/addbanner', {
        method: 'POST',
        form: form({}, { bytes: await png(320, 140, '#16a085') }),
      });
      const list = await call<Array<{ _id: string; imageUrl: string }>>('/banners');
      expect(list.body.slice(0, 2).map((banner) => banner._id)).toEqual([second.body.insertedId, first.body.insertedId]);
      const picture = await fetch(`${server.url}${list.body[0]!.imageUrl}`);
      expect(picture.headers.get('content-type')).toBe('image/webp');
      expect(isWebp(Buffer.from(await picture.arrayBuffer()))).toBe(true);
    });

    it('sends the menu compressed to browsers that accept it, the same JSON as uncompressed', async () => {
      const plain = await fetch(`${server.url}/api/allproduts`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      const plainText = await plain.text();
      for (const encoding of ['br', 'gzip']) {
        const response = await fetch(`${server.url}/api/allproduts`, { headers: { 'accept-encoding': encoding } });
        expect(response.headers.get('content-encoding')).toBe(encoding);
        expect(response.headers.get('vary')).toContain('accept-encoding');
        expect(Number(response.headers.get('content-length'))).toBeLessThan(plainText.length / 3);
        expect(await response.text()).toBe(plainText);
      }
    });

    it('picks up a change made by another process within the version-check interval', async () => {
      const [drinks] = await server.app.db.select().from(categories).where(eq(categories.name, 'Drinks'));
      expect((await call<CategoryWire[]>('/allcategori')).body.some((c) => c.categoriName === 'Soft Drinks')).toBe(false);
      // Another process writes the database and bumps the version; this process's memory knows nothing of it.
      await server.app.db.transaction(async (tx) => {
        await tx.update(categories).set({ name: 'Soft Drinks' }).where(eq(categories.id, drinks!.id));
        await bumpCatalogueVersion(tx, server.app.now());
      });
      await new Promise((resolve) => setTimeout(resolve, MENU_VERSION_CHECK_MS + 100));
      expect((await call<CategoryWire[]>('/allcategori')).body.some((c) => c.categoriName === 'Soft Drinks')).toBe(true);
      expect((await productsOf('Soft Drinks')).length).toBeGreaterThan(0);
      await server.app.db.transaction(async (tx) => {
        await tx.update(categories).set({ name: 'Drinks' }).where(eq(categories.id, drinks!.id));
        await bumpCatalogueVersion(tx, server.app.now());
      });
      await new Promise((resolve) => setTimeout(resolve, MENU_VERSION_CHECK_MS + 100));
    });
  });

  describe('who may write', () => {
    const writes: Array<[string, string]> = [
      ['POST', '/allcategori'],
      ['PUT', '/allcategori/0123456789abcdef01234567'],
      ['DELETE', '/allcategori/0123456789abcdef01234567'],
      ['POST', '/allproduts'],
      ['PUT', '/allproduts/0123456789abcdef01234567'],
      ['DELETE', '/allproduts/0123456789abcdef01234567'],
      ['POST', '/ingredients'],
      ['DELETE', '/ingredients/0123456789abcdef01234567'],
    ];

    it.each(writes)('%s %s is 401 signed out and 403 for a customer', async (method, path) => {
      const json =
        method === 'DELETE'
          ? undefined
          : { categoriName: 'X', title: 'X', category: 'Pizza', regularDiscount: 1, ToopingName: 'X', toopingPrice: 1 };
      const signedOut = await call<{ message: string }>(path, { method, json });
      expect(signedOut.status).toBe(401);
      const asCustomer = await call<{ message: string }>(path, { method, json, cookie: customer });
      expect(asCustomer.status).toBe(403);
      expect((await call<CategoryWire[]>('/allcategori')).body.some((c) => c.categoriName === 'X')).toBe(false);
    });
  });

  describe('categories', () => {
    it('adds a category from multipart with its image and order 9, re-encoded to WebP', async () => {
      const id = await addCategory('Calzones', await png(400, 300));
      const list = (await call<CategoryWire[]>('/allcategori')).body;
      const added = list.find((category) => category._id === id)!;
      expect(added).toMatchObject({ categoriName: 'Calzones', order: 9 });
      const image = await fetch(`${server.url}${added.imageUrl!}`);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(isWebp(Buffer.from(await image.arrayBuffer()))).toBe(true);
      // Still sorted by order: it sits among the order-9 categories, before anything later.
      const index = list.indexOf(added);
      expect(list[index + 1]?.order ?? Infinity).toBeGreaterThanOrEqual(9);
      expect(list[index - 1]?.order ?? 0).toBeLessThanOrEqual(9);
    });

    it('refuses an empty name with the spec’s message', async () => {
      const answer = await asAdmin<{ message: string }>('/allcategori', {
        method: 'POST',
        form: form({ categoriName: '   ', order: '9' }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(CATEGORY_NAME_REQUIRED);
    });

    it('takes an image of exactly 200000 bytes and refuses one byte more with 413', async () => {
      const ok = await asAdmin('/allcategori', {
        method: 'POST',
        form: form({ categoriName: 'Exactly 200KB', order: '9' }, { bytes: await pngOfSize(200_000) }),
      });
      expect(ok.status).toBe(201);
      const tooBig = await asAdmin<{ message: string }>('/allcategori', {
        method: 'POST',
        form: form({ categoriName: 'Too Big', order: '9' }, { bytes: await pngOfSize(200_001) }),
      });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.message).toBe(CATEGORY_IMAGE_TOO_LARGE);
      expect((await call<CategoryWire[]>('/allcategori')).body.some((c) => c.categoriName === 'Too Big')).toBe(false);
    });

    it('refuses a text file named .png and bytes that only pretend to be a PNG', async () => {
      const text = await asAdmin<{ message: string }>('/allcategori', {
        method: 'POST',
        form: form({ categoriName: 'Text', order: '9' }, { bytes: Buffer.from('just some notes\n'), name: 'notes.png' }),
      });
      expect(text.status).toBe(400);
      expect(text.body.message).toBe(NOT_AN_IMAGE);
      const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really')]);
      const pretend = await asAdmin<{ message: string }>('/allcategori', {
        method: 'POST',
        form: form({ categoriName: 'Fake', order: '9' }, { bytes: fake }),
      });
      expect(pretend.status).toBe(400);
      expect(pretend.body.message).toBe(NOT_AN_IMAGE);
    });

    it('answers a multipart body cut short with 400, not a server error', async () => {
      for (const path of ['/allcategori', '/allproduts']) {
        const response = await fetch(`${server.url}/api${path}`, {
          method: 'POST',
          headers: { cookie: admin, 'content-type': 'multipart/form-data; boundary=x' },
          body: '--x\r\nContent-Disposition: form-data; name="categoriName"\r\n\r\nCut',
        });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { message: string }).message).toBe('The multipart form could not be read');
      }
    });

    it('refuses a second category of the same name with 409', async () => {
      const answer = await asAdmin<{ message: string }>('/allcategori', {
        method: 'POST',
        form: form({ categoriName: 'pizza', order: '9' }),
      });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toContain('already exists');
    });

    it('edits the name and image from JSON with base64, replacing the old image', async () => {
      const id = await addCategory('Wraps', await png(50, 50, '#2e86c1'));
      const before = (await call<CategoryDetailWire>(`/allcategori/${id}`)).body;
      const answer = await asAdmin<{ modifiedCount: number }>(`/allcategori/${id}`, {
        method: 'PUT',
        json: { categoriName: 'Toasted Wraps', file: (await png(60, 60, '#27ae60')).toString('base64') },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ modifiedCount: 1 });
      const after = (await call<CategoryDetailWire>(`/allcategori/${id}`)).body;
      expect(after.categoriName).toBe('Toasted Wraps');
      expect(after.order).toBe(9);
      expect(after.imageUrl).not.toBe(before.imageUrl);
      expect((await fetch(`${server.url}${before.imageUrl!}`)).status).toBe(404);
      expect((await sharp(Buffer.from(after.file!, 'base64')).metadata()).width).toBe(60);

      // Without a file the image stays; multipart edits work too.
      const renamed = await asAdmin(`/allcategori/${id}`, { method: 'PUT', form: form({ categoriName: 'Wraps' }) });
      expect(renamed.status).toBe(200);
      const last = (await call<CategoryDetailWire>(`/allcategori/${id}`)).body;
      expect(last).toMatchObject({ categoriName: 'Wraps', imageUrl: after.imageUrl });
    });

    it('validates edits: empty name, an image over 200KB, a missing category', async () => {
      const id = await addCategory('Edit Checks');
      const empty = await asAdmin<{ message: string }>(`/allcategori/${id}`, { method: 'PUT', json: { categoriName: '' } });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe(CATEGORY_NAME_REQUIRED);
      const big = await asAdmin<{ message: string }>(`/allcategori/${id}`, {
        method: 'PUT',
        json: { categoriName: 'Edit Checks', file: (await pngOfSize(200_001)).toString('base64') },
      });
      expect(big.status).toBe(413);
      expect(big.body.message).toBe(CATEGORY_IMAGE_TOO_LARGE);
      const text = await asAdmin<{ message: string }>(`/allcategori/${id}`, {
        method: 'PUT',
        json: { categoriName: 'X', file: Buffer.from('hello').toString('base64') },
      });
      expect(text.status).toBe(400);
      expect(text.body.message).toBe(NOT_AN_IMAGE);
      expect((await asAdmin('/allcategori/0123456789abcdef01234567', { method: 'PUT', json: { categoriName: 'Ghost' } })).status).toBe(404);
    });

    it('refuses to delete a category with products on sale (409), deletes it once they are gone', async () => {
      const id = await addCategory('Pasta', await png());
      const productId = await addPizza('Pasta', 'Lasagne');
      const refused = await asAdmin<{ message: string }>(`/allcategori/${id}`, { method: 'DELETE' });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(CATEGORY_HAS_PRODUCTS(1));
      expect((await call<CategoryWire[]>('/allcategori')).body.some((c) => c._id === id)).toBe(true);

      expect((await asAdmin(`/allproduts/${productId}`, { method: 'DELETE' })).body).toEqual({ deletedCount: 1 });
      const deleted = await asAdmin(`/allcategori/${id}`, { method: 'DELETE' });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ deletedCount: 1 });
      expect((await call<CategoryWire[]>('/allcategori')).body.some((c) => c._id === id)).toBe(false);
      expect((await call(`/allcategori/${id}`)).status).toBe(404);
      expect((await asAdmin(`/allcategori/${id}`, { method: 'DELETE' })).status).toBe(404);
      // The soft-deleted product is still there for past orders.
      const [row] = await server.app.db.select().from(products).where(eq(products.id, productId));
      expect(row?.deletedAt).toBeInstanceOf(Date);
    });
  });

  describe('products', () => {
    it('adds a pizza from multipart with an image; blank sizes are "" and it shows in every list', async () => {
      const answer = await asAdmin<{ insertedId: string }>('/allproduts', {
        method: 'POST',
        form: form(
          {
            title: 'Nduja Heat',
            category: 'Pizza',
            description: 'Spicy sausage',
            regularDiscount: '8.5',
            mediumDiscount: '11.99',
            largeDiscount: '14',
            extraLargeDiscount: '',
            deep_pan: '0',
            thin_crust: '0',
            stuffed_crust: '2',
          },
          { bytes: await png(800, 600), type: 'image/png' },
        ),
      });
      expect(answer.status).toBe(201);
      const product = await productByTitle('Nduja Heat');
      expect(product).toMatchObject({
        _id: answer.body.insertedId,
        category: 'Pizza',
        description: 'Spicy sausage',
        regularDiscount: 8.5,
        mediumDiscount: 11.99,
        largeDiscount: 14,
        extraLargeDiscount: '',
        deep_pan: 0,
        thin_crust: 0,
        stuffed_crust: 2,
        normal: null,
        boneless: null,
      });
      expect((await productsOf('Pizza')).some((p) => p._id === answer.body.insertedId)).toBe(true);
      const image = await fetch(`${server.url}${product!.imageUrl!}`);
      expect(image.headers.get('content-type')).toBe('image/webp');
      const detail = (await call<ProductDetailWire>(`/allproduts/${answer.body.insertedId}`)).body;
      expect((await sharp(Buffer.from(detail.file!, 'base64')).metadata()).format).toBe('webp');
    });

    it('adds wings with type prices from JSON, empty crusts null', async () => {
      const answer = await asAdmin<{ insertedId: string }>('/allproduts', {
        method: 'POST',
        json: {
          title: 'Honey Wings',
          category: 'Wings',
          description: '',
          regularDiscount: 5.5,
          mediumDiscount: 8,
          largeDiscount: '',
          extraLargeDiscount: '',
          deep_pan: null,
          thin_crust: null,
          stuffed_crust: null,
          normal: 0,
          boneless: 1,
        },
      });
      expect(answer.status).toBe(201);
      expect(await productByTitle('Honey Wings')).toMatchObject({
        regularDiscount: 5.5,
        mediumDiscount: 8,
        largeDiscount: '',
        deep_pan: null,
        stuffed_crust: null,
        normal: 0,
        boneless: 1,
      });
    });

    it('stores crust prices only for Pizza and wing type prices only for Wings, whatever else is sent', async () => {
      // What the Add Product form sent after Pizza, then Wings, then Sides was chosen: the side with crusts and types.
      const leftovers = { deep_pan: '0', thin_crust: '0.5', stuffed_crust: '2', normal: '0', boneless: '1' };
      const side = await asAdmin<{ insertedId: string }>('/allproduts', {
        method: 'POST',
        form: form({ title: 'Halloumi Fries', category: 'Sides', description: '', regularDiscount: '4.5', ...leftovers }),
      });
      expect(side.status).toBe(201);
      const stored = (await call<ProductDetailWire>(`/allproduts/${side.body.insertedId}`)).body;
      expect(stored).toMatchObject({
        regularDiscount: 4.5,
        deep_pan: null,
        thin_crust: null,
        stuffed_crust: null,
        normal: null,
        boneless: null,
      });

      const wings = await asAdmin<{ insertedId: string }>('/allproduts', {
        method: 'POST',
        json: { title: 'Lemon Wings', category: 'Wings', regularDiscount: 5, mediumDiscount: 8, ...leftovers },
      });
      expect(wings.status).toBe(201);
      expect((await call<ProductDetailWire>(`/allproduts/${wings.body.insertedId}`)).body).toMatchObject({
        deep_pan: null,
        stuffed_crust: null,
        normal: 0,
        boneless: 1,
      });

      // A pizza moved to Sides by an edit loses its crusts; moved back, it takes the crusts sent again.
      const pizza = await addPizza('Pizza', 'Garlic Pizza Bread');
      const moved = await asAdmin(`/allproduts/${pizza}`, {
        method: 'PUT',
        json: { title: 'Garlic Pizza Bread', category: 'Sides', regularDiscount: 4, ...leftovers },
      });
      expect(moved.status).toBe(200);
      expect((await call<ProductDetailWire>(`/allproduts/${pizza}`)).body).toMatchObject({
        category: 'Sides',
        stuffed_crust: null,
        boneless: null,
      });
      await asAdmin(`/allproduts/${pizza}`, {
        method: 'PUT',
        json: { title: 'Garlic Pizza Bread', category: 'Pizza', regularDiscount: 4, ...leftovers },
      });
      expect((await call<ProductDetailWire>(`/allproduts/${pizza}`)).body).toMatchObject({
        thin_crust: 0.5,
        stuffed_crust: 2,
        normal: null,
      });
    });

    it.each([
      ['regularDiscount', '1.234'],
      ['mediumDiscount', '-1'],
      ['largeDiscount', 'abc'],
      ['stuffed_crust', '2.001'],
      ['boneless', '-0.5'],
    ])('refuses %s = %s with a message naming the field', async (field, value) => {
      const answer = await asAdmin<{ message: string }>('/allproduts', {
        method: 'POST',
        form: form({ title: 'Bad Price', category: 'Pizza', regularDiscount: '5', [field]: value }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(field);
      expect(await productByTitle('Bad Price')).toBeUndefined();
    });

    it('refuses a missing title, no price at all, and a category that does not exist', async () => {
      const noTitle = await asAdmin<{ message: string }>('/allproduts', {
        method: 'POST',
        json: { title: ' ', category: 'Pizza', regularDiscount: 5 },
      });
      expect(noTitle.status).toBe(400);
      expect(noTitle.body.message).toBe(PRODUCT_TITLE_REQUIRED);
      const noPrice = await asAdmin<{ message: string }>('/allproduts', {
        method: 'POST',
        json: { title: 'Free', category: 'Pizza', regularDiscount: '' },
      });
      expect(noPrice.status).toBe(400);
      expect(noPrice.body.message).toBe(PRODUCT_PRICE_REQUIRED);
      const noCategory = await asAdmin<{ message: string }>('/allproduts', {
        method: 'POST',
        json: { title: 'Lost', category: 'Kebabs', regularDiscount: 5 },
      });
      expect(noCategory.status).toBe(400);
      expect(noCategory.body.message).toContain('Kebabs');
      expect(await productByTitle('Lost')).toBeUndefined();
    });

    it('takes an image of exactly 20000000 bytes, refuses one byte more with 413 and refuses non-images', async () => {
      const fields = { title: 'Big Picture', category: 'Sides', regularDiscount: '3' };
      expect((await asAdmin('/allproduts', { method: 'POST', form: form(fields, { bytes: await pngOfSize(20_000_000) }) })).status).toBe(
        201,
      );
      const tooBig = await asAdmin<{ message: string }>('/allproduts', {
        method: 'POST',
        form: form({ ...fields, title: 'Too Big' }, { bytes: await pngOfSize(20_000_001) }),
      });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.message).toBe(PRODUCT_IMAGE_TOO_LARGE);
      const text = await asAdmin<{ message: string }>('/allproduts', {
        method: 'POST',
        form: form({ ...fields, title: 'Text' }, { bytes: Buffer.from('<svg onload=alert(1)>'), name: 'x.png' }),
      });
      expect(text.status).toBe(400);
      expect(text.body.message).toBe(NOT_AN_IMAGE);
      expect(await productByTitle('Too Big')).toBeUndefined();
    });

    it('edits prices from JSON and multipart, keeping deal slots and drink kinds the form does not show', async () => {
      const deal = (await productsOf('Deals')).find((product) => (product.dealSlots?.length ?? 0) > 0)!;
      const answer = await asAdmin<{ modifiedCount: number }>(`/allproduts/${deal._id}`, {
        method: 'PUT',
        json: {
          title: deal.title,
          category: 'Deals',
          description: deal.description,
          regularDiscount: 20,
          mediumDiscount: 24.5,
          largeDiscount: '',
          extraLargeDiscount: '',
        },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ modifiedCount: 1 });
      const edited = (await call<ProductDetailWire>(`/allproduts/${deal._id}`)).body;
      expect(edited).toMatchObject({ regularDiscount: 20, mediumDiscount: 24.5, largeDiscount: '', dealSlots: deal.dealSlots });

      const drink = (await productsOf('Drinks')).find((product) => product.drinkKind === 'can')!;
      const multipart = await asAdmin(`/allproduts/${drink._id}`, {
        method: 'PUT',
        form: form({
          title: `${drink.title} 330ml`,
          category: 'Drinks',
          description: '',
          regularDiscount: '1.3',
          file: (await png(70, 70)).toString('base64'),
        }),
      });
      expect(multipart.status).toBe(200);
      const drinkAfter = (await call<ProductDetailWire>(`/allproduts/${drink._id}`)).body;
      expect(drinkAfter).toMatchObject({ title: `${drink.title} 330ml`, regularDiscount: 1.3, drinkKind: 'can' });
      expect(drinkAfter.imageUrl).not.toBe(drink.imageUrl);
      expect((await sharp(Buffer.from(drinkAfter.file!, 'base64')).metadata()).width).toBe(70);

      const kind = await asAdmin(`/allproduts/${drink._id}`, {
        method: 'PUT',
        json: { title: drink.title, category: 'Drinks', regularDiscount: 1.3, drinkKind: 'bottle' },
      });
      expect(kind.status).toBe(200);
      expect((await call<ProductDetailWire>(`/allproduts/${drink._id}`)).body.drinkKind).toBe('bottle');
    });

    it('validates edits: a base64 image over 20 MB, a bad price, an unknown product', async () => {
      const side = (await productsOf('Sides'))[0]!;
      const big = await asAdmin<{ message: string }>(`/allproduts/${side._id}`, {
        method: 'PUT',
        json: { title: side.title, category: 'Sides', regularDiscount: 3, file: (await pngOfSize(20_000_001)).toString('base64') },
      });
      expect(big.status).toBe(413);
      expect(big.body.message).toBe(PRODUCT_IMAGE_TOO_LARGE);
      const price = await asAdmin<{ message: string }>(`/allproduts/${side._id}`, {
        method: 'PUT',
        json: { title: side.title, category: 'Sides', regularDiscount: 3.999 },
      });
      expect(price.status).toBe(400);
      expect(price.body.message).toContain('regularDiscount');
      expect(
        (
          await asAdmin('/allproduts/0123456789abcdef01234567', {
            method: 'PUT',
            json: { title: 'x', category: 'Sides', regularDiscount: 1 },
          })
        ).status,
      ).toBe(404);
      expect((await call<ProductDetailWire>(`/allproduts/${side._id}`)).body.regularDiscount).toBe(side.regularDiscount);
    });

    it('soft-deletes: gone from every list and from GET, the row kept for past orders', async () => {
      const id = await addPizza('Pizza', 'Short Lived');
      const answer = await asAdmin<{ deletedCount: number }>(`/allproduts/${id}`, { method: 'DELETE' });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ deletedCount: 1 });
      expect(await productByTitle('Short Lived')).toBeUndefined();
      expect((await productsOf('Pizza')).some((p) => p._id === id)).toBe(false);
      expect((await call(`/allproduts/${id}`)).status).toBe(404);
      expect(
        (await asAdmin(`/allproduts/${id}`, { method: 'PUT', json: { title: 'Back', category: 'Pizza', regularDiscount: 1 } })).status,
      ).toBe(404);
      expect((await asAdmin(`/allproduts/${id}`, { method: 'DELETE' })).status).toBe(404);
      const [row] = await server.app.db.select().from(products).where(eq(products.id, id));
      expect(row?.title).toBe('Short Lived');
      expect(row?.deletedAt?.toISOString()).toBe(server.app.now().toISOString());
    });

    it('stores markup as text and answers it verbatim', async () => {
      const title = '<img src=x onerror=alert(1)>';
      const description = '<script>alert("x")</script> & more';
      await addPizza('Pizza', title, { description });
      const product = await productByTitle(title);
      expect(product).toMatchObject({ title, description });
    });
  });

  describe('toppings', () => {
    it('adds a topping from JSON and removes it', async () => {
      const added = await asAdmin<{ insertedId: string }>('/ingredients', {
        method: 'POST',
        json: { ToopingName: 'Jalapeños', category: 'Pizza', toopingPrice: 0.75 },
      });
      expect(added.status).toBe(201);
      const list = (await call<IngredientWire[]>('/ingredients')).body;
      expect(list.find((topping) => topping._id === added.body.insertedId)).toMatchObject({
        ToopingName: 'Jalapeños',
        category: 'Pizza',
        toopingPrice: 0.75,
      });
      const removed = await asAdmin(`/ingredients/${added.body.insertedId}`, { method: 'DELETE' });
      expect(removed.body).toEqual({ deletedCount: 1 });
      expect((await call<IngredientWire[]>('/ingredients')).body.some((topping) => topping._id === added.body.insertedId)).toBe(false);
      expect((await asAdmin(`/ingredients/${added.body.insertedId}`, { method: 'DELETE' })).status).toBe(404);
    });

    it.each([
      [{ ToopingName: '', category: 'Pizza', toopingPrice: 1 }, INGREDIENT_NAME_REQUIRED],
      [{ ToopingName: 'Ham', category: 'Pizza', toopingPrice: 'abc' }, INGREDIENT_PRICE_REQUIRED],
      [{ ToopingName: 'Ham', category: 'Pizza', toopingPrice: '' }, INGREDIENT_PRICE_REQUIRED],
      [{ ToopingName: 'Ham', category: 'Pizza' }, INGREDIENT_PRICE_REQUIRED],
      [{ ToopingName: 'Ham', category: 'Pizza', toopingPrice: -1 }, INGREDIENT_PRICE_REQUIRED],
      [{ ToopingName: 'Ham', category: 'Pizza', toopingPrice: 1.005 }, INGREDIENT_PRICE_REQUIRED],
    ])('refuses %j with "%s"', async (json, message) => {
      const answer = await asAdmin<{ message: string }>('/ingredients', { method: 'POST', json });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    });

    it('refuses a category outside Pizza, Crust, Shakes and Dips', async () => {
      const answer = await asAdmin<{ message: string }>('/ingredients', {
        method: 'POST',
        json: { ToopingName: 'Gravy', category: 'Sides', toopingPrice: 1 },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('category');
    });
  });
});
