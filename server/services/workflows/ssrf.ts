// The HTTP step's guard against server-side request forgery: a workflow may call the internet, not this machine or
// its private network (databases, cloud metadata at 169.254.169.254, the admin's LAN), unless the operator allows it
// (WORKFLOW_HTTP_ALLOW_PRIVATE). The address is checked when the socket connects (the `lookup` of the request), so a
// name that resolves to a public address when checked and a private one a moment later (DNS rebinding) gets nowhere:
// the connection goes to exactly the address that was checked.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

const BLOCKED = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.0.0.0", 24],
  ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) BLOCKED.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96], ["2001:db8::", 32]] as const) {
  BLOCKED.addSubnet(net, bits, "ipv6");
}

export const SSRF_REFUSED = "The address is private, loopback or link-local; the HTTP step may not call it";

/** True for loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses (IPv4-mapped IPv6 too). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, "ipv4");
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return BLOCKED.check(mapped, "ipv4");
    return BLOCKED.check(address, "ipv6");
  }
  return true;
}

export class SsrfError extends Error {
  readonly code = "ESSRF";
  constructor(address: string) {
    super(`${SSRF_REFUSED} (${address})`);
  }
}

/** A `lookup` for http.request that resolves the name and refuses it if any of its addresses is private. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      const list = addresses as unknown as LookupAddress[];
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (bad && !allowPrivate) return callback(new SsrfError(bad.address), "", 0);
      const first = list[0];
      if (!first) return callback(new Error(`No address for ${hostname}`), "", 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, first.address, first.family);
    });
  };
}

/** An address written in the URL itself never goes through lookup: it is checked here. */
export function refuseLiteral(hostname: string, allowPrivate: boolean): void {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && isPrivateAddress(host) && !allowPrivate) throw new SsrfError(host);
}
