import dns from 'node:dns';
import net from 'node:net';

/**
 * Where the server may send a request on a stranger's say-so (issue 37, SSRF through Web Push):
 * only to public unicast addresses. A push endpoint is chosen by whoever subscribes, so without
 * this an admin's notification makes the server POST to its own loopback, the private network
 * or a cloud's metadata service. Every address a host resolves to must be public, and the
 * connection is then made to one of those very addresses (no second lookup to rebind).
 */

/** Ranges that are never a push service: not routable, or inside the server's own networks. */
const NOT_PUBLIC = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv6');
}

/** The 16 bytes of an IPv6 address in text (any of its forms, embedded IPv4 included). */
function ipv6Bytes(address: string): Buffer {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const words = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((w) => {
          if (!w.includes('.')) return [parseInt(w, 16)];
          const [a, b, c, d] = w.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = words(head);
  const right = tail === undefined ? [] : words(tail);
  const all = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = Buffer.alloc(16);
  all.forEach((w, i) => bytes.writeUInt16BE(w, i * 2));
  return bytes;
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedIpv4(address: string): string | undefined {
  const b = ipv6Bytes(address);
  const v4 = (at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
  if (b.subarray(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff) return v4(12);
  if (b.readUInt32BE(0) === 0x0064ff9b && b.subarray(4, 12).every((x) => x === 0)) return v4(12);
  if (b.readUInt16BE(0) === 0x2002) return v4(2);
  return undefined;
}

/** Whether an IP address (text) is public unicast, for IPv4 and IPv6 alike. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4 !== undefined) return isPublicAddress(v4);
  // Global unicast is 2000::/3; everything else of IPv6 is special or unassigned.
  return (ipv6Bytes(address)[0] & 0xe0) === 0x20 && !NOT_PUBLIC.check(address, 'ipv6');
}

/** Whether an IP address (text) is the machine's own: 127.0.0.0/8, ::1, or IPv4-mapped 127/8. */
export function isLoopbackAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return address.split('.')[0] === '127';
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4 !== undefined) return isLoopbackAddress(v4);
  return ipv6Bytes(address).equals(ipv6Bytes('::1'));
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a host (an IP literal is its own one address); [] when it does not resolve. */
export async function resolveAll(hostname: string): Promise<ResolvedAddress[]> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = net.isIP(host);
  if (family) return [{ address: host, family }];
  try {
    return await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    return [];
  }
}
