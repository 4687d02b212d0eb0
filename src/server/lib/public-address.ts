import { isIP } from "node:net";

/**
 * Whether an IP address is on the public internet, so the server may call it for a user.
 * Everything else is refused: loopback, private, link-local (cloud metadata lives at
 * 169.254.169.254), CGNAT, multicast, reserved and documentation ranges, and IPv6 forms that
 * carry one of those inside them (IPv4-mapped, NAT64, 6to4). Unparsable input is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 4) return isPublicV4(v4ToInt(bare));
  if (family === 6) return isPublicV6(bare);
  return false;
}

// [network, prefix length] from the IANA special-purpose registry, plus multicast and class E.
const blockedV4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const blockedV4Ints = blockedV4.map(([net, bits]) => [v4ToInt(net), bits] as const);

function isPublicV4(ip: number): boolean {
  return !blockedV4Ints.some(([net, bits]) => {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return ((ip & mask) >>> 0) === ((net & mask) >>> 0);
  });
}

function isPublicV6(address: string): boolean {
  const g = v6Groups(address);
  if (!g) return false;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address inside.
  if (zeros(5) && g[5] === 0xffff) return isPublicV4(pairToInt(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isPublicV4(pairToInt(g[6]!, g[7]!));
  // 6to4 (2002::/16) carries its IPv4 address in the next 32 bits.
  if (g[0] === 0x2002) return isPublicV4(pairToInt(g[1]!, g[2]!));
  // Only global unicast (2000::/3) is public; this leaves out ::/8, fc00::/7, fe80::/10, ff00::/8.
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  // 2001::/23 (protocol assignments, Teredo) and 2001:db8::/32 (documentation).
  if (g[0] === 0x2001 && (g[1]! < 0x200 || g[1] === 0xdb8)) return false;
  return true;
}

function v4ToInt(address: string): number {
  return address.split(".").reduce((n, part) => ((n << 8) | Number(part)) >>> 0, 0);
}

const pairToInt = (high: number, low: number) => ((high << 16) | low) >>> 0;

/** Eight 16-bit groups, expanding `::` and a trailing dotted IPv4 part. */
function v6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    text = text.slice(0, dotted.index) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (s: string) => (s ? s.split(":").map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  const groups = [...left, ...fill, ...right];
  return groups.length === 8 && groups.every((x) => Number.isInteger(x) && x >= 0 && x <= 0xffff) ? groups : undefined;
}
