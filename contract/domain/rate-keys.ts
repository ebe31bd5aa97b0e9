// The rates a message is priced at, their keys and when they are billed: no counting here, so the contract's calls
// and the console's first view can name rate keys without the SMS segment counter (charging.ts) it would pull in.
import { SMS_CATEGORIES, type SmsCategory } from "./sms";

/**
 * Rates in paise, until an admin sets them: per SMS part, per WhatsApp message by category, per RCS message by type.
 */
export const RATE_KEYS = [
  "sms",
  // SMS by DLT template category (issue 37): the category decides the operator's route (promotional templates on the
  // promotional route, the others on the transactional/service route), and aggregators price the routes apart.
  // "sms" stays the rate of an SMS without a DLT template, and each of these falls back to it (withSmsFallback).
  "sms_transactional",
  "sms_service_implicit",
  "sms_service_explicit",
  "sms_promotional",
  "whatsapp_marketing",
  "whatsapp_utility",
  "whatsapp_authentication",
  "whatsapp_service",
  "rcs",
  "rcs_basic",
  "rcs_conversation",
] as const;
export type RateKey = (typeof RATE_KEYS)[number];
export const DEFAULT_RATES_PAISE: Readonly<Record<RateKey, number>> = {
  sms: 25,
  // No published per-route rate to follow: today's SMS rate, so nothing is re-priced until someone sets one.
  sms_transactional: 25,
  sms_service_implicit: 25,
  sms_service_explicit: 25,
  sms_promotional: 25,
  whatsapp_marketing: 88,
  whatsapp_utility: 13,
  whatsapp_authentication: 13,
  // Meta: "free-form messages ... inside an open customer service window" are not charged (service messages free
  // since 1 November 2024); a rate of its own so an admin can follow Meta if that changes.
  whatsapp_service: 0,
  rcs: 30,
  rcs_basic: 15,
  // A conversational RBM agent's flat charge for a 24-hour conversation (rbmConversationStarts below).
  rcs_conversation: 35,
};

/** When a message is billed: as it is handed to the provider, or only once its delivery is confirmed. */
export type ChargeBasis = "submitted" | "delivered";
export const CHARGE_BASES: readonly ChargeBasis[] = ["submitted", "delivered"];

export interface Rates extends Record<RateKey, number> {
  /** SMS: per part submitted (the Indian operators' default) or per part delivered (an aggregator's rate option). */
  smsBilledOn: ChargeBasis;
}

export const DEFAULT_RATES: Readonly<Rates> = { ...DEFAULT_RATES_PAISE, smsBilledOn: "submitted" };

/** The SMS rate key of each DLT template category. */
export const SMS_CATEGORY_RATE_KEYS: Readonly<Record<SmsCategory, RateKey>> = {
  transactional: "sms_transactional",
  "service-implicit": "sms_service_implicit",
  "service-explicit": "sms_service_explicit",
  promotional: "sms_promotional",
};
const SMS_CATEGORY_KEYS: readonly RateKey[] = Object.values(SMS_CATEGORY_RATE_KEYS);

/** The rate key of an SMS: its DLT template's category's, or "sms" without a template (or an unknown category). */
export function smsRateKey(category?: string | null): RateKey {
  const known = SMS_CATEGORIES.find((c) => c === category);
  return known ? SMS_CATEGORY_RATE_KEYS[known] : "sms";
}

/**
 * The one fallback rule of the SMS category rates: where a card (or a stored campaign's rates, or the global card)
 * sets "sms" but not a category's rate, that category costs its "sms". So cards written before the categories
 * existed, and campaigns holding money at rates stored without them, keep their price.
 */
export function withSmsFallback<T extends Partial<Record<RateKey, number>>>(rates: T): T {
  const sms = rates.sms;
  if (sms === undefined) return rates;
  const filled: Partial<Record<RateKey, number>> = { ...rates };
  for (const key of SMS_CATEGORY_KEYS) filled[key] ??= sms;
  return filled as T;
}

/** The WhatsApp rate key of a template category (MARKETING, UTILITY, AUTHENTICATION); unknown ones as marketing. */
export function whatsappRateKey(category: string): RateKey {
  const key = `whatsapp_${category.toLowerCase()}`;
  return key !== "whatsapp_service" && (RATE_KEYS as readonly string[]).includes(key)
    ? (key as RateKey)
    : "whatsapp_marketing";
}

/**
 * Charges on delivery stay open until a receipt says delivered or failed; the settlement cut-off closes them: a
 * message with no delivered receipt this long after it was sent is given back, and a delivery receipt that comes
 * after the cut-off is not charged (the money has gone back to the account by then). Three days: WhatsApp and RBM
 * keep trying a phone that is off for days, and most receipts arrive within minutes.
 */
export const SETTLEMENT_WINDOW_MS = 72 * 60 * 60 * 1000;

/**
 * RBM agents' billing categories (Google's billing FAQ): "a classification of an RCS for Business agent that informs
 * the billing logic for messages the agent sends. You choose the category when you create the agent, and you can't
 * change it later." Non-conversational agents "are billed for each message they deliver to users"; conversational
 * ones per conversation.
 */
export const RBM_BILLING_CATEGORIES = ["non_conversational", "conversational"] as const;
export type RbmBillingCategory = (typeof RBM_BILLING_CATEGORIES)[number];

/**
 * A conversational agent's conversation (Google's billing FAQ): "A conversation starts when one party (the agent or
 * the user) responds to a message from the other party within 24 hours. During the conversation window (24 hours
 * from the first response), the agent and the user can exchange any number of messages, and the agent is billed a
 * flat rate for the conversation." And: "If the agent sends a message and the user doesn't respond within 24 hours,
 * the agent is billed for individual messages, like a non-conversational agent." Here: a user's reply within 24 hours
 * of the agent's message starts one, at the reply.
 */
export const RBM_CONVERSATION_MS = 24 * 60 * 60 * 1000;
