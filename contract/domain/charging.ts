// What one message costs, per provider's published rule: written once, used by campaigns, workflows and the public API
// alike (server/services/campaigns/dispatch-content.ts `costOf`, public-api/prepare.ts), and said to people by the
// rates page and the campaign report. The rates and their keys are in rate-keys.ts.
import { smsRateKey, whatsappRateKey, type ChargeBasis, type RateKey, type Rates } from "./rate-keys";
import { utf8Bytes } from "./rcs";
import { countSms } from "./sms-segments";

export * from "./rate-keys";

/** A message as the providers classify it for billing. */
export type Billable =
  /** `category`: the DLT template's category (its route's rate); none for an SMS without a template. */
  | { channel: "sms"; text: string; category?: string | null }
  /** A template message; `windowOpen`: the customer wrote to this number within the last 24 hours. */
  | { channel: "whatsapp"; kind: "template"; category: string; windowOpen: boolean }
  /** Free-form text, which WhatsApp allows only inside the customer service window. */
  | { channel: "whatsapp"; kind: "text" }
  /**
   * `rich`: media, a card, a carousel or any suggestion; `text`: what it says; `inConversation`: a conversational
   * agent's message inside an open conversation with this person (the conversation's flat charge covers it).
   */
  | { channel: "rcs"; rich: boolean; text: string; inConversation?: boolean };

export interface Charge {
  paise: number;
  /** The rate applied; null where the provider charges nothing. */
  rateKey: RateKey | null;
  basis: ChargeBasis;
  /** For people: "WhatsApp utility", "RCS basic message", "SMS, 2 parts". */
  label: string;
}

/**
 * RBM: "a basic message contains only text and does not exceed 160 bytes in UTF-8"; anything else is a single message.
 */
export const RBM_BASIC_MAX_BYTES = 160;

/**
 * One message's charge.
 * - WhatsApp (Meta's per-message pricing since 1 July 2025): "charged per delivered template message" by the
 *   template's category; "utility templates delivered within an open customer service window are free"; free-form
 *   messages need that window and are service messages (`whatsapp_service`). A failed message is not charged.
 * - RBM (Google's billing FAQ, non-conversational agents): "billed per delivered message"; a basic message is text
 *   only and at most 160 UTF-8 bytes, a single message anything richer or longer. A conversational agent's message
 *   inside an open conversation is covered by the conversation's flat charge (RBM_CONVERSATION_MS).
 * - SMS (Indian operators through the aggregator): per part, on submission unless the rate says on delivery.
 */
export function chargeFor(message: Billable, rates: Rates): Charge {
  switch (message.channel) {
    case "sms": {
      const parts = Math.max(1, countSms(message.text).parts);
      const key = smsRateKey(message.category);
      return {
        paise: parts * rates[key],
        rateKey: key,
        basis: rates.smsBilledOn,
        label: `SMS, ${parts} part${parts === 1 ? "" : "s"}`,
      };
    }
    case "whatsapp": {
      if (message.kind === "text")
        return {
          paise: rates.whatsapp_service,
          rateKey: "whatsapp_service",
          basis: "delivered",
          label: "WhatsApp service",
        };
      const key = whatsappRateKey(message.category);
      const label = `WhatsApp ${key.slice("whatsapp_".length)}`;
      if (key === "whatsapp_utility" && message.windowOpen)
        return { paise: 0, rateKey: null, basis: "delivered", label: `${label} (free in the service window)` };
      return { paise: rates[key], rateKey: key, basis: "delivered", label };
    }
    case "rcs": {
      if (message.inConversation)
        return {
          paise: 0,
          rateKey: null,
          basis: "delivered",
          label: "RCS message in an open conversation (billed once per conversation)",
        };
      const basic = !message.rich && utf8Bytes(message.text) <= RBM_BASIC_MAX_BYTES;
      return basic
        ? { paise: rates.rcs_basic, rateKey: "rcs_basic", basis: "delivered", label: "RCS basic message" }
        : { paise: rates.rcs, rateKey: "rcs", basis: "delivered", label: "RCS single message" };
    }
  }
}

/** Whether a channel's messages are billed only on delivery (a failed or never-delivered one is given back). */
export function billedOnDelivery(channel: "sms" | "whatsapp" | "rcs", rates: Pick<Rates, "smsBilledOn">): boolean {
  return channel !== "sms" || rates.smsBilledOn === "delivered";
}
