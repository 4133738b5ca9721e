import { describe, expect, it } from 'vitest';
import { ipMatches, isIpOrCidr } from './ip.ts';

describe('IP rules', () => {
  it('accepts addresses and CIDR blocks, refuses the rest', () => {
    expect(['127.0.0.1', '10.0.0.0/8', '::1', '2001:db8::/32'].every(isIpOrCidr)).toBe(true);
    expect(['127.0.0.256', '10.0.0.0/33', 'example.com', ''].some(isIpOrCidr)).toBe(false);
  });

  it('matches a single address, a block, and IPv4-mapped IPv6', () => {
    expect(ipMatches('127.0.0.1', '127.0.0.1/32')).toBe(true);
    expect(ipMatches('::ffff:127.0.0.1', '127.0.0.0/8')).toBe(true);
    expect(ipMatches('192.168.1.9', '192.168.1.0/24')).toBe(true);
    expect(ipMatches('192.168.2.9', '192.168.1.0/24')).toBe(false);
    expect(ipMatches('10.0.0.1', '::1')).toBe(false);
  });
});
