import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses a fetch whose URL came from outside may connect to: public unicast only. Everything
 * that reaches this machine, its network, the cloud's metadata service or nothing routable is refused.
 */
const forbiddenV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 itself
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
  ['240.0.0.0', 4], // reserved, broadcast 255.255.255.255
] as const) {
  forbiddenV4.addSubnet(network, prefix, 'ipv4');
}

/** Only global unicast (2000::/3) is public; inside it, these are not. */
const forbiddenV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 3], // unspecified, loopback, IPv4-compatible, discard, NAT64 local use (checked apart below)
  ['4000::', 2],
  ['8000::', 1], // unique local fc00::/7, link-local fe80::/10, site-local, multicast ff00::/8
  ['2001::', 32], // Teredo, an IPv4 address tunnelled
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, an IPv4 address tunnelled
] as const) {
  forbiddenV6.addSubnet(network, prefix, 'ipv6');
}

/** The 16 bytes of a valid IPv6 text (zone id dropped, "::" expanded, a dotted IPv4 tail allowed). */
const ipv6Bytes = (text: string): number[] => {
  const address = text.split('%')[0] ?? '';
  const [head = '', tail] = address.split('::');
  const groups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (group.includes('.')) {
            const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
            return [(a << 8) | b, (c << 8) | d];
          }
          return [Number.parseInt(group, 16)];
        });
  const first = groups(head);
  const last = tail === undefined ? [] : groups(tail);
  const words = [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
  return words.flatMap((word) => [word >> 8, word & 0xff]);
};

/** IPv6 prefixes whose last 32 bits are an IPv4 address the packet really goes to. */
const EMBEDDING_V4 = [
  [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], // IPv4-mapped ::ffff:a.b.c.d
  [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], // NAT64 well-known prefix 64:ff9b::/96
];

const embeddedV4 = (bytes: number[]): string | undefined =>
  EMBEDDING_V4.some((prefix) => prefix.every((byte, index) => bytes[index] === byte))
    ? bytes.slice(12).join('.')
    : undefined;

/** True for any address a fetch of an outside URL must not reach; also for text that is not an address. */
export const isForbiddenAddress = (address: string): boolean => {
  if (isIPv4(address)) return forbiddenV4.check(address, 'ipv4');
  if (!isIPv6(address)) return true;
  const bytes = ipv6Bytes(address);
  const v4 = embeddedV4(bytes);
  if (v4 !== undefined) return forbiddenV4.check(v4, 'ipv4');
  return forbiddenV6.check(address.split('%')[0] ?? '', 'ipv6');
};
