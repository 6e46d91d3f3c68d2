// The shop's team: an invitation mailed with its link, the password set through it (and the member signed in with
// their role), the list, a role or name changed, a member removed, the last owner kept, dead links refused, and what
// each role may do on the back office's routes.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_NOT_FOUND, LAST_OWNER } from '@shop/shared/contract/staff';
import { auditLog, mailOutbox, staffInvites, users } from '../../db/schema';
import { flushMail } from '../../mail/mailer';
import { call, placeHeldCardOrder, startOrderingShop, type OrderingShop } from '../../../test/order-fixtures';
import { testDatabases, type TestServer } from '../../../test/harness';
import { signInAs, type SignedIn } from '../../../test/sign-in';
import { call as callFrom } from '../../../test/account-test-client';
import { hashInviteToken } from './service';
import { STAFF_INVITE_RATE_LIMIT } from './routes';

const PASSWORD = 'Kitchen-night-2026';

describe.each(testDatabases())('the team on %s', (kind) => {
  let shop: OrderingShop;
  let server: TestServer;
  let owner: SignedIn;

  beforeAll(async () => {
    shop = await startOrderingShop(kind, { RATE_LIMIT_MULTIPLIER: '10' });
    server = shop.server;
    owner = shop.admin;
  });
  afterAll(async () => server?.close());

  /** The link of the latest invitation mail to this address, as the outbox kept it. */
  async function invitationLink(to: string): Promise<{ subject: string; text: string; link: string }> {
    await flushMail();
    const mails = await server.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
    const mail = mails.at(-1);
    if (!mail) throw new Error(`no mail to ${to}`);
    const link = /https?:\/\/\S+\/staff-invite\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no link in ${mail.text}`);
    return { subject: mail.subject, text: mail.text, link };
  }

  const tokenOf = (link: string) => link.split('/').at(-1) ?? '';

  async function invite(body: { email: string; name: string; role: string }): Promise<{ id: string; token: string }> {
    const answer = await call(server, 'POST', '/staff', owner, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { link } = await invitationLink(body.email);
    return { id: answer.body.member.id as string, token: tokenOf(link) };
  }

  async function joined(body: { email: string; name: string; role: string }): Promise<{ id: string; who: SignedIn }> {
    const { id, token } = await invite(body);
    const accepted = await fetch(`${server.url}/api/staff-invites/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(accepted.status).toBe(200);
    const cookie = /sid=[^;]+/.exec(accepted.headers.get('set-cookie') ?? '')?.[0] ?? '';
    return { id, who: { cookie, password: PASSWORD, user: { id, email: body.email, username: body.name, role: body.role as 'owner' } } };
  }

  it('invites by e-mail: the mail carries the link, the link shows who it is for, the password signs the member in', async () => {
    const created = await call(server, 'POST', '/staff', owner, { email: 'Sam@Example.com', name: 'Sam Cook', role: 'kitchen' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.member).toMatchObject({ email: 'sam@example.com', name: 'Sam Cook', role: 'kitchen', status: 'invited' });

    const mail = await invitationLink('sam@example.com');
    expect(mail.link).toBe(`${server.config.publicOrigin}/staff-invite/${tokenOf(mail.link)}`);
    expect(mail.text).toContain('as kitchen');
    // Only the token's hash is kept.
    const token = tokenOf(mail.link);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await server.app.db.select().from(staffInvites).where(eq(staffInvites.userId, created.body.member.id));
    expect(row?.tokenHash).toBe(hashInviteToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    // No password works before the link is used.
    const early = await call(server, 'POST', '/login', null, { email: 'sam@example.com', password: PASSWORD });
    expect(early.status).toBe(401);

    const shown = await call(server, 'GET', `/staff-invites/${token}`, null);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ email: 'sam@example.com', name: 'Sam Cook', role: 'kitchen' });

    const accepted = await fetch(`${server.url}/api/staff-invites/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(accepted.status).toBe(200);
    expect((await accepted.json()) as unknown).toMatchObject({ user: { email: 'sam@example.com', username: 'Sam Cook', role: 'kitchen' } });
    const cookie = /sid=[^;]+/.exec(accepted.headers.get('set-cookie') ?? '')?.[0];
    expect(cookie).toBeDefined();
    const session = await fetch(`${server.url}/api/session`, { headers: { cookie: cookie ?? '' } });
    expect(await session.json()).toEqual({
      user: { email: 'sam@example.com', username: 'Sam Cook', role: 'kitchen', emailVerified: true },
    });

    // The link works once; the password works from now on.
    const again = await call(server, 'POST', `/staff-invites/${token}`, null, { password: 'Another-password-9' });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'INVITE_NOT_FOUND', message: INVITE_NOT_FOUND });
    expect((await call(server, 'GET', `/staff-invites/${token}`, null)).status).toBe(404);
    const login = await call(server, 'POST', '/login', null, { email: 'sam@example.com', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('kitchen');

    const list = await call(server, 'GET', '/staff', owner);
    expect(list.body.staff.find((m: { email: string }) => m.email === 'sam@example.com')).toMatchObject({ status: 'active' });
  });

  it('refuses an e-mail that has an account, and unknown or expired links', async () => {
    const taken = await call(server, 'POST', '/staff', owner, { email: shop.customer.user.email, name: 'A customer', role: 'counter' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('EMAIL_TAKEN');

    expect((await call(server, 'GET', `/staff-invites/${'x'.repeat(43)}`, null)).body.code).toBe('INVITE_NOT_FOUND');

    const { id, token } = await invite({ email: 'late@example.com', name: 'Late Starter', role: 'counter' });
    // Expired a second before the shop's now.
    await server.app.db
      .update(staffInvites)
      .set({ expiresAt: new Date(server.app.now().getTime() - 1000) })
      .where(eq(staffInvites.userId, id));
    const expired = await call(server, 'POST', `/staff-invites/${token}`, null, { password: PASSWORD });
    expect(expired.status).toBe(404);
    expect(expired.body.code).toBe('INVITE_NOT_FOUND');
    expect((await call(server, 'GET', `/staff-invites/${token}`, null)).status).toBe(404);
  });

  it('lists the team owners first, changes a name and a role, and removes a member whose sessions end', async () => {
    const { id, who } = await joined({ email: 'alex@example.com', name: 'Alex Till', role: 'counter' });

    const list = await call(server, 'GET', '/staff', owner);
    expect(list.status).toBe(200);
    const roles = (list.body.staff as Array<{ role: string }>).map((m) => m.role);
    expect(roles[0]).toBe('owner');
    expect(roles.lastIndexOf('owner')).toBeLessThan(roles.findIndex((r) => r !== 'owner'));
    expect(list.body.staff.find((m: { id: string }) => m.id === id)).toMatchObject({
      name: 'Alex Till',
      role: 'counter',
      status: 'active',
    });

    const changed = await call(server, 'PUT', `/staff/${id}`, owner, { name: 'Alex Till-Moore', role: 'manager' });
    expect(changed.status).toBe(200);
    expect(changed.body.member).toMatchObject({ name: 'Alex Till-Moore', role: 'manager' });
    // The member's next request has the new role.
    expect((await call(server, 'GET', '/session', who)).body.user.role).toBe('manager');

    expect((await call(server, 'DELETE', `/staff/${id}`, owner)).status).toBe(204);
    expect((await call(server, 'GET', '/session', who)).body).toEqual({ user: null });
    const after = await call(server, 'GET', '/staff', owner);
    expect(after.body.staff.some((m: { id: string }) => m.id === id)).toBe(false);
    expect((await call(server, 'POST', '/login', null, { email: 'alex@example.com', password: PASSWORD })).status).toBe(401);
    // The row stays, closed, for what the member did.
    const [row] = await server.app.db.select().from(users).where(eq(users.id, id));
    expect(row?.deletedAt).not.toBeNull();
    expect((await call(server, 'DELETE', `/staff/${id}`, owner)).status).toBe(404);
    // The address can be invited again.
    expect((await call(server, 'POST', '/staff', owner, { email: 'alex@example.com', name: 'Alex Till', role: 'kitchen' })).status).toBe(
      201,
    );
  });

  it('keeps at least one owner: the last one can be neither demoted nor removed, even by themself', async () => {
    // The seeded owner steps down, leaving this test's owner the only one.
    const others = (await call(server, 'GET', '/staff', owner)).body.staff.filter(
      (m: { id: string; role: string }) => m.role === 'owner' && m.id !== owner.user.id,
    );
    for (const other of others) expect((await call(server, 'PUT', `/staff/${other.id}`, owner, { role: 'manager' })).status).toBe(200);
    const demote = await call(server, 'PUT', `/staff/${owner.user.id}`, owner, { role: 'manager' });
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({ code: 'LAST_OWNER', message: LAST_OWNER });
    const remove = await call(server, 'DELETE', `/staff/${owner.user.id}`, owner);
    expect(remove.status).toBe(409);
    expect(remove.body.code).toBe('LAST_OWNER');

    // With a second owner, the first may step down.
    const second = await joined({ email: 'co-owner@example.com', name: 'Co Owner', role: 'owner' });
    const stepDown = await call(server, 'PUT', `/staff/${owner.user.id}`, second.who, { role: 'manager' });
    expect(stepDown.status).toBe(200);
    // Now the second is the only owner and cannot remove themself.
    expect((await call(server, 'DELETE', `/staff/${second.id}`, second.who)).body.code).toBe('LAST_OWNER');
    expect((await call(server, 'PUT', `/staff/${owner.user.id}`, second.who, { role: 'owner' })).status).toBe(200);
  });

  it('writes an audit entry for each change of the team', async () => {
    const { id } = await joined({ email: 'audit@example.com', name: 'Audit Trail', role: 'kitchen' });
    await call(server, 'PUT', `/staff/${id}`, owner, { role: 'counter' });
    await call(server, 'DELETE', `/staff/${id}`, owner);
    const entries = await server.app.db.select().from(auditLog).where(eq(auditLog.subjectId, id)).orderBy(asc(auditLog.id));
    expect(
      entries.map((e) => ({
        action: e.action,
        actor: e.actorName,
        role: e.actorRole,
        summary: e.summary,
        before: e.before,
        after: e.after,
      })),
    ).toEqual([
      {
        action: 'staff.invite',
        actor: owner.user.username,
        role: 'owner',
        summary: 'Invited Audit Trail (audit@example.com) as kitchen',
        before: null,
        after: { email: 'audit@example.com', name: 'Audit Trail', role: 'kitchen' },
      },
      {
        action: 'staff.join',
        actor: 'Audit Trail',
        role: 'kitchen',
        summary: 'Audit Trail accepted the invitation (kitchen)',
        before: null,
        after: { email: 'audit@example.com', name: 'Audit Trail', role: 'kitchen' },
      },
      {
        action: 'staff.update',
        actor: owner.user.username,
        role: 'owner',
        summary: 'Made Audit Trail counter',
        before: { email: 'audit@example.com', name: 'Audit Trail', role: 'kitchen' },
        after: { email: 'audit@example.com', name: 'Audit Trail', role: 'counter' },
      },
      {
        action: 'staff.remove',
        actor: owner.user.username,
        role: 'owner',
        summary: 'Removed Audit Trail (counter)',
        before: { email: 'audit@example.com', name: 'Audit Trail', role: 'counter' },
        after: null,
      },
    ]);
  });

  it('lets a kitchen login move an order on, and refuses it a refund, a price change, accepting and the team', async () => {
    const kitchen = await signInAs(server, { role: 'kitchen' });
    const orderId = await placeHeldCardOrder(shop);
    const accept = await call(server, 'PUT', `/update-sell-products/${orderId}`, kitchen, { status: 'Approved Order' });
    expect(accept.status).toBe(403);
    expect(accept.body).toMatchObject({ code: 'ROLE_FORBIDDEN', message: 'A kitchen login cannot do this.' });
    expect((await call(server, 'PUT', `/update-sell-products/${orderId}`, owner, { status: 'Approved Order' })).status).toBe(200);

    const moved = await call(server, 'PUT', `/update-sell-products/${orderId}`, kitchen, { status: 'On the way' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toEqual({ modifiedCount: 1 });
    const cancel = await call(server, 'PUT', `/update-sell-products/${orderId}`, kitchen, { status: 'Canceled Order' });
    expect(cancel.body.code).toBe('ROLE_FORBIDDEN');

    const refund = await call(server, 'POST', `/orders/${orderId}/refunds`, kitchen, { amount: 1, reason: 'Cold chips' });
    expect(refund.status).toBe(403);
    expect(refund.body.code).toBe('ROLE_FORBIDDEN');
    const productId = shop.menu.product('Margherita');
    const price = await call(server, 'PUT', `/allproduts/${productId}`, kitchen, { price: 1 });
    expect(price.status).toBe(403);
    expect(price.body.code).toBe('ROLE_FORBIDDEN');
    expect((await call(server, 'GET', '/staff', kitchen)).status).toBe(403);
    // Sold out is the kitchen's.
    expect((await call(server, 'PUT', `/allproduts/${productId}/availability`, kitchen, { soldOut: false })).status).toBe(200);
  });

  it('lets a counter refund up to the limit the owner sets, counting what was refunded before', async () => {
    const counter = await signInAs(server, { role: 'counter' });
    const manager = await signInAs(server, { role: 'manager' });
    const orderId = await placeHeldCardOrder(shop);
    expect((await call(server, 'PUT', `/update-sell-products/${orderId}`, counter, { status: 'Approved Order' })).status).toBe(200);

    const over = await call(server, 'POST', `/orders/${orderId}/refunds`, counter, { amount: 5.01, reason: 'Missing drink' });
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ code: 'REFUND_OVER_LIMIT', message: 'A counter login can refund up to £5.00 of an order.' });
    expect((await call(server, 'POST', `/orders/${orderId}/refunds`, counter, { amount: 5, reason: 'Missing drink' })).status).toBe(201);
    const more = await call(server, 'POST', `/orders/${orderId}/refunds`, counter, { amount: 0.01, reason: 'And a straw' });
    expect(more.body.code).toBe('REFUND_OVER_LIMIT');

    // The limit is a payment setting: the manager may not change it, but may change the rest.
    const managerLimit = await call(server, 'PUT', '/shop-settings', manager, { counterRefundLimit: 50 });
    expect(managerLimit.status).toBe(403);
    expect(managerLimit.body.code).toBe('ROLE_FORBIDDEN');
    expect((await call(server, 'PUT', '/shop-settings', manager, { ticketLeadMinutes: 25 })).status).toBe(200);
    const raised = await call(server, 'PUT', '/shop-settings', owner, { counterRefundLimit: 10 });
    expect(raised.status).toBe(200);
    expect(raised.body.counterRefundLimit).toBe(10);
    expect((await call(server, 'POST', `/orders/${orderId}/refunds`, counter, { amount: 5, reason: 'Missing drink' })).status).toBe(201);
    expect((await call(server, 'POST', `/orders/${orderId}/refunds`, counter, { amount: 0.01, reason: 'More' })).body.code).toBe(
      'REFUND_OVER_LIMIT',
    );
    // The owner refunds any amount.
    expect((await call(server, 'POST', `/orders/${orderId}/refunds`, owner, { amount: 5, reason: 'Sorry' })).status).toBe(201);
  });

  it('judges two owners demoting each other at once one after the other: one steps down, the other stays owner', async () => {
    const first = await joined({ email: 'race-one@example.com', name: 'Race One', role: 'owner' });
    const second = await joined({ email: 'race-two@example.com', name: 'Race Two', role: 'owner' });
    // Every other owner steps down first, so these two are the only owners.
    const others = (await call(server, 'GET', '/staff', first.who)).body.staff.filter(
      (m: { id: string; role: string }) => m.role === 'owner' && m.id !== first.id && m.id !== second.id,
    );
    for (const other of others) expect((await call(server, 'PUT', `/staff/${other.id}`, first.who, { role: 'manager' })).status).toBe(200);
    const answers = await Promise.all([
      call(server, 'PUT', `/staff/${second.id}`, first.who, { role: 'manager' }),
      call(server, 'PUT', `/staff/${first.id}`, second.who, { role: 'manager' }),
    ]);
    // The one judged second is refused: as the last owner (409), or, already a manager, as a role without `staff` (403).
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(['LAST_OWNER', 'ROLE_FORBIDDEN']).toContain(answers.find((a) => a.status !== 200)?.body.code);
    const winner = answers[0]?.status === 200 ? first : second;
    const owners = (await call(server, 'GET', '/staff', winner.who)).body.staff.filter((m: { role: string }) => m.role === 'owner');
    expect(owners.map((m: { id: string }) => m.id)).toEqual([winner.id]);
    // The suite's owner is an owner again for the tests after this one.
    expect((await call(server, 'PUT', `/staff/${owner.user.id}`, winner.who, { role: 'owner' })).status).toBe(200);
  });

  it('refuses a common password and keeps the link working for a better one', async () => {
    const { token } = await invite({ email: 'weak@example.com', name: 'Weak Password', role: 'counter' });
    const weak = await call(server, 'POST', `/staff-invites/${token}`, null, { password: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('PASSWORD_TOO_COMMON');
    expect((await call(server, 'POST', `/staff-invites/${token}`, null, { password: PASSWORD })).status).toBe(200);
  });

  it('counts the invitation routes per address, then answers 429', async () => {
    const from = '127.9.9.9';
    const allowed = STAFF_INVITE_RATE_LIMIT.max * server.config.rateLimitMultiplier;
    for (let i = 0; i < allowed; i += 1) {
      expect((await callFrom(server.url, 'GET', `/staff-invites/${'x'.repeat(43)}`, { from })).status).toBe(404);
    }
    const refused = await callFrom(server.url, 'GET', `/staff-invites/${'x'.repeat(43)}`, { from });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another address is not held back.
    expect((await callFrom(server.url, 'GET', `/staff-invites/${'x'.repeat(43)}`, { from: '127.9.9.10' })).status).toBe(404);
  });

  it('keeps the team and its changes to the owner', async () => {
    const manager = await signInAs(server, { role: 'manager' });
    expect((await call(server, 'GET', '/staff', manager)).body.code).toBe('ROLE_FORBIDDEN');
    expect((await call(server, 'POST', '/staff', manager, { email: 'x@example.com', name: 'X', role: 'owner' })).status).toBe(403);
    expect((await call(server, 'GET', '/staff', null)).status).toBe(401);
    expect((await call(server, 'GET', '/staff', shop.customer)).status).toBe(403);
  });
});
