import { PHONE_MESSAGE } from '@shop/shared/domain/phone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { signInAs, type SignedIn } from '../../../test/sign-in';

const HOME = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  Email: 'Ada@Example.com',
  phone: '07700 900123',
  address: '12 Analytical Row',
  address2: 'Flat 2',
  city: 'London',
  postcode: 'sw1a1aa',
};

describe.each(testDatabases())('addresses on %s', (kind) => {
  let server: TestServer;
  let owner: SignedIn;
  let other: SignedIn;
  let admin: SignedIn;

  const call = async (method: string, path: string, who: SignedIn | null, body?: unknown) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { ...(who ? { cookie: who.cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & unknown[] };
  };

  beforeAll(async () => {
    server = await startTestServer({ db: kind });
    owner = await signInAs(server);
    other = await signInAs(server);
    admin = await signInAs(server, { role: 'owner' });
  });
  afterAll(async () => server.close());

  it('adds an address with normalised post code, e-mail and phone, and reads it back', async () => {
    const created = await call('POST', '/address-collection', owner, HOME);
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const read = await call('GET', `/address-collection/${id}`, owner);
    // The number in E.164, one key however it was typed (domain/phone.ts).
    expect(read.body).toEqual({ _id: id, ...HOME, Email: 'ada@example.com', phone: '+447700900123', postcode: 'SW1A 1AA' });
  });

  it('refuses bad input with a message that says what is wrong', async () => {
    const badPostcode = await call('POST', '/address-collection', owner, { ...HOME, postcode: '12345' });
    expect(badPostcode.status).toBe(400);
    expect(badPostcode.body.message).toContain('Please enter a UK post code such as SW1A 1AA');
    const badPhone = await call('POST', '/address-collection', owner, { ...HOME, phone: 'call me' });
    expect(badPhone.body.message).toBe(`phone: ${PHONE_MESSAGE}`);
    const missing = await call('POST', '/address-collection', owner, { ...HOME, city: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Town/City is required');
    const extra = await call('POST', '/address-collection', owner, { ...HOME, userId: other.user.id });
    expect(extra.status).toBe(400);
    expect((await call('POST', '/address-collection', null, HOME)).status).toBe(401);
  });

  it('lets only the owner or an admin read, change or delete an address; anyone else gets 404', async () => {
    const id = (await call('POST', '/address-collection', owner, HOME)).body.insertedId as string;
    expect((await call('GET', `/address-collection/${id}`, other)).status).toBe(404);
    expect((await call('PUT', `/address-collection/${id}`, other, { city: 'Leeds' })).status).toBe(404);
    expect((await call('DELETE', `/address-collection/${id}`, other)).status).toBe(404);
    expect((await call('GET', `/address-collection/${id}`, owner)).body.city).toBe('London');
    expect((await call('GET', `/address-collection/${id}`, admin)).status).toBe(200);
  });

  it('updates only the fields sent and answers modifiedCount', async () => {
    const id = (await call('POST', '/address-collection', owner, HOME)).body.insertedId as string;
    const updated = await call('PUT', `/address-collection/${id}`, owner, { city: 'Manchester', postcode: 'm1 1ae' });
    expect(updated.body).toEqual({ modifiedCount: 1 });
    const read = await call('GET', `/address-collection/${id}`, owner);
    expect(read.body).toMatchObject({ city: 'Manchester', postcode: 'M1 1AE', firstname: 'Ada', address: '12 Analytical Row' });
    expect((await call('PUT', `/address-collection/${id}`, owner, { city: 'Manchester' })).body).toEqual({ modifiedCount: 0 });
    expect((await call('PUT', `/address-collection/${id}`, owner, { postcode: 'nowhere' })).status).toBe(400);
  });

  it('lists a user’s own addresses by e-mail, and refuses someone else’s list', async () => {
    const mine = await call('GET', `/get-address-by-email/${encodeURIComponent(owner.user.email)}`, owner);
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThanOrEqual(3);
    expect((mine.body as Array<{ firstname: string }>).every((a) => a.firstname === 'Ada')).toBe(true);
    expect((await call('GET', `/get-address-by-email/${encodeURIComponent(owner.user.email)}`, other)).status).toBe(403);
    expect((await call('GET', `/get-address-by-email/${encodeURIComponent(other.user.email)}`, other)).body).toEqual([]);
  });

  it('deletes an address and answers deletedCount', async () => {
    const id = (await call('POST', '/address-collection', owner, HOME)).body.insertedId as string;
    expect((await call('DELETE', `/address-collection/${id}`, owner)).body).toEqual({ deletedCount: 1 });
    expect((await call('GET', `/address-collection/${id}`, owner)).status).toBe(404);
  });
});
