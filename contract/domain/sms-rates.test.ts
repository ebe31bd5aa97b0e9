import { describe, expect, it } from "vitest";
import { chargeFor, DEFAULT_RATES, smsRateKey, withSmsFallback, type RateKey, type Rates } from "./charging";
import { resolveRates, type RateCardRow, type RateSource } from "./rate-cards";

// SMS rates by DLT template category (issue 37): the category picks the rate key, and a card that does not set a
// category's rate prices it at its own "sms", so cards and stored campaign rates from before keep their price.

const row = (key: RateKey, paise: number, effectiveFrom = "2026-01-01"): RateCardRow => ({ key, paise, effectiveFrom });
const AT = new Date("2026-06-15T00:00:00Z");

describe("smsRateKey: the DLT category picks the SMS rate", () => {
  it.each([
    ["transactional", "sms_transactional"],
    ["service-implicit", "sms_service_implicit"],
    ["service-explicit", "sms_service_explicit"],
    ["promotional", "sms_promotional"],
    [undefined, "sms"],
    [null, "sms"],
    ["", "sms"],
    ["PROMOTIONAL", "sms"],
    ["marketing", "sms"],
  ] as const)("%s → %s", (category, key) => {
    expect(smsRateKey(category)).toBe(key);
  });
});

describe("withSmsFallback: a category a card leaves unset costs its sms", () => {
  it.each([
    ["only sms set: every category at it", { sms: 30 }, { sms_promotional: 30, sms_transactional: 30 }],
    [
      "a category set keeps its own",
      { sms: 30, sms_promotional: 45 },
      { sms_promotional: 45, sms_service_explicit: 30 },
    ],
    ["a zero category is a rate, not unset", { sms: 30, sms_transactional: 0 }, { sms_transactional: 0 }],
    ["no sms: nothing filled", { sms_promotional: 45 }, { sms_promotional: 45, sms_transactional: undefined }],
    ["other keys untouched", { sms: 30, rcs: 10 }, { rcs: 10, whatsapp_marketing: undefined }],
  ] as const)("%s", (_name, card, expected) => {
    const filled: Partial<Record<RateKey, number>> = withSmsFallback({ ...card });
    for (const [key, paise] of Object.entries(expected)) expect(filled[key as RateKey]).toBe(paise);
  });

  it("defaults price every category as SMS today", () => {
    for (const key of ["sms_transactional", "sms_service_implicit", "sms_service_explicit", "sms_promotional"] as const)
      expect(DEFAULT_RATES[key]).toBe(DEFAULT_RATES.sms);
  });
});

describe("chargeFor: an SMS is priced at its category's rate, per part", () => {
  const rates: Rates = {
    ...DEFAULT_RATES,
    sms: 20,
    sms_transactional: 21,
    sms_service_implicit: 22,
    sms_service_explicit: 23,
    sms_promotional: 40,
  };
  it.each([
    ["no template", undefined, "a", 20, "sms"],
    ["transactional", "transactional", "a", 21, "sms_transactional"],
    ["service implicit", "service-implicit", "a", 22, "sms_service_implicit"],
    ["service explicit", "service-explicit", "a", 23, "sms_service_explicit"],
    ["promotional, one part", "promotional", "a", 40, "sms_promotional"],
    ["promotional, two parts", "promotional", "a".repeat(161), 80, "sms_promotional"],
  ] as const)("%s", (_name, category, text, paise, rateKey) => {
    const charge = chargeFor({ channel: "sms", text, category }, rates);
    expect({ paise: charge.paise, rateKey: charge.rateKey }).toEqual({ paise, rateKey });
  });

  it("rates stored before the categories, filled, keep the SMS price", () => {
    const { sms_promotional: _p, sms_transactional: _t, ...old } = { ...DEFAULT_RATES, sms: 33 };
    const charge = chargeFor({ channel: "sms", text: "a", category: "promotional" }, withSmsFallback(old as Rates));
    expect(charge.paise).toBe(33);
  });
});

describe("resolveRates: the fallback is per card, before the next card is asked", () => {
  const cases: {
    name: string;
    global?: Partial<Record<RateKey, number>>;
    reseller?: RateCardRow[];
    account?: RateCardRow[];
    paise: number;
    source: RateSource;
  }[] = [
    { name: "nothing set: the default", paise: DEFAULT_RATES.sms_promotional, source: "default" },
    { name: "global sms only", global: { sms: 28 }, paise: 28, source: "global" },
    { name: "global promotional", global: { sms: 28, sms_promotional: 35 }, paise: 35, source: "global" },
    {
      name: "an account card with only sms keeps pricing every SMS at it (over a global promotional rate)",
      global: { sms_promotional: 35 },
      account: [row("sms", 30)],
      paise: 30,
      source: "account",
    },
    {
      name: "the account's own promotional rate over its sms",
      account: [row("sms", 30), row("sms_promotional", 50)],
      paise: 50,
      source: "account",
    },
    {
      name: "a reseller's customer card with a promotional rate, the account's card silent",
      reseller: [row("sms", 26), row("sms_promotional", 45)],
      paise: 45,
      source: "reseller",
    },
    {
      name: "a promotional rate not yet effective: the card's sms",
      account: [row("sms", 30), row("sms_promotional", 50, "2026-07-01")],
      paise: 30,
      source: "account",
    },
  ];
  it.each(cases)("$name", ({ global = {}, reseller = [], account = [], paise, source }) => {
    const resolved = resolveRates({ global, reseller, account, at: AT });
    expect(resolved.rates.sms_promotional).toBe(paise);
    expect(resolved.sources.sms_promotional).toBe(source);
  });
});
