/**
 * The SSRF guard of outbound destinations: a customer names a host, we connect only when every
 * address it stands for is global unicast. A literal is judged as the resolver would read it
 * (decimal, hex, octal and short IPv4 forms, bracketed IPv6, zone ids); a name is resolved once,
 * all of its addresses are judged, and the caller connects to the address we return (or, for
 * HTTP, through `guardedLookup` at connect time), so a second resolution cannot rebind it.
 */
import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIPv4, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { withDeadline } from '../lib/deadline.js';

/** Ranges that are permitted even though forbidden below; only tests set it (production: none). */
export interface AddressPolicy {
  allowed: string[];
}

/** Resolves a name to all of its addresses; injectable so tests need no DNS. */
export type HostLookup = (host: string) => Promise<{ address: string; family: number }[]>;

/** A host we refuse to connect to; the message names the host and the reason, never credentials. */
export class AddressBlockedError extends Error {
  override readonly name = 'AddressBlockedError';
  constructor(
    readonly host: string,
    readonly address: string | undefined,
    readonly reason: string,
  ) {
    super(
      address === undefined || address === host
        ? `connecting to ${host} is not permitted (${reason})`
        : `connecting to ${host} (${address}) is not permitted (${reason})`,
    );
  }
}

const LOOKUP_DEADLINE_MS = 5_000;

type Rule = [ipaddr.IPv4 | ipaddr.IPv6, number, string];

function rules(table: [string, string][]): Rule[] {
  return table.map(([cidr, reason]): Rule => {
    const [range, bits] = ipaddr.parseCIDR(cidr);
    return [range, bits, reason];
  });
}

