// A click on a short link: who fetched it (a person's device, or a machine that fetches links to show a preview or to
// scan them) and the recipient's value it stood for. Machines are stored too, marked, and never counted as people.
import Bowser from "bowser";
import { isbot } from "isbot";

export type DeviceClass = "mobile" | "tablet" | "desktop" | "tv" | "unknown";

/**
 * Fetchers isbot's list does not name: Outlook and Office fetch a link once to learn whether it exists before the
 * person ever clicks ("Microsoft Office Existence Discovery", "ms-office"); mail gateways' link scanners.
 */
const PREFETCHERS = /Microsoft Office|ms-office|Existence Discovery|Safe ?Links|Proofpoint|Mimecast|Barracuda/i;

export interface Fetch {
  method: string;
  userAgent: string | undefined;
  /** `Sec-Purpose` (or the older `Purpose`): browsers send "prefetch" when they load a link nobody clicked yet. */
  purpose: string | undefined;
}

/**
 * A preview or a scan, not a person: link previews name themselves in the User-Agent (WhatsApp's "WhatsApp/2…",
 * iMessage's "facebookexternalhit/1.1 Facebot Twitterbot/1.0", Telegram, Slack…: isbot's list), a HEAD only asks
 * whether the link exists, a prefetch says so, and a fetch with no User-Agent is no browser.
 */
export function isMachine(fetch: Fetch): boolean {
  const ua = fetch.userAgent?.trim() ?? "";
  if (ua === "" || fetch.method === "HEAD") return true;
  if (fetch.purpose && /prefetch|preview/i.test(fetch.purpose)) return true;
  return isbot(ua) || PREFETCHERS.test(ua);
}

/** The device class a person clicked on, from the User-Agent. */
export function deviceOf(userAgent: string | undefined): DeviceClass {
  if (!userAgent) return "unknown";
  const type = Bowser.parse(userAgent).platform.type;
  return type === "mobile" || type === "tablet" || type === "desktop" || type === "tv" ? type : "unknown";
}
