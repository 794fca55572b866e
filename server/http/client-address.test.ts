import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-address.js';

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['::FFFF:203.0.113.5', '203.0.113.5'],
    // The hex spelling of a mapped address is the same IPv4 client, not the ::/64 network.
    ['::ffff:cb00:7105', '203.0.113.5'],
    ['::ffff:a00:2', '10.0.0.2'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b:1:2:3:4:192.0.2.1', '64:ff9b:1:2::/64'],
    ['1:2::3:4:192.0.2.1', '1:2:0:0::/64'],
    ['', 'unknown'],
    ['x'.repeat(500), 'x'.repeat(64)],
  ])('%s counts as %s', (ip, expected) => {
    expect(clientNetwork(ip)).toBe(expected);
  });
});
