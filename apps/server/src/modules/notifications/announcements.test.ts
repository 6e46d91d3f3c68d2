import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_AN_IMAGE,
  NOTIFICATION_DESCRIPTION_REQUIRED,
  NOTIFICATION_TITLE_REQUIRED,
  type AnnouncementWire,
} from '@shop/shared/contract/catalogue';
import { PRODUCT_IMAGE_TOO_LARGE } from '@shop/shared/domain/messages';
import { form, isWebp, png, pngOfSize } from '../../../test/forms';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { call } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';

describe.each(testDatabases())('announcements on %s', (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  let customer: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ db: kind });
    admin = await signInAs(server, { role: 'owner' });
    customer = await signInAs(server);
  });
  afterAll(async () => server.close());

  async function postForm(who: SignedIn | null, body: FormData) {
    const response = await fetch(`${server.url}/api/allnotification`, { method: 'POST', headers: who ? { cookie: who.cookie } : {}, body });
    return { status: response.status, body: (await response.json()) as { insertedId?: string; message?: string } };
  }

  it('is for admins only, to send and to list', async () => {
    const fields = { title: 'Half price Tuesdays', description: 'Every pizza, every Tuesday' };
    expect((await postForm(null, form(fields))).status).toBe(401);
    expect((await postForm(customer, form(fields))).status).toBe(403);
    expect((await call(server, 'POST', '/allnotification', customer, fields)).status).toBe(403);
    expect((await call(server, 'GET', '/allnotification', null)).status).toBe(401);
    expect((await call(server, 'GET', '/allnotification', customer)).status).toBe(403);
  });

  it('refuses an empty title or description with the form’s words', async () => {
    const noTitle = await postForm(admin, form({ title: '  ', description: 'Something' }));
    expect(noTitle).toEqual({ status: 400, body: expect.objectContaining({ message: NOTIFICATION_TITLE_REQUIRED }) });
    const noDescription = await call(server, 'POST', '/allnotification', admin, { title: 'Hello', description: '' });
    expect(noDescription.status).toBe(400);
    expect(noDescription.body.message).toBe(NOTIFICATION_DESCRIPTION_REQUIRED);
    const neither = await call(server, 'POST', '/allnotification', admin, {});
    expect(neither.body.message).toBe(`${NOTIFICATION_TITLE_REQUIRED}; ${NOTIFICATION_DESCRIPTION_REQUIRED}`);
    expect((await call(server, 'GET', '/allnotification', admin)).body).toEqual([]);
  });

  it('checks the image as product images are checked: size first, then that it is an image', async () => {
    const fields = { title: 'Big picture', description: 'Too big' };
    const large = await postForm(admin, form(fields, { bytes: await pngOfSize(20_000_001) }));
    expect(large).toEqual({ status: 413, body: expect.objectContaining({ message: PRODUCT_IMAGE_TOO_LARGE }) });
    const fake = await postForm(admin, form(fields, { bytes: Buffer.from('not a picture at all'), name: 'x.png' }));
    expect(fake).toEqual({ status: 400, body: expect.objectContaining({ message: NOT_AN_IMAGE }) });
    expect((await call(server, 'GET', '/allnotification', admin)).body).toEqual([]);
  });

  it('sends a multipart or JSON announcement to every customer, listed newest first for admins', async () => {
    const first = await postForm(
      admin,
      form({ title: 'Half price Tuesdays', description: 'Every pizza, every Tuesday' }, { bytes: await png(300, 200, '#2980b9') }),
    );
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const base64 = (await png(120, 80, '#27ae60')).toString('base64');
    const second = await call(server, 'POST', '/allnotification', admin, {
      title: 'New dips',
      description: 'Garlic and chilli',
      file: base64,
    });
    expect(second.status).toBe(201);
    const third = await call(server, 'POST', '/allnotification', admin, { title: 'No picture', description: 'Just words' });
    expect(third.status).toBe(201);

    const listed = (await call(server, 'GET', '/allnotification', admin)).body as AnnouncementWire[];
    expect(listed.map((a) => a._id)).toEqual([third.body.insertedId, second.body.insertedId, first.body.insertedId]);
    expect(listed[2]).toEqual({
      _id: first.body.insertedId,
      title: 'Half price Tuesdays',
      description: 'Every pizza, every Tuesday',
      imageUrl: expect.stringMatching(/^\/api\/images\/[0-9a-f]{24}\?w=480$/),
      date: '18/11/2026',
      time: '18:00',
      createdAt: '2026-11-18T18:00:00.000Z',
    });
    expect(listed[0]?.imageUrl).toBeNull();
    const picture = await fetch(`${server.url}${listed[2]?.imageUrl}`);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    expect(isWebp(Buffer.from(await picture.arrayBuffer()))).toBe(true);

    // Every customer's feed shows them as notices, a customer who signs up later too.
    const later = await signInAs(server);
    for (const who of [customer, later]) {
      const feed = (await call(server, 'GET', `/my-product/${encodeURIComponent(who.user.email)}`, who)).body as Array<{
        _id: string;
        kind: string;
        title: string;
        imageUrl: string | null;
      }>;
      expect(
        feed
          .filter((item) => item.kind === 'notice')
          .map((item) => item.title)
          .sort(),
      ).toEqual(['Half price Tuesdays', 'New dips', 'No picture']);
      expect(feed.find((item) => item._id === first.body.insertedId)?.imageUrl).toMatch(/\?w=160$/);
    }
  });

  it('sends a notice once however often it is submitted with the same Idempotency-Key, at once or later', async () => {
    const fields = { title: 'Closed Monday', description: 'Back on Tuesday at noon' };
    const send = async (key: string, body = fields) => {
      const response = await fetch(`${server.url}/api/allnotification`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'idempotency-key': key },
        body: form(body, { bytes: await png() }),
      });
      return { status: response.status, body: (await response.json()) as { insertedId?: string; message?: string } };
    };
    const twins = await Promise.all([send('notice-key-0001'), send('notice-key-0001')]);
    const retry = await send('notice-key-0001');
    expect(twins.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(retry.status).toBe(200);
    const id = twins[0]!.body.insertedId;
    expect([twins[1]!.body.insertedId, retry.body.insertedId]).toEqual([id, id]);
    const sent = (await call(server, 'GET', '/allnotification', admin)).body as AnnouncementWire[];
    expect(sent.filter((notice) => notice.title === 'Closed Monday')).toEqual([
      expect.objectContaining({ _id: id, imageUrl: expect.stringMatching(/^\/api\/images\//) }),
    ]);
    const feed = (await call(server, 'GET', `/my-product/${encodeURIComponent(customer.user.email)}`, customer)).body as Array<{
      title: string;
    }>;
    expect(feed.filter((item) => item.title === 'Closed Monday')).toHaveLength(1);

    // The same key with other words is a mistake, not a repeat; a new key is a new notice.
    const other = await send('notice-key-0001', { ...fields, description: 'Back on Wednesday' });
    expect(other).toEqual({ status: 409, body: expect.objectContaining({ code: 'IDEMPOTENCY_KEY_REUSED' }) });
    expect((await send('notice-key-0002')).status).toBe(201);
    expect((await send('short')).status).toBe(400);
    const after = (await call(server, 'GET', '/allnotification', admin)).body as AnnouncementWire[];
    expect(after.filter((notice) => notice.title === 'Closed Monday')).toHaveLength(2);
  });
});
