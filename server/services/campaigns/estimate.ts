import { SMS_VARIABLE, SMS_VARIABLE_MAX } from "../../../contract/domain/sms";
import type { CampaignChannel } from "../../../contract/constants";
import { billedParts } from "./dispatch-content";
import { smsRateKey, whatsappRateKey } from "../../../contract/domain/charging";
import type { Rates } from "./rates";

// The cost of a campaign before it starts, in integer paise (never floats: the hold must add up to the paisa).
//
// The audience is read before the start, and the ingest counts each recipient's SMS parts with the values it will
// be sent (parts.ts), so SMS costs are exact sums: `smsParts` is the total over the recipients the start would send.
// What stays unknown until send is whether a WhatsApp or RCS message fails over to SMS: the estimate leaves the
// failover out, the maximum (and the hold) counts it for every recipient.

const PER_ROW = /\{\{\s*[^}]+\s*\}\}/;

/**
 * The SMS body at its longest: fixed values in place, per-row placeholders at DLT's 30-character cap. Only for
 * recipients whose parts were not counted at ingest (rows written before the count existed).
 */
export function longestSmsFill(body: string, variables: readonly string[] = []): string {
  let index = 0;
  return body.split(SMS_VARIABLE).reduce((text, part, i) => {
    if (i === 0) return part;
    const value = variables[index++];
    const fill =
      value !== undefined && !PER_ROW.test(value) ? value.slice(0, SMS_VARIABLE_MAX) : "x".repeat(SMS_VARIABLE_MAX);
    return text + fill + part;
  }, "");
}

/** Parts for a recipient without a counted value: the longest fill's. */
export const longestParts = (body: string, variables: readonly string[]): number =>
  billedParts(longestSmsFill(body, variables));

export interface EstimateInput {
  channel: CampaignChannel;
  sendable: number;
  rates: Rates;
  /** SMS parts of the sendable recipients' messages: the SMS itself (SMS) or the failover SMS (WhatsApp, RCS). */
  smsParts: number;
  /** WhatsApp: the template's category. */
  category?: string;
  /**
   * The DLT category of the SMS template (the SMS campaign's, or the failover's): its rate key (smsRateKey); "sms"
   * without one.
   */
  smsCategory?: string | null;
  /** WhatsApp and RCS: whether the campaign fails over to SMS. */
  failover?: boolean;
  /** RCS: one message's price (a basic or a single message, rcsMessagePaise); the single rate without it. */
  rcsPaise?: number;
}

export interface Estimate {
  /** The channel's price of one message (SMS: of one part). */
  perMessagePaise: number;
  /** SMS: parts per message when every recipient's message has the same count, else null. */
  segments: number | null;
  /** SMS parts in all: the messages' (SMS) or the failovers' (WhatsApp, RCS). */
  smsParts: number;
  category: string | null;
  /** The SMS failover's cost should every recipient fail over, 0 without failover. */
  failoverPaise: number;
  /** Every message sent once on its channel. */
  expectedPaise: number;
  /** The most the sendable recipients can cost: the hold the start takes. */
  totalPaise: number;
}

export function estimateCost(input: EstimateInput): Estimate {
  const { channel, sendable, rates, smsParts } = input;
  const smsRate = rates[smsRateKey(input.smsCategory)];
  if (channel === "sms") {
    const total = smsParts * smsRate;
    const segments = sendable > 0 && smsParts % sendable === 0 ? smsParts / sendable : null;
    return {
      perMessagePaise: smsRate,
      segments,
      smsParts,
      category: null,
      failoverPaise: 0,
      expectedPaise: total,
      totalPaise: total,
    };
  }
  const failoverPaise = input.failover ? smsParts * smsRate : 0;
  const category = channel === "whatsapp" ? (input.category ?? "MARKETING").toUpperCase() : null;
  const per = category ? rates[whatsappRateKey(category)] : (input.rcsPaise ?? rates.rcs);
  const expected = sendable * per;
  return {
    perMessagePaise: per,
    segments: null,
    smsParts: input.failover ? smsParts : 0,
    category,
    failoverPaise,
    expectedPaise: expected,
    totalPaise: expected + failoverPaise,
  };
}
