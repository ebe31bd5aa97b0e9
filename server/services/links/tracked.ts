// A tracked campaign's values for one recipient: its values as always, each URL value replaced by the recipient's
// short link. The dispatcher sends these; the ingest counts parts and checks DLT's limits with a stand-in link of the
// same length, so what was estimated is what is sent.
import { LINK_CODE, placeholderLink, shortLinkOf, trackedValues } from "../../../contract/domain/links";
import { paramsFor } from "../campaigns/dispatch-content";
import { linkCode } from "./code";

/** Where short links point and the key their codes are made with. */
export interface LinkContext {
  origin: string;
  key: Buffer;
  /** Positions sent as the code alone: WhatsApp URL buttons whose base is origin + /l/ (whatsapp-url-buttons.ts). */
  codeOnly?: readonly number[];
  /** Positions sent as given even when a URL: other sites' URL button suffixes. */
  keep?: readonly number[];
}

/** The values a recipient is sent: with `links` (a tracked campaign), URL values become its short links. */
export function recipientValues(
  campaignVariables: readonly string[],
  recipient: { id: number; variables: readonly (string | null)[] | null },
  links: LinkContext | undefined,
): string[] {
  const values = paramsFor(campaignVariables, recipient.variables);
  if (!links) return values;
  const tracked = trackedValues(values, (position) => {
    const code = linkCode(links.key, recipient.id, position);
    return links.codeOnly?.includes(position) ? code : shortLinkOf(links.origin, code);
  });
  return links.keep ? tracked.map((v, i) => (links.keep?.includes(i) ? values[i] : v)) : tracked;
}

/** A short link a recipient was sent and the URL it opens. */
export interface SentLink {
  short: string;
  url: string;
}

/**
 * What a recipient was sent, for the screens that show a sent message (the message log, the inbox thread, the
 * timeline): the values with their short links, as the dispatcher built them, and each short link with its URL.
 */
export function sentValues(
  campaignVariables: readonly string[],
  recipient: { id: number; variables: readonly (string | null)[] | null },
  links: LinkContext | undefined,
): { values: string[]; links: SentLink[] } {
  const long = paramsFor(campaignVariables, recipient.variables);
  const values = recipientValues(campaignVariables, recipient, links);
  const shortOf = (sent: string) => (links && LINK_CODE.test(sent) ? shortLinkOf(links.origin, sent) : sent);
  return {
    values,
    links: values.flatMap((sent, i) => (sent === long[i] ? [] : [{ short: shortOf(sent), url: long[i] }])),
  };
}

/** The values as long as they will be sent, before the recipient has an id (parts, DLT limits at ingest). */
export function valuesAsSent(values: readonly string[], origin: string | undefined): string[] {
  if (origin === undefined) return [...values];
  const stand = placeholderLink(origin);
  return trackedValues(values, () => stand);
}
