// WhatsApp URL buttons with a dynamic suffix (issue 41): Meta lets a URL button's address end in one variable,
// {{1}}, with a full example address, and the send gives the suffix as a "button" component at the button's index.
// A campaign's values after the body's are those suffixes, in button order. A tracked campaign whose button base is
// the product's short-link route (link origin + /l/) sends each recipient's code as the suffix, so the button opens
// the recipient's own short link.
import { LINK_PATH } from "./links";
import type { TemplateIssue, WaButton, WaComponent } from "./whatsapp-template";

const SUFFIX = "{{1}}";

/** A URL button whose address ends in {{1}}: its index among the template's buttons and its fixed base. */
export interface DynamicUrlButton {
  index: number;
  base: string;
}

export function dynamicUrlButtons(components: readonly WaComponent[] | undefined): DynamicUrlButton[] {
  const buttons = components?.find((c) => c.type === "BUTTONS");
  if (!buttons || buttons.type !== "BUTTONS") return [];
  return buttons.buttons.flatMap((b, index) =>
    b.type === "URL" && b.url?.endsWith(SUFFIX) ? [{ index, base: b.url.slice(0, -SUFFIX.length) }] : [],
  );
}

/** The base a URL button needs for its suffix to be tracked: the short links' route on this origin. */
export const trackedButtonBase = (origin: string): string => `${origin}${LINK_PATH}`;

/**
 * The positions, among a campaign's values, of the dynamic URL buttons' suffixes (`bodyValues` values come first):
 * `code`, those sent as the recipient's short-link code (the button's base is `origin`'s short-link route); `keep`,
 * the others, sent as given (a suffix on another site is the customer's own and is not tracked).
 */
export function suffixPositions(
  components: readonly WaComponent[] | undefined,
  bodyValues: number,
  origin: string,
): { code: number[]; keep: number[] } {
  const all = dynamicUrlButtons(components).map((b, i) => ({
    position: bodyValues + i,
    tracked: b.base === trackedButtonBase(origin),
  }));
  return {
    code: all.filter((b) => b.tracked).map((b) => b.position),
    keep: all.filter((b) => !b.tracked).map((b) => b.position),
  };
}

/** Meta's rule for a URL button's variable: only {{1}}, only at the end, with a full example address. */
export function checkUrlVariable(button: WaButton, field: string): TemplateIssue[] {
  const url = button.url ?? "";
  const variables = url.match(/\{\{[^{}]*\}\}/g) ?? [];
  if (variables.length === 0) return [];
  if (variables.length > 1 || !url.endsWith(SUFFIX))
    return [{ field: `${field}.url`, message: "A URL button may have one variable, {{1}}, at the end of the address" }];
  const example = button.example?.[0] ?? "";
  if (!/^https?:\/\/\S+$/i.test(example) || !example.startsWith(url.slice(0, -SUFFIX.length)))
    return [
      {
        field: `${field}.example`,
        message: "Give an example of the full address: the address before {{1}}, then a sample suffix",
      },
    ];
  return [];
}
