import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { ServiceContext } from '../../context';
import { webPushKeys } from '../../db/schema';

const KEYS_ROW = 1;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The shop's VAPID key pair (decision 1702): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else the pair kept in
 * web_push_keys, made on first use. Every process reads the one row, and two making it at once keep the first
 * (on conflict do nothing), so a browser's subscription stays valid whichever process sends.
 */
export async function vapidKeys(ctx: Pick<ServiceContext, 'config' | 'db' | 'now'>): Promise<VapidKeys> {
  if (ctx.config.webPush.keys) return ctx.config.webPush.keys;
  const stored = async () => (await ctx.db.select().from(webPushKeys).where(eq(webPushKeys.id, KEYS_ROW)).limit(1))[0];
  const found = await stored();
  if (found) return { publicKey: found.publicKey, privateKey: found.privateKey };
  const made = webpush.generateVAPIDKeys();
  await ctx.db
    .insert(webPushKeys)
    .values({ id: KEYS_ROW, publicKey: made.publicKey, privateKey: made.privateKey, createdAt: ctx.now() })
    .onConflictDoNothing();
  const kept = await stored();
  if (!kept) throw new Error('web_push_keys: the key pair was not kept');
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
}
