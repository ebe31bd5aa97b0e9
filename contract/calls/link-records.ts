import type { Static } from "@sinclair/typebox";
import { Type } from "./type";

/**
 * A tracked link as a recipient received it (issue 41): the short link in the text as sent, and the long URL it
 * opens. The message log, the inbox thread and the customer's timeline show the text as sent; this names where each
 * short link goes, which the text alone no longer says.
 */
export const SentLinkRecord = Type.Object({
  short: Type.String(),
  url: Type.String(),
});
export type SentLinkRecord = Static<typeof SentLinkRecord>;
