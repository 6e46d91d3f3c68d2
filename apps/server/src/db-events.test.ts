import { describe, expect, it, vi } from 'vitest';
import type { ServiceLog } from './context';
import type { Db } from './db/client';
import { dbEvents } from './db-events';

// Two database handles, as two apps (or test servers) in one process have.
const one = {} as Db;
const other = {} as Db;

function quietLog() {
  const line = () => vi.fn<ServiceLog['error']>();
  return { info: line(), warn: line(), error: line() } satisfies ServiceLog;
}

describe('dbEvents', () => {
  it('tells the listeners of the same database only, after emit returns, until they unsubscribe', async () => {
    const events = dbEvents<{ orderId: string }>('order placed');
    const heard: string[] = [];
    const log = quietLog();
    const stop = events.on(one, (event) => void heard.push(`one ${event.orderId}`), log);
    events.on(other, (event) => void heard.push(`other ${event.orderId}`), log);
    events.emit(one, { orderId: 'a' });
    expect(heard).toEqual([]);
    await Promise.resolve();
    expect(heard).toEqual(['one a']);
    stop();
    events.emit(one, { orderId: 'b' });
    events.emit(other, { orderId: 'c' });
    await Promise.resolve();
    expect(heard).toEqual(['one a', 'other c']);
  });

  it('logs a failing listener with its name and the event’s fields, and the others still hear', async () => {
    const events = dbEvents<{ orderId: string }>('order placed', (event) => ({ orderId: event.orderId }));
    const log = quietLog();
    const heard: string[] = [];
    const boom = new Error('boom');
    events.on(one, () => Promise.reject(boom), log);
    events.on(one, (event) => void heard.push(event.orderId), log);
    expect(() => events.emit(one, { orderId: 'a' })).not.toThrow();
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledWith({ err: boom, orderId: 'a' }, 'order placed listener failed'));
    expect(heard).toEqual(['a']);
  });

  it('keeps kinds apart: an event of one name is not heard by another’s listeners', async () => {
    const menu = dbEvents('menu changed');
    const settings = dbEvents('shop settings changed');
    let heard = 0;
    settings.on(one, () => void (heard += 1), quietLog());
    menu.emit(one);
    await Promise.resolve();
    expect(heard).toBe(0);
    settings.emit(one);
    await Promise.resolve();
    expect(heard).toBe(1);
  });
});
