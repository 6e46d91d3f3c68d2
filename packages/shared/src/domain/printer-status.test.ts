import { describe, expect, it } from 'vitest';
import { printerIsOnline, type PrinterSighting } from './printer-status';

const NOW = new Date('2026-11-28T20:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

describe('a printer is online only when it answered', () => {
  it.each<[string, PrinterSighting, boolean]>([
    ['never seen', { lastSeenAt: null, lastError: null }, false],
    ['never seen, with an error', { lastSeenAt: null, lastError: 'Connection refused' }, false],
    ['answered 10 s ago', { lastSeenAt: ago(10), lastError: null }, true],
    ['answered 90 s ago (the edge)', { lastSeenAt: ago(90), lastError: null }, true],
    ['answered 91 s ago', { lastSeenAt: ago(91), lastError: null }, false],
    ['answered, then failed (an error with no time is the latest word)', { lastSeenAt: ago(10), lastError: 'Connection refused' }, false],
    ['failed after it answered', { lastSeenAt: ago(30), lastError: 'Timed out', lastErrorAt: ago(5) }, false],
    ['answered after it failed', { lastSeenAt: ago(5), lastError: 'Timed out', lastErrorAt: ago(30) }, true],
    ['answered long ago, failed since', { lastSeenAt: ago(600), lastError: 'Timed out', lastErrorAt: ago(5) }, false],
  ])('%s', (_name, printer, online) => {
    expect(printerIsOnline(printer, NOW, 90)).toBe(online);
  });
});