// First match wins: the narrower metadata and broadcast entries precede their enclosing ranges.
const IPV4_RULES = rules([
  ['169.254.169.254/32', 'metadata'],
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'cgnat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'reserved'],
  ['192.88.99.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'],
  ['198.51.100.0/24', 'reserved'],
  ['203.0.113.0/24', 'reserved'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
]);

// Within 2000::/3 (global unicast) only these are refused; everything outside it is refused.
const IPV6_RULES = rules([
  ['fd00:ec2::254/128', 'metadata'],
  ['64:ff9b:1::/48', 'private'],
  ['fc00::/7', 'private'],
  ['fe80::/10', 'link-local'],
  ['ff00::/8', 'multicast'],
  ['100::/64', 'reserved'],
  ['2001:db8::/32', 'reserved'],
  ['2001::/23', 'reserved'],
  ['3fff::/20', 'reserved'],
]);
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Prefixes whose packets reach an IPv4 address written inside the IPv6 one (mapped, compatible,
 * SIIT, NAT64, 6to4), with the index of the embedded address's first 16-bit group.
 */
const EMBEDDING_V4 = (
  [
    ['::ffff:0:0/96', 6],
    ['::/96', 6],
    ['::ffff:0:0:0/96', 6],
    ['64:ff9b::/96', 6],
    ['2002::/16', 1],
  ] satisfies [string, number][]
).map(([cidr, at]): [ipaddr.IPv6, number, number] => {
  const [prefix, bits] = ipaddr.IPv6.parseCIDR(cidr);
  return [prefix, bits, at];
});

/**
 * The canonical address when `host` is an IP literal in any form a resolver or the WHATWG URL
 * parser accepts (dotted, integer, hex, octal, short IPv4; IPv6 with or without brackets, with a
 * zone id kept as `%zone`); undefined for a DNS name.
 */
export function parseHostLiteral(host: string): string | undefined {
  const bracketed = /^\[(.*)\]$/s.exec(host);
  const inner = bracketed?.[1] ?? host;
  if (bracketed !== null || inner.includes(':')) return parseIPv6Literal(inner);
  // Only characters that keep the URL parser reading the whole string as the host.
  if (inner === '' || /[\s/?#@:\\[\]]/.test(inner)) return undefined;
  const hostname = hostnameOf(inner);
  return hostname !== undefined && isIPv4(hostname) ? hostname : undefined;
}

function parseIPv6Literal(text: string): string | undefined {
  // Inside a URL the zone separator is percent-encoded (RFC 6874); a resolver takes it bare.
  const [address = '', zone, ...rest] = text.replace(/%25/g, '%').split('%');
  if (rest.length > 0 || !/^[\da-f:.]+$/i.test(address)) return undefined;
  if (zone !== undefined && !/^[\w.-]+$/.test(zone)) return undefined;
  const hostname = hostnameOf(`[${address}]`);
  if (hostname === undefined) return undefined;
  return zone === undefined ? hostname.slice(1, -1) : `${hostname.slice(1, -1)}%${zone}`;
}

// WHATWG URL parsing is the reference: it reads every IPv4 spelling inet_aton reads.
function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Why `host` is refused when it is an address literal in any spelling; undefined for a permitted
 * literal and for a name (names are judged by what they resolve to).
 */
export function literalBlockedReason(host: string, policy: AddressPolicy): string | undefined {
  const literal = parseHostLiteral(host);
  return literal === undefined ? undefined : blockedReason(literal, policy);
}

/** Why connecting to `ip` is refused, or undefined when it is permitted. */
export function blockedReason(ip: string, policy: AddressPolicy): string | undefined {
  const canonical = parseHostLiteral(ip);
  if (canonical === undefined) return 'invalid';
  const address = ipaddr.parse(canonical.split('%')[0] ?? '');
  const embedded = address instanceof ipaddr.IPv6 ? embeddedIPv4(address) : undefined;
  if (isAllowed(address, policy) || (embedded !== undefined && isAllowed(embedded, policy))) {
    return undefined;
  }
  if (address instanceof ipaddr.IPv4) return firstMatch(address, IPV4_RULES);
  const v6 = address;
  if (v6.match(ipaddr.IPv6.parse('::'), 128)) return 'unspecified';
  if (v6.match(ipaddr.IPv6.parse('::1'), 128)) return 'loopback';
  if (embedded !== undefined) return firstMatch(embedded, IPV4_RULES);
  return firstMatch(v6, IPV6_RULES) ?? (v6.match(GLOBAL_UNICAST_V6) ? undefined : 'reserved');
}

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  for (const [prefix, bits, at] of EMBEDDING_V4) {
    if (!address.match(prefix, bits)) continue;
    const high = address.parts[at] ?? 0;
    const low = address.parts[at + 1] ?? 0;
    return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  return undefined;
}

function firstMatch(address: ipaddr.IPv4 | ipaddr.IPv6, table: Rule[]): string | undefined {
  for (const [range, bits, reason] of table) {
    if (range.kind() === address.kind() && address.match(range, bits)) return reason;
  }
  return undefined;
}

function isAllowed(address: ipaddr.IPv4 | ipaddr.IPv6, policy: AddressPolicy): boolean {
  return policy.allowed.some((cidr) => {
    const [range, bits] = ipaddr.parseCIDR(cidr);
    return range.kind() === address.kind() && address.match(range, bits);
  });
}

/**
 * The address to connect to for `host`: a literal is judged as is; a name is resolved (all
 * addresses, 5 s deadline) and refused when any address is forbidden or none resolves.
 */
export async function resolvePermitted(
  host: string,
  policy: AddressPolicy,
  lookup: HostLookup = defaultLookup,
): Promise<string> {
  const literal = parseHostLiteral(host);
  if (literal !== undefined) return permittedAddresses(host, [literal], policy)[0] ?? literal;
  let resolved: { address: string }[];
  try {
    resolved = await withDeadline(lookup(host), LOOKUP_DEADLINE_MS, 'DNS lookup');
  } catch {
    throw new AddressBlockedError(host, undefined, 'unresolvable');
  }
  const [first] = permittedAddresses(
    host,
    resolved.map((entry) => entry.address),
    policy,
  );
  if (first === undefined) throw new AddressBlockedError(host, undefined, 'unresolvable');
  return first;
}

/** The canonical addresses, in order; throws when any is forbidden (one bad answer taints all). */
function permittedAddresses(host: string, addresses: string[], policy: AddressPolicy): string[] {
  return addresses.map((address) => {
    const reason = blockedReason(address, policy);
    if (reason !== undefined) throw new AddressBlockedError(host, address, reason);
    return parseHostLiteral(address) ?? address;
  });
}

function defaultLookup(host: string): Promise<LookupAddress[]> {
  return dns.lookup(host, { all: true, order: 'verbatim' });
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `dns.lookup`-shaped function for `net`/`tls`/undici `connect.lookup`: resolves as
 * `resolvePermitted` does on every connection, so the socket only ever sees checked addresses.
 * A DNS failure is passed on as the resolver's own error (a transient fault, worth a retry);
 * a forbidden or empty answer fails with AddressBlockedError.
 */
export function guardedLookup(policy: AddressPolicy, lookup: HostLookup = defaultLookup): LookupFunction {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    void guardedAnswer(hostname, options, policy, lookup).then(
      (answer) => {
        if (options.all === true) callback(null, answer);
        else callback(null, answer[0]?.address ?? '', answer[0]?.family);
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error('DNS lookup failed'), '');
      },
    );
  };
}

async function guardedAnswer(
  hostname: string,
  options: LookupOptions,
  policy: AddressPolicy,
  lookup: HostLookup,
): Promise<LookupAddress[]> {
  const literal = parseHostLiteral(hostname);
  const resolved =
    literal === undefined
      ? await withDeadline(lookup(hostname), LOOKUP_DEADLINE_MS, 'DNS lookup')
      : [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  // Every answer is judged, even those of a family the caller did not ask for.
  const addresses = permittedAddresses(
    hostname,
    resolved.map((entry) => entry.address),
    policy,
  ).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
  const wanted = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
  if (wanted.length === 0) throw new AddressBlockedError(hostname, undefined, 'unresolvable');
  return wanted;
}
