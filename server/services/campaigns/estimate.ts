import { SMS_VARIABLE, SMS_VARIABLE_MAX } from "../../../contract/domain/sms";
import { countSms } from "../../../contract/domain/sms-segments";
import type { CampaignChannel } from "../../../contract/constants";
import { whatsappRateKey, type Rates } from "./rates";

// The cost of a campaign before it starts, in integer paise (never floats: the hold must add up to the paisa).
//
// SMS variables: DLT caps every {#var#} value at SMS_VARIABLE_MAX (30) characters, so the estimate fills each
// placeholder that takes a per-row value with 30 GSM characters: the most a registered template can send, without
// reading the audience. A fixed value (no `{{column}}`) is filled in as it is. A per-row value in Unicode would make
// the real message UCS-2 and longer; the dispatcher's settle() refuses to spend past the hold and pauses then.

const PER_ROW = /\{\{\s*[^}]+\s*\}\}/;

/** The SMS body as the estimate prices it: fixed values in place, per-row placeholders at their longest. */
export function longestSmsFill(body: string, variables: readonly string[] = []): string {
  let index = 0;
  return body.split(SMS_VARIABLE).reduce((text, part, i) => {
    if (i === 0) return part;
    const value = variables[index++];
    const fill = value !== undefined && !PER_ROW.test(value) ? value.slice(0, SMS_VARIABLE_MAX) : "x".repeat(SMS_VARIABLE_MAX);
    return text + fill + part;
  }, "");
}

export interface EstimateInput {
  channel: CampaignChannel;
  sendable: number;
  rates: Rates;
  /** SMS: the template body and the campaign's variables. */
  smsBody?: string;
  smsVariables?: readonly string[];
  /** WhatsApp: the template's category. */
  category?: string;
  /** WhatsApp and RCS with SMS failover: the SMS template's body and params. */
  failover?: FailoverEstimate | null;
}

export interface FailoverEstimate {
  smsBody: string;
  params: readonly string[];
}

export interface Estimate {
  perMessagePaise: number;
  segments: number | null;
  category: string | null;
  /** Per-recipient SMS failover cost (worst case), 0 without failover. */
  failoverPerMessagePaise: number;
  totalPaise: number;
}

const smsPaise = (body: string, variables: readonly string[], rates: Rates) => {
  const segments = Math.max(1, countSms(longestSmsFill(body, variables)).parts);
  return { segments, paise: segments * rates.sms };
};

export function estimateCost(input: EstimateInput): Estimate {
  const { channel, sendable, rates } = input;
  if (channel === "sms") {
    const { segments, paise } = smsPaise(input.smsBody ?? "", input.smsVariables ?? [], rates);
    return { perMessagePaise: paise, segments, category: null, failoverPerMessagePaise: 0, totalPaise: sendable * paise };
  }
  // The hold covers the worst case: every recipient fails over and is billed the SMS as well.
  const failover = input.failover ? smsPaise(input.failover.smsBody, input.failover.params, rates).paise : 0;
  if (channel === "whatsapp") {
    const category = (input.category ?? "MARKETING").toUpperCase();
    const per = rates[whatsappRateKey(category)];
    return { perMessagePaise: per, segments: null, category, failoverPerMessagePaise: failover, totalPaise: sendable * (per + failover) };
  }
  return { perMessagePaise: rates.rcs, segments: null, category: null, failoverPerMessagePaise: failover, totalPaise: sendable * (rates.rcs + failover) };
}
