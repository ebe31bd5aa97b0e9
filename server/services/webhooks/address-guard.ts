// The SSRF guard of outbound webhooks. A webhook URL is the customer's, and the server POSTs to it from inside our
// network: without these rules a URL could reach the cloud metadata service (169.254.169.254), the database or any
// internal admin page. Checked twice: when the URL is saved (a clear refusal for the person typing it) and on every
// connection (`guardedLookup`), because DNS may answer differently later (rebinding).
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export interface UrlPolicy {
  /** Private, loopback, link-local and reserved targets are allowed (development, tests, on-premises receivers). */
  allowPrivate: boolean;
  requireHttps: boolean;
}

/** The error of a refused address; the delivery log shows its message. */
export class RefusedAddressError extends Error {
  readonly code = "EWEBHOOKADDRESS";
}

/**
 * Only ordinary public unicast addresses pass: ipaddr.js names every special range (private, loopback, link-local,
 * carrier-grade NAT, unique-local, multicast, documentation, 6to4, Teredo, ...) and calls the rest "unicast". An
 * IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");

const refusal = (host: string, address: string) =>
  `${host} is ${host === address ? "" : `resolved to ${address}, `}a private, loopback or reserved address; webhooks go to public addresses only`;

/** Scheme, credentials and (for an address written in the URL) the address: what can be judged without DNS. */
export function checkUrlShape(raw: string, policy: UrlPolicy): { url: URL } | { error: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: "The webhook URL is not a valid URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { error: "The webhook URL must start with https://" };
  if (policy.requireHttps && url.protocol !== "https:") return { error: "The webhook URL must use https" };
  if (url.username || url.password) return { error: "The webhook URL may not contain a user name or password" };
  if (url.hash) return { error: "The webhook URL may not contain a #fragment" };
  const host = bare(url.hostname);
  if (!policy.allowPrivate && isIP(host) && !isPublicAddress(host)) return { error: refusal(host, host) };
  return { url };
}

function lookupAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true } satisfies LookupAllOptions, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });
}

/**
 * The URL as it is saved: its shape, and when private targets are refused, every address its name resolves to now.
 * A name that does not resolve is accepted (the receiver may not exist yet; the test delivery will say so).
 */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy): Promise<string | null> {
  const shape = checkUrlShape(raw, policy);
  if ("error" in shape) return shape.error;
  const host = bare(shape.url.hostname);
  if (policy.allowPrivate || isIP(host)) return null;
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(host);
  } catch {
    return null;
  }
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  return bad ? refusal(host, bad.address) : null;
}

/**
 * A `lookup` for http(s).request: resolves like Node does, then refuses the connection when any address the name
 * resolves to is not public. It runs at connect time, so the address checked is the address connected to. (An
 * address written in the URL skips lookup altogether; checkUrlShape judges it before the request starts.)
 */
export function guardedLookup(policy: UrlPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookupAll(hostname).then(
      (addresses) => {
        const bad = policy.allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
        if (bad) return callback(new RefusedAddressError(refusal(hostname, bad.address)), "", 4);
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0) {
          const err = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname });
          return callback(err, "", 4);
        }
        if (options.all) return (callback as unknown as (err: null, addresses: LookupAddress[]) => void)(null, usable);
        callback(null, usable[0].address, usable[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 4),
    );
  };
}
