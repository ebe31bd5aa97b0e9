// The rules of a webhook URL. A webhook URL is the customer's, and the server POSTs to it from inside our network:
// without these rules a URL could reach the cloud metadata service (169.254.169.254), the database or any internal
// admin page. The addresses are judged by the one SSRF guard of everything users type (server/http/ssrf.ts, as for
// workflow HTTP steps and SMS providers), twice: when the URL is saved (a clear refusal for the person typing it) and
// on every connection (its `guardedLookup`), because DNS may answer differently later (rebinding).
import { isIP } from "node:net";
import { isPrivateAddress, privateHostError, SsrfError } from "../../http/ssrf";

export interface UrlPolicy {
  /**
   * Private, loopback, link-local and reserved targets are allowed (WEBHOOK_ALLOW_PRIVATE: an on-premises receiver,
   * tests).
   */
  allowPrivate: boolean;
  requireHttps: boolean;
}

/**
 * Who may not go to a private address, in the refusal ("The address is private, …; <rule> (localhost is 127.0.0.1)").
 */
export const WEBHOOK_RULE = "webhooks go to public addresses only unless the server's operator allows private ones";

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");

/** Scheme, credentials and (for an address written in the URL) the address: what can be judged without DNS. */
export function checkUrlShape(raw: string, policy: UrlPolicy): { url: URL } | { error: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: "The webhook URL is not a valid URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { error: "The webhook URL must start with https://" };
  if (policy.requireHttps && url.protocol !== "https:") return { error: "The webhook URL must use https" };
  if (url.username || url.password) return { error: "The webhook URL may not contain a user name or password" };
  if (url.hash) return { error: "The webhook URL may not contain a #fragment" };
  const host = bare(url.hostname);
  if (!policy.allowPrivate && isIP(host) && isPrivateAddress(host))
    return { error: new SsrfError(host, WEBHOOK_RULE).message };
  return { url };
}

/**
 * The URL as it is saved: its shape, and when private targets are refused, every address its name resolves to now.
 * A name that does not resolve is accepted (the receiver may not exist yet; the test delivery will say so).
 */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy): Promise<string | null> {
  const shape = checkUrlShape(raw, policy);
  if ("error" in shape) return shape.error;
  return (await privateHostError(shape.url.hostname, policy.allowPrivate, WEBHOOK_RULE))?.message ?? null;
}

/**
 * Whether the delivery log may keep an answer's body: only one from a public address. With WEBHOOK_ALLOW_PRIVATE an
 * account may point a webhook at any address on the server's network; the body of what answered there (an internal
 * page, the cloud metadata service) is not the account's to read, so the log keeps only its status.
 */
export const bodyMayBeShown = (remoteAddress: string | undefined): boolean =>
  remoteAddress !== undefined && !isPrivateAddress(remoteAddress);

/** What the log shows in place of such a body. */
export const PRIVATE_BODY_HIDDEN = "(not shown: the answer came from a private, loopback or link-local address)";
