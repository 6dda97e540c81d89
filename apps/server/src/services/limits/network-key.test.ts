import { describe, expect, it } from 'vitest';
import { networkKey, siteKey } from './network-key';

describe('networkKey', () => {
  it('counts an IPv4 address as itself', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as the same network', () => {
    const keys = new Set(
      ['2001:db8:aa:1::1', '2001:db8:aa:1:ffff:ffff:ffff:ffff', '2001:0db8:00aa:0001:1234::9'].map(
        networkKey,
      ),
    );
    expect([...keys]).toEqual(['2001:db8:aa:1::/64']);
  });

  it('tells two /64 prefixes apart', () => {
    expect(networkKey('2001:db8:aa:1::1')).not.toBe(networkKey('2001:db8:aa:2::1'));
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(networkKey('::ffff:198.51.100.4')).toBe('198.51.100.4');
  });

  it('puts missing or malformed addresses in one bucket', () => {
    expect(networkKey(null)).toBe('unknown');
    expect(networkKey('not an address')).toBe('unknown');
  });
});

describe('siteKey', () => {
  it('counts every /64 of one IPv6 /48 as the same site', () => {
    const keys = new Set(['2001:db8:aa:1::1', '2001:db8:aa:ffff::9', '2001:0db8:00aa::'].map(siteKey));
    expect([...keys]).toEqual(['2001:db8:aa::/48']);
    expect(siteKey('2001:db8:ab:1::1')).toBe('2001:db8:ab::/48');
  });

  it('has no site for IPv4, IPv4-mapped or malformed addresses', () => {
    expect(siteKey('203.0.113.7')).toBeNull();
    expect(siteKey('::ffff:198.51.100.4')).toBeNull();
    expect(siteKey('not an address')).toBeNull();
    expect(siteKey(null)).toBeNull();
  });
});
