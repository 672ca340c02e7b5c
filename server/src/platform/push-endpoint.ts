import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { PushConfig } from '../config.js';

/**
 * Addresses a notification is never posted to (docs/security.md#notifications; ASVS 12.6.1,
 * 5.2.6 SSRF): this host, private networks, link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, benchmarking, documentation, multicast and reserved ranges, in IPv4 and
 * IPv6 (and IPv4 written inside IPv6).
 */
const NOT_PUBLIC_V4 = new BlockList();
// Apart: a list with both families checks IPv4 addresses against `::ffff:0:0/96` too, and refuses them all.
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (IPv4 or IPv6, as DNS answers it) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // IPv4 inside IPv6 (::ffff:10.0.0.1): judged as the IPv4 address it is; written in hex, refused (::ffff:0:0/96).
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return isPublicAddress(mapped);
  }
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

/** Whether `host` is one of `patterns` (`*.notify.windows.com`: any name under it, not itself). */
function knownHost(host: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern,
  );
}

/**
 * Whether the shop may post notifications to `endpoint` (docs/security.md#notifications), checked
 * when a browser subscribes and again before every send: an `https:` URL on the default port,
 * without user name or password, whose host is a name (not an address) on `config.hosts`; or,
 * with `config.allowLoopbackReceiver` (tests only), `http://127.0.0.1:<port>/…`. Where the name
 * leads is checked when it is resolved ({@link publicOnlyLookup}).
 */
export function isPushEndpointAllowed(endpoint: string, config: Pick<PushConfig, 'hosts' | 'allowLoopbackReceiver'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (config.allowLoopbackReceiver && url.protocol === 'http:' && url.hostname === '127.0.0.1' && url.port !== '') return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return false;
  return knownHost(host, config.hosts);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `http(s).request` that resolves the name as usual and refuses it when any of
 * its addresses is not public ({@link isPublicAddress}), so a known push host whose DNS was
 * pointed inside cannot reach the shop's network; the connection then uses the checked address
 * (no second resolution between the check and the connect). Answers in the shape asked
 * (`all: true` with Node's connection racing, one address otherwise).
 */
export function publicOnlyLookup(hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true, ...(options.family ? { family: Number(options.family) || 0 } : {}) }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      const problem: NodeJS.ErrnoException = new Error(`push host ${hostname} resolves to a non-public address; not contacted`);
      problem.code = 'EPUSHPRIVATE';
      return callback(problem, []);
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}
