// Tracked links (issue 41): a campaign's URL values become per-recipient short links on the product's own route, so a
// click is counted per recipient before the browser goes on. What both sides need: the link's shape and length (the
// SMS part counter and DLT's per-variable limit count the short link, not the long URL), and which values are links.

/** The route of short links: outside /api and outside the console's routes. */
export const LINK_PATH = "/l/";

/**
 * Every code is this long: 8 characters for the recipient (a keyed permutation of its id), 1 for the value's
 * position, 3 for a check over both. A short link's length is then fixed by the domain alone, so a message's parts
 * are counted exactly when the audience is read, before any code exists.
 */
export const LINK_CODE_LENGTH = 12;

/** The short link's route and code, as the server matches them. */
export const LINK_CODE = /^[0-9A-Za-z]{12}$/;

/**
 * A value that is one http(s) URL and nothing else: the values a tracked campaign replaces. One pattern for both
 * sides: JavaScript here, PostgreSQL's `~*` in the pre-send check (campaigns/dlt-route.ts).
 */
export const URL_VALUE_PATTERN = "^https?://[^\\s/?#]+\\.[^\\s/?#]+(?:[/?#]\\S*)?$";
const URL_VALUE = new RegExp(URL_VALUE_PATTERN, "i");

export const isTrackableUrl = (value: string): boolean => URL_VALUE.test(value);

export const shortLinkOf = (origin: string, code: string): string => `${origin}${LINK_PATH}${code}`;

/** How long every short link of this origin is. */
export const shortLinkLength = (origin: string): number => shortLinkOf(origin, "").length + LINK_CODE_LENGTH;

/** A stand-in of the right length, where the code is not known yet (counting parts, checking DLT's limits). */
export const placeholderLink = (origin: string): string => shortLinkOf(origin, "0".repeat(LINK_CODE_LENGTH));

/** The values with each URL value replaced by its short link (the value's position names it). */
export function trackedValues(values: readonly string[], linkOf: (position: number) => string): string[] {
  return values.map((value, position) => (isTrackableUrl(value) ? linkOf(position) : value));
}
