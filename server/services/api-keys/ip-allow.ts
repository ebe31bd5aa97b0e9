import ipaddr from "ipaddr.js";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * An address or CIDR range as stored: ipaddr.js's canonical text with its prefix length (`203.0.113.0/24`,
 * `2001:db8::/32`; a single address gets /32 or /128). Null when the text is neither.
 */
export function normaliseRange(text: string): string | null {
  const value = text.trim();
  try {
    if (value.includes("/")) {
      if (!ipaddr.isValidCIDR(value)) return null;
      const [address, bits] = ipaddr.parseCIDR(value);
      return `${address.toString()}/${bits}`;
    }
    if (!ipaddr.isValid(value)) return null;
    const address = ipaddr.process(value);
    return `${address.toString()}/${address.kind() === "ipv4" ? 32 : 128}`;
  } catch {
    return null;
  }
}

/**
 * A check of a request's address against an allow-list (empty: every address). IPv4-mapped IPv6 addresses
 * (`::ffff:203.0.113.5`, what a dual-stack socket reports) are compared as the IPv4 address they carry.
 */
export function allowListCheck(list: readonly string[]): (ip: string) => boolean {
  if (list.length === 0) return () => true;
  const ranges: Range[] = list.flatMap((text) => {
    try {
      return [ipaddr.parseCIDR(text) as Range];
    } catch {
      return [];
    }
  });
  return (ip) => {
    let address: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      address = ipaddr.process(ip);
    } catch {
      return false;
    }
    return ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
  };
}
