import { describe, expect, it } from 'vitest';
import { ordersListPath, pageFromSearch, totalFromHeader } from './order-lists';

describe('the admin order lists', () => {
  it('ask the server for a period, the pending status or everything, and a page after the first', () => {
    expect(ordersListPath('all', 1)).toBe('/buy-product');
    expect(ordersListPath('all', 3)).toBe('/buy-product?page=3');
    expect(ordersListPath('today', 1)).toBe('/buy-product?period=today');
    expect(ordersListPath('lastDay', 1)).toBe('/buy-product?period=lastDay');
    expect(ordersListPath('lastWeek', 2)).toBe('/buy-product?period=lastWeek&page=2');
    expect(ordersListPath('lastMonth', 1)).toBe('/buy-product?period=lastMonth');
    expect(ordersListPath('pending', 1)).toBe('/buy-product?status=Pending+Order&sort=due');
    expect(ordersListPath('accepted', 1)).toBe('/buy-product?status=Approved+Order&sort=due');
    expect(ordersListPath('accepted', 2)).toBe('/buy-product?status=Approved+Order&sort=due&page=2');
  });

  it('read the page from the address bar, page 1 for anything that is not a whole number from 1', () => {
    expect(pageFromSearch(null)).toBe(1);
    expect(pageFromSearch('4')).toBe(4);
    for (const bad of ['0', '-2', '1.5', 'two', '', '99999999']) expect(pageFromSearch(bad)).toBe(1);
  });

  it('count the orders from X-Total-Count, or from what the page holds when the header is missing', () => {
    expect(totalFromHeader('123', 50, 1)).toBe(123);
    expect(totalFromHeader(null, 7, 1)).toBe(7);
    expect(totalFromHeader('many', 7, 3)).toBe(107);
  });
});
