import { describe, expect, it } from 'vitest';
import { ORDER_CONFIRMATION } from '@shop/shared/contract/realtime';
import { sendOrderConfirmation } from './order-confirmation';

const ORDER = '0123456789abcdef01234567';

describe('sendOrderConfirmation', () => {
  it('emits order_confirmation with the order id', () => {
    const sent: unknown[][] = [];
    expect(sendOrderConfirmation({ emit: (...args: unknown[]) => sent.push(args) } as never, ORDER)).toBe(true);
    expect(sent).toEqual([[ORDER_CONFIRMATION, { order_id: ORDER }]]);
  });

  it('never throws: no socket, a socket that fails, or an id the server would refuse', () => {
    expect(sendOrderConfirmation(null, ORDER)).toBe(false);
    const failing = {
      emit: () => {
        throw new Error('transport closed');
      },
    };
    expect(sendOrderConfirmation(failing as never, ORDER)).toBe(false);
    const sent: unknown[] = [];
    expect(sendOrderConfirmation({ emit: (...args: unknown[]) => sent.push(args) } as never, 'not-an-id')).toBe(false);
    expect(sent).toEqual([]);
  });
});
