import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema';
import { form, png } from '../../../test/forms';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { call } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';

describe.each(testDatabases())('deleting banners on %s', (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  let customer: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ db: kind });
    admin = await signInAs(server, { role: 'owner' });
    customer = await signInAs(server);
  });
  afterAll(async () => server.close());

  async function addBanner(colour: string): Promise<string> {
    const response = await fetch(`${server.url}/api/addbanner`, {
      method: 'POST',
      headers: { cookie: admin.cookie },
      body: form({}, { bytes: await png(320, 140, colour) }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { insertedId: string }).insertedId;
  }

  const listed = async () => (await call(server, 'GET', '/banners', null)).body as Array<{ _id: string; imageUrl: string }>;

  it('removes a banner and its image for admins only; an unknown or malformed id is 404 like the other deletes', async () => {
    const kept = await addBanner('#8e44ad');
    const removed = await addBanner('#16a085');
    const imageUrl = (await listed()).find((banner) => banner._id === removed)?.imageUrl as string;
    const imageId = /images\/([0-9a-f]{24})/.exec(imageUrl)?.[1] as string;

    expect((await call(server, 'DELETE', `/banners/${removed}`, null)).status).toBe(401);
    expect((await call(server, 'DELETE', `/banners/${removed}`, customer)).status).toBe(403);
    expect((await listed()).map((banner) => banner._id)).toEqual([removed, kept]);

    const deleted = await call(server, 'DELETE', `/banners/${removed}`, admin);
    expect(deleted).toMatchObject({ status: 200, body: { deletedCount: 1 } });
    expect((await listed()).map((banner) => banner._id)).toEqual([kept]);
    expect((await fetch(`${server.url}${imageUrl}`)).status).toBe(404);
    expect(await server.app.db.select().from(images).where(eq(images.id, imageId))).toEqual([]);

    const again = await call(server, 'DELETE', `/banners/${removed}`, admin);
    expect(again).toMatchObject({ status: 404, body: { message: 'Banner not found' } });
    expect((await call(server, 'DELETE', '/banners/not-an-id', admin)).status).toBe(404);
    expect((await listed()).map((banner) => banner._id)).toEqual([kept]);
  });
});
