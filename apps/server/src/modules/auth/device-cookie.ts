import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { meta } from '../../db/schema';

// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; decision 0103): a browser that
// has signed in to an account, or reset its password with a mailed code, gets a signed cookie naming that
// account. The account-wide limits, which an attacker can fill from any number of addresses, hold back only
// clients without one; a browser that holds one is counted on its own (per device), so guessing against an
// account never locks its owner out of the browsers they use. The cookie proves nothing else: it signs nobody in.

export const DEVICE_COOKIE = 'device';
/** How long a browser stays known to an account after its last sign-in there. */
export const DEVICE_COOKIE_DAYS = 365;
/** Accounts remembered per browser (a shared family laptop), most recent first. */
const MAX_ACCOUNTS_PER_COOKIE = 4;
const KEY_ROW = 'device_cookie_key';
const MAC_BYTES = 16;

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The signing key: 32 random bytes made once per database and kept in `meta`, so every process shares it. */
function signingKey(db: Db, now: Date): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(meta)
        .values({ key: KEY_ROW, value: randomBytes(32).toString('hex'), updatedAt: now })
        .onConflictDoNothing();
      const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, KEY_ROW)).limit(1);
      if (!row) throw new Error('device cookie: the signing key was not stored');
      return Buffer.from(row.value, 'hex');
    })();
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

function mac(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES).toString('base64url');
}

/** One account's entry: `<userId>.<issued ms, base 36>.<nonce>.<mac>`; the nonce names the device in counters. */
interface DeviceEntry {
  userId: string;
  issuedAt: number;
  nonce: string;
  raw: string;
}

function parseEntry(raw: string): Omit<DeviceEntry, 'raw'> & { mac: string } {
  const [userId = '', issued = '', nonce = '', signature = ''] = raw.split('.');
  return { userId, issuedAt: parseInt(issued, 36), nonce, mac: signature };
}

async function validEntries(db: Db, cookie: string | undefined, now: Date): Promise<DeviceEntry[]> {
  if (!cookie || cookie.length > 1024) return [];
  const key = await signingKey(db, now);
  const entries: DeviceEntry[] = [];
  for (const raw of cookie.split('~').slice(0, MAX_ACCOUNTS_PER_COOKIE)) {
    const entry = parseEntry(raw);
    if (!entry.userId || !entry.nonce || !Number.isFinite(entry.issuedAt)) continue;
    const expected = Buffer.from(mac(key, `${entry.userId}.${entry.issuedAt.toString(36)}.${entry.nonce}`));
    const given = Buffer.from(entry.mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
    const age = now.getTime() - entry.issuedAt;
    if (age < -60_000 || age > DEVICE_COOKIE_DAYS * 24 * 60 * 60_000) continue;
    entries.push({ userId: entry.userId, issuedAt: entry.issuedAt, nonce: entry.nonce, raw });
  }
  return entries;
}

/**
 * The device id (the nonce of its entry) when the request's device cookie was issued to this account and is
 * still valid, else null: a client unknown to the account.
 */
export async function knownDeviceOf(db: Db, request: FastifyRequest, userId: string | undefined, now: Date): Promise<string | null> {
  if (!userId) return null;
  const entries = await validEntries(db, request.cookies[DEVICE_COOKIE], now);
  return entries.find((entry) => entry.userId === userId)?.nonce ?? null;
}

/** Marks this browser as known to the account: a fresh entry first, the other accounts' valid entries after. */
export async function rememberDevice(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply, userId: string, now: Date) {
  const key = await signingKey(db, now);
  const issued = now.getTime().toString(36);
  const nonce = randomBytes(12).toString('base64url');
  const entry = `${userId}.${issued}.${nonce}.${mac(key, `${userId}.${issued}.${nonce}`)}`;
  const others = (await validEntries(db, request.cookies[DEVICE_COOKIE], now)).filter((e) => e.userId !== userId).map((e) => e.raw);
  reply.setCookie(DEVICE_COOKIE, [entry, ...others].slice(0, MAX_ACCOUNTS_PER_COOKIE).join('~'), {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicOrigin.startsWith('https:'),
    expires: new Date(now.getTime() + DEVICE_COOKIE_DAYS * 24 * 60 * 60_000),
  });
}
