// Customers' preferences on India's DLT platform (TRAI TCCCPR 2018) and how each SMS category is scrubbed against
// them. Operators scrub at delivery and senders cannot download the national registry, so an account keeps its own
// DND list: the scrub files its aggregator gives it and the numbers operators refused as DND in receipts. This list
// is not the suppression list (which blocks every channel): it applies to Indian SMS, by the template's category.
//
// The scrubbing model as aggregators document it (SMSIndiaHub's "DLT Error Code Details", scrubbing model):
//   Transaction       "Check for Sender registration, header registration and template" (no preference scrub)
//   Service Implicit  "Check for Sender registration, header registration and template" (no preference scrub)
//   Service Explicit  "check for consent ... If the consent scrub fails then preferences will be checked w.r.t
//                      Fully Block ... If both of these fail (i.e. Customer is on FULLY BLOCK), message will not be
//                      delivered."
//   Promotional       "check for consent ... If the consent scrub fails then preferences will be checked. If
//                      preference scrub passes then the message will be delivered. If both of these fails, message
//                      will not be delivered."
// A promotional template carries no content category here, so any preference on record blocks it (the safe side:
// the operator would refuse it for a matching category and bill the submit anyway).
import type { SmsCategory } from "./sms";

/** How a category is scrubbed: not at all, against a full block, or against any preference. */
export type DndScrub = "none" | "fullyBlocked" | "anyPreference";

export interface DndRule {
  scrub: DndScrub;
  /** Sent only inside the promotional window (10:00-21:00 IST, operators' notice of October 2025). */
  windowed: boolean;
}

/** The one table of the rule: the pre-send check, the start, the public API and workflows read it. */
export const DND_RULES: Record<SmsCategory, DndRule> = {
  transactional: { scrub: "none", windowed: false },
  "service-implicit": { scrub: "none", windowed: false },
  "service-explicit": { scrub: "fullyBlocked", windowed: true },
  promotional: { scrub: "anyPreference", windowed: true },
};

/** TRAI's preference categories (NCPR): 0 is the full block; 1-8 block one kind of commercial content each. */
export const DND_PREFERENCES: Record<number, string> = {
  0: "Fully blocked",
  1: "Banking, insurance, financial products, credit cards",
  2: "Real estate",
  3: "Education",
  4: "Health",
  5: "Consumer goods and automobiles",
  6: "Communication, broadcasting, entertainment, IT",
  7: "Tourism and leisure",
  8: "Food and beverages",
};

export const DND_SOURCES = { import: "Imported scrub file", operator: "Operator rejection" } as const;
export type DndSource = keyof typeof DND_SOURCES;

/** A number's entry on the account's DND list. */
export interface DndEntry {
  /** Preference categories 1-8; empty or containing 0 means fully blocked. */
  preferences: readonly number[];
  /** The customer's consent to this sender is recorded (DLT's digital consent): preferences do not apply. */
  consent: boolean;
}

export const isFullyBlocked = (preferences: readonly number[]): boolean =>
  preferences.length === 0 || preferences.includes(0);

/** Whether an SMS of `category` to a number with this entry (null: not on the list) is held back as DND. */
export function dndBlocks(category: SmsCategory, entry: DndEntry | null): boolean {
  const { scrub } = DND_RULES[category];
  if (scrub === "none" || !entry || entry.consent) return false;
  return scrub === "anyPreference" || isFullyBlocked(entry.preferences);
}

export const DND_MESSAGES = {
  blocked: (category: SmsCategory) =>
    category === "service-explicit"
      ? "The number is fully blocked on the DND list and has no recorded consent: service-explicit SMS are not delivered to it"
      : "The number is on the DND list (customer preferences) and has no recorded consent: promotional SMS are not delivered to it",
} as const;

/**
 * Receipt codes by which operators (through the SMS providers) say a message was refused for the customer's
 * preferences: NDNC is the national do-not-call registry's name in operators' reports ("NDNC REJECTED: DND
 * registered number"); HTTP aggregators report DND.
 */
export const DND_RECEIPT_CODES: readonly string[] = ["DND", "NDNC", "NDNC_REJECTED", "NDNC REJECTED", "DND_REJECTED"];

export const isDndReceiptCode = (code: string | null | undefined): boolean =>
  !!code && DND_RECEIPT_CODES.includes(code.trim().toUpperCase());
