import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { SendFailure } from './failure.ts';

/**
 * Where messages may go. "Send test" posts to whatever URL or SMTP host a config names and reports
 * how the other side answered, which would make the server a probe of its own network (cloud
 * metadata, databases, admin ports). So a message goes only to public addresses: not loopback,
 * private, link-local, carrier-grade NAT, multicast, unspecified, reserved, IPv6 unique-local or
 * IPv4 embedded in IPv6 (::ffff:127.0.0.1, NAT64, 6to4). A host name is checked by every address
 * it resolves to, at the moment of connecting (the connection uses exactly the checked address),
 * so a name that resolves to a public address when saved and to 127.0.0.1 when used is refused,
 * and the connection is pinned to the addresses checked.
 *
 * An operator who runs a mail relay or a chat bridge inside the network lists it in the
 * environment variable MESSAGING_ALLOWED_HOSTS: host names (matched exactly), IP addresses or
 * CIDR ranges, separated by commas or spaces, e.g. `smtp.internal, 10.20.0.0/16`.
 */
export interface TargetPolicy {
  allowedHosts: readonly string[];
}

/** Only global unicast passes; ipaddr.js names every special range (private, loopback, …) otherwise. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/** Is `address` (an IP) public, or one the operator allowed (an IP or CIDR entry)? */
export function addressAllowed(address: string, policy: TargetPolicy): boolean {
  if (isPublicAddress(address)) return true;
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  return policy.allowedHosts.some((entry) => {
    const candidate = bare(entry);
    if (ipaddr.isValid(candidate)) return ipaddr.process(candidate).toString() === ip.toString();
    if (!ipaddr.isValidCIDR(candidate)) return false;
    const [range, bits] = ipaddr.parseCIDR(candidate);
    return range.kind() === ip.kind() && ip.match(range, bits);
  });
}

/** A host name the operator listed: every address it resolves to is trusted. */
const hostListed = (host: string, policy: TargetPolicy) => policy.allowedHosts.some((entry) => bare(entry) === bare(host));

const refused = (target: string) => new SendFailure('messaging.error.blockedTarget', { target });

type Resolve = (host: string, options: { all: true }, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/** Every address of `host` (an IP stands for itself), each one allowed, or a refusal naming `target`. */
export async function allowedAddresses(host: string, target: string, policy: TargetPolicy, resolve: Resolve = dnsLookup as Resolve): Promise<LookupAddress[]> {
  const name = bare(host);
  const literal = isIP(name);
  const addresses = literal
    ? [{ address: name, family: literal }]
    : await new Promise<LookupAddress[]>((ok, ko) => resolve(name, { all: true }, (err, list) => (err ? ko(err) : ok(list))));
  if (hostListed(name, policy)) return addresses;
  // One internal address among public ones is enough to refuse: which one a connection picks is not ours to choose.
  if (!addresses.length || addresses.some((a) => !addressAllowed(a.address, policy))) throw refused(target);
  return addresses;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s) that answers with the addresses already checked, so the connection
 * goes to exactly those: no second resolution for a rebinding name to change its answer.
 */
export const pinnedLookup = (addresses: LookupAddress[]) => (_host: string, options: { all?: boolean }, callback: LookupCallback) =>
  options.all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family);
