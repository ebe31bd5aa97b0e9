// The guard against server-side request forgery for connections to an address a user typed: a workflow's HTTP step,
// an SMS provider's SMSC or API. They may reach the internet, not this machine or its private network (databases,
// cloud metadata at 169.254.169.254, the admin's LAN), unless the operator allows it (WORKFLOW_HTTP_ALLOW_PRIVATE,
// CARRIER_ALLOW_PRIVATE). The address is checked when the socket connects (the `lookup` of the request or of
// net.connect), so a name that resolves to a public address when checked and a private one a moment later (DNS
// rebinding) gets nowhere: the connection goes to exactly the address that was checked. An address written as such
// never goes through lookup: `refuseLiteral` checks it before connecting.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

const BLOCKED = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  BLOCKED.addSubnet(net, bits, "ipv4");
// ::/96: the deprecated IPv4-compatible form (::127.0.0.1), which some stacks still route to the IPv4 address.
for (const [net, bits] of [
  ["::", 96],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
  ["2001:db8::", 32],
] as const) {
  BLOCKED.addSubnet(net, bits, "ipv6");
}

/** The first half of every refusal; the caller's rule (who may not go there) follows it. */
export const PRIVATE_ADDRESS = "The address is private, loopback or link-local";

/**
 * True for loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses (IPv4-mapped IPv6 too),
 * and for whatever else ipaddr.js does not call ordinary "unicast": the IPv6 forms that carry an IPv4 address to a
 * relay (6to4, Teredo, NAT64), discard, benchmarking and documentation ranges.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (ipaddr.process(address).range() !== "unicast") return true;
  if (family === 4) return BLOCKED.check(address, "ipv4");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return BLOCKED.check(mapped, "ipv4");
  return BLOCKED.check(address, "ipv6");
}

/** A refused address: "<PRIVATE_ADDRESS>; <rule> (<name> is <address>)". */
export class SsrfError extends Error {
  readonly code = "ESSRF";
  constructor(
    readonly address: string,
    rule: string,
    hostname?: string,
  ) {
    super(`${PRIVATE_ADDRESS}; ${rule} (${hostname && hostname !== address ? `${hostname} is ${address}` : address})`);
  }
}

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * A `lookup` for http.request or net.connect that resolves the name and refuses it if any of its addresses is private;
 * `rule` says who may not go there ("the HTTP step may not call it").
 */
export function guardedLookup(allowPrivate: boolean, rule: string): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      const list = addresses as unknown as LookupAddress[];
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (bad && !allowPrivate) return callback(new SsrfError(bad.address, rule, hostname), "", 0);
      const first = list[0];
      if (!first) return callback(new Error(`No address for ${hostname}`), "", 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * An address written in the URL or host field itself never goes through lookup: it is checked here (throws SsrfError).
 */
export function refuseLiteral(hostname: string, allowPrivate: boolean, rule: string): void {
  const host = bare(hostname);
  if (isIP(host) && isPrivateAddress(host) && !allowPrivate) throw new SsrfError(host, rule);
}

/**
 * The same judgement made early, for the person typing the address: a literal, or every address the name resolves to
 * now. A name that does not resolve passes (the connection will say so). Resolves to the SsrfError, or null.
 * The connection itself must still go through guardedLookup: DNS may answer differently a moment later.
 */
export async function privateHostError(
  hostname: string,
  allowPrivate: boolean,
  rule: string,
): Promise<SsrfError | null> {
  if (allowPrivate) return null;
  const host = bare(hostname);
  if (isIP(host)) return isPrivateAddress(host) ? new SsrfError(host, rule) : null;
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    dnsLookup(host, { all: true }, (err, list) => resolve(err ? [] : list)),
  );
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  return bad ? new SsrfError(bad.address, rule, host) : null;
}
