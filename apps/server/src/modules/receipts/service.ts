/**
 * An order's receipt as its page shows it (decision 1002): the trader the settings name now, and for a VAT-registered
 * shop the VAT included per rate, worked out by domain/vat.ts from the lines as stored (each with its product's rate
 * when ordered), the delivery fee and the discounts (each off what it applies to), as the receipt e-mail does. Refunds are not counted: it is the sale as charged.
 */
import { eq } from 'drizzle-orm';
import type { OrderReceipt } from '@shop/shared/contract/settings';
import { storedOrderItemsSchema } from '@shop/shared/contract/stored-order-items';
import { formatPounds, penceToPounds } from '@shop/shared/domain/money';
import { vatBreakdown, vatLineText } from '@shop/shared/domain/vat';
import type { ServiceContext } from '../../context';
import { orders } from '../../db/schema';
import { HttpError } from '../../http-errors';
import type { SessionUser } from '../auth/public';
import { maySeeOrder } from '../orders/public';
import { readShopTrader } from '../settings/public';

/** 404 ORDER_NOT_FOUND for someone else's order and a missing one alike. */
export async function readOrderReceipt(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  user: SessionUser,
  orderId: string,
): Promise<OrderReceipt> {
  if (!(await maySeeOrder(ctx.db, user, orderId))) throw new HttpError('ORDER_NOT_FOUND', 'Order not found');
  const row = (
    await ctx.db
      .select({ items: orders.items, deliveryFee: orders.deliveryFee, discounts: orders.discounts })
      .from(orders)
      .where(eq(orders.id, orderId))
      .limit(1)
  )[0];
  if (!row) throw new HttpError('ORDER_NOT_FOUND', 'Order not found');
  const trader = await readShopTrader(ctx);
  if (!trader.vatNumber) return { trader, vat: null };
  const rates = vatBreakdown({ lines: storedOrderItemsSchema.parse(row.items), deliveryFee: row.deliveryFee, discounts: row.discounts });
  return {
    trader,
    vat: {
      vatNumber: trader.vatNumber,
      rates: rates.map((line) => ({
        rate: line.rate,
        percent: line.percent,
        gross: penceToPounds(line.gross),
        vat: penceToPounds(line.vat),
        text: vatLineText(line, formatPounds),
      })),
    },
  };
}
