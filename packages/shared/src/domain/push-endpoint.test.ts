import { describe, expect, it } from 'vitest';
import { pushEndpointProblem } from './push-endpoint';

describe('pushEndpointProblem', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://push.example.com:443/x',
  ])('posts to a public push service: %s', (endpoint) => {
    expect(pushEndpointProblem(endpoint)).toBeNull();
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/abc', 'must be an https URL'],
    ['ftp://push.example.net/x', 'must be an https URL'],
    ['not a url', 'not a URL'],
    ['https://127.0.0.1/push', 'not an IP address'],
    ['https://10.0.0.5/push', 'not an IP address'],
    ['https://192.168.1.1/push', 'not an IP address'],
    ['https://169.254.169.254/latest/meta-data', 'not an IP address'],
    ['https://[::1]/push', 'not an IP address'],
    ['https://[fd00::1]/push', 'not an IP address'],
    ['https://2130706433/push', 'not an IP address'],
    ['https://0x7f000001/push', 'not an IP address'],
    ['https://localhost/push', 'public host name'],
    ['https://printer/push', 'public host name'],
    ['https://router.local/push', 'not one of a private network'],
    ['https://db.internal/push', 'not one of a private network'],
    ['https://nas.home.arpa/push', 'not one of a private network'],
    ['https://shop.localhost/push', 'not one of a private network'],
    ['https://push.example.com:8443/x', 'https port'],
    ['https://user:secret@push.example.com/x', 'user name or password'],
    [`https://push.example.com/${'a'.repeat(2100)}`, 'longer than'],
  ])('refuses %s', (endpoint, why) => {
    expect(pushEndpointProblem(endpoint)).toContain(why);
  });

  it('admits a stand-in on the machine itself only with the test-only setting', () => {
    expect(pushEndpointProblem('http://127.0.0.1:41234/push/1')).not.toBeNull();
    expect(pushEndpointProblem('http://127.0.0.1:41234/push/1', { allowLocal: true })).toBeNull();
    expect(pushEndpointProblem('http://localhost:41234/push/1', { allowLocal: true })).toBeNull();
    // Still not the rest of the network.
    expect(pushEndpointProblem('http://192.168.1.1/push', { allowLocal: true })).not.toBeNull();
  });
});
