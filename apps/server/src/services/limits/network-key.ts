import ipaddr from 'ipaddr.js';

/**
 * What per-IP limits count (docs/security.md#limits): a limit must be keyed on something an abuser pays
 * for. An IPv4 address is; a single IPv6 address is not, since one subscriber gets a whole /64 and can take
 * any address in it. So an IPv6 client is counted by its /64 prefix, and an IPv4-mapped IPv6 address as the
 * IPv4 address it is.
 */
export function networkKey(ip: string | null): string {
  if (!ip || !ipaddr.isValid(ip)) return 'unknown';
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return prefixOf(address, 4);
}

/**
 * The wider network an IPv6 client is counted in as well: its /48, what one site or customer is commonly
 * given. Whoever takes a new /64 for every request (a /48 holds 65,536 of them) still meets a cap. Null for
 * an IPv4 address, which is counted as itself.
 */
export function siteKey(ip: string | null): string | null {
  if (!ip || !ipaddr.isValid(ip)) return null;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return null;
  return prefixOf(address, 3);
}

/** The first `groups` 16-bit groups of an IPv6 address as a prefix: '2001:db8:aa::/48'. */
function prefixOf(address: ipaddr.IPv4 | ipaddr.IPv6, groups: number): string {
  const kept = address.toNormalizedString().split(':').slice(0, groups);
  return `${kept.map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/${groups * 16}`;
}
