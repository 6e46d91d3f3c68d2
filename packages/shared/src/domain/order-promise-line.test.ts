import { describe, expect, it } from 'vitest';
import { expectedAt, expectedLine, expectedTimeText, NO_RESPONSE_REASON } from './order-promise';
import { orderPromiseLine, type OrderPromiseInput } from './order-promise-line';

describe('orderPromiseLine: when the food comes, or why it does not', () => {
  it.each<[OrderPromiseInput, string | null]>([
    [{ status: 'Pending Order', expectedTime: null, cancelReason: null }, null],
    [{ status: 'Approved Order', expectedTime: '19:45', cancelReason: null }, 'Expected at 19:45'],
    [{ status: 'On the way', expectedTime: '20:05', cancelReason: null }, 'Expected at 20:05'],
    // An order accepted before times were kept (or through a server that gave none) promises nothing.
    [{ status: 'Approved Order', expectedTime: null, cancelReason: null }, null],
    // Once delivered, the time no longer matters.
    [{ status: 'Delivered Order', expectedTime: '19:45', cancelReason: null }, null],
    [{ status: 'Canceled Order', expectedTime: null, cancelReason: 'We are too busy right now' }, 'Canceled: We are too busy right now'],
    [{ status: 'Canceled Order', expectedTime: '19:45', cancelReason: NO_RESPONSE_REASON }, 'Canceled: The shop did not respond in time'],
    [{ status: 'Canceled Order', expectedTime: null, cancelReason: null }, 'Canceled: The shop canceled the order'],
    [{ status: 'Canceled Order', expectedTime: null, cancelReason: '  ' }, 'Canceled: The shop canceled the order'],
  ])('%o: %s', (order, expected) => {
    expect(orderPromiseLine(order)).toBe(expected);
  });

  it('says the same time as expectedLine for the wire time the server sends', () => {
    const at = expectedAt(new Date('2026-11-18T18:00:00Z'), 30);
    expect(orderPromiseLine({ status: 'Approved Order', expectedTime: expectedTimeText(at), cancelReason: null })).toBe(expectedLine(at));
    expect(expectedLine(at)).toBe('Expected at 18:30');
  });
});
