import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { signInAs, type SignedIn } from '../../../test/sign-in';

type Wire = { _id: string; title: string };

describe.each(testDatabases())('favourites on %s', (kind) => {
  let server: TestServer;
  let alice: SignedIn;
  let bob: SignedIn;
  let admin: SignedIn;
  const product = new Map<string, string>();
  const p = (title: string): string => {
    const found = product.get(title);
    if (!found) throw new Error(`not seeded: ${title}`);
    return found;
  };

  const call = async (method: string, path: string, who: SignedIn | null, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (who) headers.cookie = who.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  beforeAll(async () => {
    server = await startTestServer({ seed: true, db: kind });
    const list = (await (await fetch(`${server.url}/api/allproduts`)).json()) as Wire[];
    for (const item of list) product.set(item.title, item._id);
    alice = await signInAs(server);
    bob = await signInAs(server);
    admin = await signInAs(server, { role: 'owner' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('adds a product, lists it with the product, and warns on a duplicate', async () => {
    const added = await call('POST', '/favouritelist', alice, { id: p('Margherita'), email: alice.user.email });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });

    const again = await call('POST', '/favouritelist', alice, { id: p('Margherita'), email: alice.user.email });
    expect(again).toEqual({ status: 200, body: { messege: 'Already added to favourites' } });

    await call('POST', '/favouritelist', alice, { id: p('BBQ Wings'), email: alice.user.email });
    const list = await call('GET', `/favouritelist/${encodeURIComponent(alice.user.email)}`, alice);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        _id: (added.body as { insertedId: string }).insertedId,
        id: p('Margherita'),
        email: alice.user.email,
        product: expect.objectContaining({
          _id: p('Margherita'),
          title: 'Margherita',
          category: 'Pizza',
          regularDiscount: 7.49,
          stuffed_crust: 2,
        }),
      },
      expect.objectContaining({ id: p('BBQ Wings'), product: expect.objectContaining({ title: 'BBQ Wings', category: 'Wings' }) }),
    ]);
  });

  it('keeps each user to their own list', async () => {
    await call('POST', '/favouritelist', bob, { id: p('Garlic Bread'), email: bob.user.email });
    const bobs = (await call('GET', `/favouritelist/${bob.user.email}`, bob)).body as Array<{ product: { title: string } }>;
    expect(bobs.map((f) => f.product.title)).toEqual(['Garlic Bread']);
  });

  it('never lets a user read another user’s favourites', async () => {
    const peek = await call('GET', `/favouritelist/${encodeURIComponent(alice.user.email)}`, bob);
    expect(peek.status).toBe(403);
    expect(JSON.stringify(peek.body)).not.toContain('Margherita');
  });

  it('lets an admin read a customer’s favourites', async () => {
    const list = await call('GET', `/favouritelist/${alice.user.email}`, admin);
    expect(list.status).toBe(200);
    expect((list.body as unknown[]).length).toBe(2);
  });

  it('never lets a user add to another user’s favourites', async () => {
    const forged = await call('POST', '/favouritelist', bob, { id: p('Hawaiian'), email: alice.user.email });
    expect(forged.status).toBe(403);
    const list = (await call('GET', `/favouritelist/${alice.user.email}`, alice)).body as Array<{ product: { title: string } }>;
    expect(list.map((f) => f.product.title)).not.toContain('Hawaiian');
  });

  it('never lets a user delete another user’s favourite: it is not found', async () => {
    const [first] = (await call('GET', `/favouritelist/${alice.user.email}`, alice)).body as Array<{ _id: string }>;
    const attempt = await call('DELETE', `/favouritelist/${first?._id}`, bob);
    expect(attempt.status).toBe(404);
    const list = (await call('GET', `/favouritelist/${alice.user.email}`, alice)).body as unknown[];
    expect(list).toHaveLength(2);
  });

  it('deletes the user’s own favourite, then answers 404 for it', async () => {
    const before = (await call('GET', `/favouritelist/${alice.user.email}`, alice)).body as Array<{
      _id: string;
      product: { title: string };
    }>;
    const margherita = before.find((f) => f.product.title === 'Margherita');
    const removed = await call('DELETE', `/favouritelist/${margherita?._id}`, alice);
    expect(removed).toEqual({ status: 200, body: { deletedCount: 1 } });
    const after = (await call('GET', `/favouritelist/${alice.user.email}`, alice)).body as Array<{ product: { title: string } }>;
    expect(after.map((f) => f.product.title)).toEqual(['BBQ Wings']);
    expect((await call('DELETE', `/favouritelist/${margherita?._id}`, alice)).status).toBe(404);
    expect((await call('DELETE', '/favouritelist/not-an-id', alice)).status).toBe(404);
  });

  // The spec's Favourite is {id (product), email}, and its client deletes by that id: before, only `_id` was found.
  it('deletes the user’s own favourite by its product’s id too, and only the user’s own', async () => {
    await call('POST', '/favouritelist', alice, { id: p('Pepperoni Passion'), email: alice.user.email });
    await call('POST', '/favouritelist', bob, { id: p('Pepperoni Passion'), email: bob.user.email });
    const titles = async (who: SignedIn) =>
      ((await call('GET', `/favouritelist/${who.user.email}`, who)).body as Array<{ product: { title: string } }>).map(
        (f) => f.product.title,
      );
    expect(await titles(alice)).toContain('Pepperoni Passion');

    expect(await call('DELETE', `/favouritelist/${p('Pepperoni Passion')}`, alice)).toEqual({ status: 200, body: { deletedCount: 1 } });
    expect(await titles(alice)).not.toContain('Pepperoni Passion');
    // Bob's favourite of the same product stays.
    expect(await titles(bob)).toContain('Pepperoni Passion');
    expect((await call('DELETE', `/favouritelist/${p('Pepperoni Passion')}`, alice)).status).toBe(404);
    // A product the user has not saved is not found, whoever else saved it.
    expect((await call('DELETE', `/favouritelist/${p('Garlic Bread')}`, alice)).status).toBe(404);
    expect(await titles(bob)).toEqual(['Garlic Bread', 'Pepperoni Passion']);
  });

  it('refuses a signed-out visitor with 401 on every route', async () => {
    expect((await call('GET', `/favouritelist/${alice.user.email}`, null)).status).toBe(401);
    expect((await call('POST', '/favouritelist', null, { id: p('Margherita'), email: alice.user.email })).status).toBe(401);
    expect((await call('DELETE', `/favouritelist/${'a'.repeat(24)}`, null)).status).toBe(401);
  });

  it('refuses an unknown product, a deleted one and unknown fields', async () => {
    const unknown = await call('POST', '/favouritelist', alice, { id: 'f'.repeat(24), email: alice.user.email });
    expect(unknown.status).toBe(404);
    const extra = await call('POST', '/favouritelist', alice, { id: p('Hawaiian'), email: alice.user.email, userId: bob.user.id });
    expect(extra.status).toBe(400);

    const deletion = await call('DELETE', `/allproduts/${p('BBQ Wings')}`, admin);
    expect(deletion.status).toBe(200);
    const deleted = await call('POST', '/favouritelist', bob, { id: p('BBQ Wings'), email: bob.user.email });
    expect(deleted.status).toBe(404);
    // A product taken off the menu drops out of the list too.
    const list = (await call('GET', `/favouritelist/${alice.user.email}`, alice)).body as unknown[];
    expect(list).toEqual([]);
  });
});
