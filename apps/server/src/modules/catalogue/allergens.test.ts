import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngredientWire, ProductDetailWire, ProductWire } from '@shop/shared/contract/catalogue';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { signInAs } from '../../../test/sign-in';

// Issue 22 point 1 on the wire: products and toppings carry their allergens (codes of the 14, in the list's order),
// products their VAT rate; the admin's writes set them and refuse an unknown code with 422 UNKNOWN_ALLERGEN.

interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

const pizzaFields = {
  category: 'Pizza',
  description: 'Tomato and mozzarella',
  regularDiscount: '7.99',
  mediumDiscount: '10.49',
  largeDiscount: '',
  extraLargeDiscount: '',
  deep_pan: '0',
  thin_crust: '0',
  stuffed_crust: '2',
};

describe.each(testDatabases())('allergens and VAT rates on the catalogue API on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let unique = 0;

  async function call<T = unknown>(
    path: string,
    options: { method?: string; json?: unknown; form?: FormData; cookie?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    let body: RequestInit['body'];
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form;
    const response = await fetch(`${server.url}/api${path}`, { method: options.method ?? 'GET', headers, body });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, headers: response.headers, body: (type.includes('json') && text ? JSON.parse(text) : text) as T };
  }
  const asAdmin = <T = unknown>(path: string, options: Parameters<typeof call>[1] = {}) => call<T>(path, { ...options, cookie: admin });

  const product = async (id: string) => (await call<ProductWire[]>('/allproduts')).body.find((item) => item._id === id);
  const topping = async (id: string) => (await call<IngredientWire[]>('/ingredients')).body.find((item) => item._id === id);

  async function addPizza(extra: Record<string, string>): Promise<Answer<{ insertedId: string; code?: string; message?: string }>> {
    unique += 1;
    return asAdmin('/allproduts', { method: 'POST', form: form({ title: `Allergen pizza ${unique}`, ...pizzaFields, ...extra }) });
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: true, db: kind });
    admin = (await signInAs(server, { role: 'owner' })).cookie;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a new product without allergens or a rate has them not recorded (null, decision 1004) and the standard rate', async () => {
    const added = await addPizza({});
    expect(added.status).toBe(201);
    expect(await product(added.body.insertedId)).toMatchObject({ allergens: null, vatRate: 'standard' });
  });

  it('stores a form’s allergens (comma separated or JSON text) in the list’s order, once each, and the zero rate', async () => {
    const commas = await addPizza({ allergens: 'milk, gluten,Milk', vatRate: 'zero' });
    expect(commas.status).toBe(201);
    expect(await product(commas.body.insertedId)).toMatchObject({ allergens: ['gluten', 'milk'], vatRate: 'zero' });
    const json = await addPizza({ allergens: '["sulphites","celery"]' });
    expect(await product(json.body.insertedId)).toMatchObject({ allergens: ['celery', 'sulphites'] });
    // The detail the edit form reads carries them too.
    const detail = await call<ProductDetailWire>(`/allproduts/${json.body.insertedId}`);
    expect(detail.body).toMatchObject({ allergens: ['celery', 'sulphites'], vatRate: 'standard' });
  });

  it('an edit that leaves allergens and the rate out keeps them; one that sends them replaces them', async () => {
    const { insertedId: id } = (await addPizza({ allergens: 'gluten,milk', vatRate: 'zero' })).body;
    const keep = await asAdmin(`/allproduts/${id}`, { method: 'PUT', json: { title: 'Kept allergens', ...pizzaFields } });
    expect(keep.status).toBe(200);
    expect(await product(id)).toMatchObject({ title: 'Kept allergens', allergens: ['gluten', 'milk'], vatRate: 'zero' });
    await asAdmin(`/allproduts/${id}`, {
      method: 'PUT',
      json: { title: 'Kept allergens', ...pizzaFields, allergens: ['gluten', 'fish'], vatRate: 'standard' },
    });
    expect(await product(id)).toMatchObject({ allergens: ['gluten', 'fish'], vatRate: 'standard' });
    await asAdmin(`/allproduts/${id}`, { method: 'PUT', json: { title: 'Kept allergens', ...pizzaFields, allergens: [] } });
    expect((await product(id))?.allergens).toEqual([]);
  });

  it('refuses an unknown allergen with 422 UNKNOWN_ALLERGEN naming it, and stores nothing', async () => {
    const before = (await call<ProductWire[]>('/allproduts')).body.length;
    const refused = await addPizza({ allergens: 'gluten,cheese' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('UNKNOWN_ALLERGEN');
    expect(refused.body.message).toContain("'cheese' is not an allergen code");
    expect((await call<ProductWire[]>('/allproduts')).body.length).toBe(before);

    const { insertedId: id } = (await addPizza({ allergens: 'milk' })).body;
    const edit = await asAdmin<{ code: string }>(`/allproduts/${id}`, {
      method: 'PUT',
      json: { title: 'Unchanged', ...pizzaFields, allergens: ['milk', 'nutz', 'dairy'] },
    });
    expect(edit.status).toBe(422);
    expect(edit.body.code).toBe('UNKNOWN_ALLERGEN');
    expect(await product(id)).toMatchObject({ allergens: ['milk'] });
    expect((await product(id))?.title).not.toBe('Unchanged');
  });

  it('refuses a VAT rate other than standard or zero with 400', async () => {
    const refused = await addPizza({ vatRate: 'reduced' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('vatRate must be one of standard, zero');
  });

  it('a topping carries allergens, and its edit changes name, price, category and allergens', async () => {
    const added = await asAdmin<{ insertedId: string }>('/ingredients', {
      method: 'POST',
      json: { ToopingName: 'Anchovies', category: 'Pizza', toopingPrice: 0.9, allergens: ['fish'] },
    });
    expect(added.status).toBe(201);
    const id = added.body.insertedId;
    expect(await topping(id)).toMatchObject({ ToopingName: 'Anchovies', allergens: ['fish'] });

    const edited = await asAdmin(`/ingredients/${id}`, {
      method: 'PUT',
      json: { ToopingName: 'Garlic mayo', category: 'Dips', toopingPrice: '0.60', allergens: ['mustard', 'eggs'] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ modifiedCount: 1 });
    expect(await topping(id)).toMatchObject({
      ToopingName: 'Garlic mayo',
      category: 'Dips',
      toopingPrice: 0.6,
      allergens: ['eggs', 'mustard'],
    });

    // Left out: kept.
    await asAdmin(`/ingredients/${id}`, {
      method: 'PUT',
      form: form({ ToopingName: 'Garlic dip', category: 'Dips', toopingPrice: '0.70' }),
    });
    expect(await topping(id)).toMatchObject({ ToopingName: 'Garlic dip', toopingPrice: 0.7, allergens: ['eggs', 'mustard'] });

    const unknown = await asAdmin<{ code: string }>(`/ingredients/${id}`, {
      method: 'PUT',
      json: { ToopingName: 'Garlic dip', category: 'Dips', toopingPrice: 0.7, allergens: ['garlic'] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('UNKNOWN_ALLERGEN');
    const created = await asAdmin<{ code: string }>('/ingredients', {
      method: 'POST',
      json: { ToopingName: 'Prawns', category: 'Pizza', toopingPrice: 1, allergens: ['shellfish'] },
    });
    expect(created.status).toBe(422);
    expect((await call<IngredientWire[]>('/ingredients')).body.some((item) => item.ToopingName === 'Prawns')).toBe(false);

    const missing = await asAdmin(`/ingredients/${'f'.repeat(24)}`, {
      method: 'PUT',
      json: { ToopingName: 'Nobody', category: 'Dips', toopingPrice: 1 },
    });
    expect(missing.status).toBe(404);
    const customer = (await signInAs(server, { role: 'customer' })).cookie;
    const notAdmin = await call(`/ingredients/${id}`, {
      method: 'PUT',
      cookie: customer,
      json: { ToopingName: 'Mine', category: 'Dips', toopingPrice: 0 },
    });
    expect(notAdmin.status).toBe(403);
  });

  it('the menu’s ETags change when an allergen changes', async () => {
    const { insertedId: id } = (await addPizza({ allergens: 'gluten' })).body;
    const products1 = await call('/allproduts');
    const toppings1 = await call<IngredientWire[]>('/ingredients');
    await asAdmin(`/allproduts/${id}`, {
      method: 'PUT',
      json: { title: `Allergen pizza ${id}`, ...pizzaFields, allergens: ['gluten', 'milk'] },
    });
    const products2 = await call('/allproduts', { headers: { 'if-none-match': products1.headers.get('etag') ?? '' } });
    expect(products2.status).toBe(200);
    expect(products2.headers.get('etag')).not.toBe(products1.headers.get('etag'));

    const first = toppings1.body[0]!;
    await asAdmin(`/ingredients/${first._id}`, {
      method: 'PUT',
      json: {
        ToopingName: first.ToopingName,
        category: first.category,
        toopingPrice: first.toopingPrice,
        allergens: [...(first.allergens ?? []), 'lupin'],
      },
    });
    const toppings2 = await call('/ingredients', { headers: { 'if-none-match': toppings1.headers.get('etag') ?? '' } });
    expect(toppings2.status).toBe(200);
  });
});
