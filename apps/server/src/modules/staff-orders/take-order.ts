/**
 * New order (decision 1500): a phone or counter order taken by the staff, through the one placement (orders), then
 * for a payment link the card payment opened (payments) and its link sent to the customer by e-mail or text.
 */
import type { StaffOrderAnswer, StaffOrderInput } from '@shop/shared/contract/staff-orders';
import { formatPounds } from '@shop/shared/domain/money';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { formatPhone } from '@shop/shared/domain/phone';
import type { ServiceContext } from '../../context';
import { queueMail } from '../../mail/queue';
import { sendSms, SmsNotSentError } from '../../sms/sms';
import type { SessionUser } from '../auth/public';
import { placeStaffOrder, trackingPath, type CardOrderAwaitingPayment } from '../orders/public';
import { cardPaymentProvider, openOrderPayment } from '../payments/public';
import { readShopIdentity } from '../settings/public';
import { accountForOrder } from './callers';

/** The link's words, the same in a mail and a text: short enough for one or two text segments. */
function linkText(shopName: string, order: CardOrderAwaitingPayment, url: string): string {
  return `${shopName}: pay ${formatPounds(order.total)} for your order ${displayOrderId(order.id)} here: ${url}`;
}

/**
 * Sends the payment link where the staff asked (e-mail when the customer gave one, else a text). An e-mail is queued
 * (retried until it goes); a text is sent now, and when it cannot be the order stands and the answer says why, so
 * the link can be read to the caller.
 */
async function sendPaymentLink(
  ctx: ServiceContext,
  input: StaffOrderInput,
  order: CardOrderAwaitingPayment,
  url: string,
): Promise<Pick<StaffOrderAnswer, 'linkSentTo' | 'linkError'>> {
  const shop = await readShopIdentity(ctx);
  const text = linkText(shop.name, order, url);
  const by = input.sendLinkBy ?? (input.customer.email ? 'email' : 'sms');
  if (by === 'email' && input.customer.email) {
    await queueMail(ctx, {
      dedupeKey: `order:${order.id}:payment-link`,
      orderId: order.id,
      to: input.customer.email,
      subject: `Pay for your order at ${shop.name}`,
      text: `Hello ${input.customer.name},\n\n${text}\n\nThe order goes to the kitchen once it is paid.\n\n${shop.name}${shop.phone ? `\n${shop.phone}` : ''}`,
    });
    return { linkSentTo: `E-mailed to ${input.customer.email}`, linkError: null };
  }
  try {
    await sendSms(ctx, { to: input.customer.phone, body: text });
    return { linkSentTo: `Texted to ${formatPhone(input.customer.phone)}`, linkError: null };
  } catch (error) {
    if (!(error instanceof SmsNotSentError)) throw error;
    ctx.log.warn({ err: error, orderId: order.id }, 'a payment link could not be texted');
    return { linkSentTo: null, linkError: error.message };
  }
}

export async function takeStaffOrder(
  ctx: ServiceContext,
  { staff, input, idempotencyKey }: { staff: SessionUser; input: StaffOrderInput; idempotencyKey: string | null },
): Promise<{ answer: StaffOrderAnswer; created: boolean }> {
  // A payment link needs cards: refused before anything is placed when the shop takes none.
  const provider = input.payment === 'payment-link' ? cardPaymentProvider(ctx) : null;
  const account = await accountForOrder(ctx.db, input);
  const placed = await placeStaffOrder(ctx, { staff, input, account, idempotencyKey });
  const trackingUrl = trackingPath(placed.trackingToken);
  // A payment link's page is the order's tracking page, which takes the card while the order waits for it.
  const paymentUrl = input.payment === 'payment-link' ? trackingUrl : null;
  const answer: StaffOrderAnswer = { insertedId: placed.orderId, trackingUrl, paymentUrl, linkSentTo: null, linkError: null };
  if (!placed.awaiting || !provider) return { answer, created: placed.created };
  await openOrderPayment(ctx, { provider, order: placed.awaiting });
  const link = await sendPaymentLink(ctx, input, placed.awaiting, `${ctx.config.publicOrigin}${trackingUrl}`);
  return { answer: { ...answer, ...link }, created: placed.created };
}
