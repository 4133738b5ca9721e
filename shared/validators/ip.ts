import ipaddr from 'ipaddr.js';

/** A single IPv4/IPv6 address or a CIDR block (spec §3 IP rule). */
export function isIpOrCidr(value: string): boolean {
  const s = value.trim();
  if (s.includes('/')) {
    try {
      ipaddr.parseCIDR(s);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(s);
}

/** Whether `ip` falls under `rule` (an address or a CIDR block); IPv4-mapped IPv6 counts as IPv4. */
export function ipMatches(ip: string, rule: string): boolean {
  try {
    let addr = ipaddr.parse(ip);
    if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
    if (rule.includes('/')) {
      const [range, bits] = ipaddr.parseCIDR(rule.trim());
      return addr.kind() === range.kind() && addr.match([range, bits] as never);
    }
    let target = ipaddr.parse(rule.trim());
    if (target.kind() === 'ipv6' && (target as ipaddr.IPv6).isIPv4MappedAddress()) target = (target as ipaddr.IPv6).toIPv4Address();
    return addr.kind() === target.kind() && addr.toNormalizedString() === target.toNormalizedString();
  } catch {
    return false;
  }
}
