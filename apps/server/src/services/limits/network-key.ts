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
  const groups = address.toNormalizedString().split(':').slice(0, 4);
  return `${groups.map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
