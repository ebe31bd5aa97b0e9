import { describe, expect, it } from "vitest";
import { DEFAULT_RATES, type RateKey } from "./charging";
import { belowCost, costOfCharge, effectiveAt, resolveRates, type RateCardRow, type RateSource } from "./rate-cards";

const row = (key: RateKey, paise: number, effectiveFrom: string): RateCardRow => ({ key, paise, effectiveFrom });
const AT = new Date("2026-06-15T00:00:00Z");

describe("resolveRates: account → reseller's customer card → global → default, per key", () => {
  const cases: {
    name: string;
    global?: Partial<Record<RateKey, number>>;
    reseller?: RateCardRow[];
    organization?: RateCardRow[];
    account?: RateCardRow[];
    key: RateKey;
    paise: number;
    source: RateSource;
  }[] = [
    { name: "nothing set: the default", key: "sms", paise: DEFAULT_RATES.sms, source: "default" },
    { name: "global set", global: { sms: 20 }, key: "sms", paise: 20, source: "global" },
    {
      name: "reseller's card over global",
      global: { sms: 20 },
      reseller: [row("sms", 30, "2026-01-01")],
      key: "sms",
      paise: 30,
      source: "reseller",
    },
    {
      name: "account's card over reseller's",
      global: { sms: 20 },
      reseller: [row("sms", 30, "2026-01-01")],
      account: [row("sms", 35, "2026-01-01")],
      key: "sms",
      paise: 35,
      source: "account",
    },
    {
      name: "the organization's card over the reseller's",
      reseller: [row("sms", 30, "2026-01-01")],
      organization: [row("sms", 32, "2026-01-01")],
      key: "sms",
      paise: 32,
      source: "organization",
    },
    {
      name: "the account's card over its organization's",
      organization: [row("sms", 32, "2026-01-01")],
      account: [row("sms", 33, "2026-01-01")],
      key: "sms",
      paise: 33,
      source: "account",
    },
    {
      name: "an account row not yet effective is ignored",
      global: { sms: 20 },
      account: [row("sms", 35, "2026-07-01")],
      key: "sms",
      paise: 20,
      source: "global",
    },
    {
      name: "latest effective row at or before the moment wins",
      account: [row("sms", 35, "2026-01-01"), row("sms", 40, "2026-06-15T00:00:00Z"), row("sms", 50, "2026-07-01")],
      key: "sms",
      paise: 40,
      source: "account",
    },
    {
      name: "order of rows does not matter",
      account: [row("sms", 40, "2026-03-01"), row("sms", 35, "2026-01-01")],
      key: "sms",
      paise: 40,
      source: "account",
    },
    {
      name: "another key's row does not apply",
      account: [row("whatsapp_marketing", 99, "2026-01-01")],
      global: { sms: 22 },
      key: "sms",
      paise: 22,
      source: "global",
    },
    {
      name: "a zero rate on a card is a rate (not unset)",
      global: { whatsapp_service: 5 },
      account: [row("whatsapp_service", 0, "2026-01-01")],
      key: "whatsapp_service",
      paise: 0,
      source: "account",
    },
  ];
  it.each(cases)("$name", ({ global = {}, reseller = [], organization = [], account = [], key, paise, source }) => {
    const resolved = resolveRates({ global, reseller, organization, account, at: AT });
    expect(resolved.rates[key]).toBe(paise);
    expect(resolved.sources[key]).toBe(source);
  });

  it("keeps the global SMS billing basis", () => {
    const { rates } = resolveRates({ global: {}, smsBilledOn: "delivered", reseller: [], account: [], at: AT });
    expect(rates.smsBilledOn).toBe("delivered");
  });
});

describe("effectiveAt", () => {
  it("returns only keys with an effective row", () => {
    expect(effectiveAt([row("rcs", 10, "2027-01-01"), row("sms", 12, "2026-01-01")], AT)).toEqual({ sms: 12 });
  });
});

describe("belowCost and costOfCharge", () => {
  it.each([
    [{ sms: 24 }, ["sms"]],
    [{ sms: 25 }, []],
    [{ sms: 30, rcs: 10 }, ["rcs"]],
  ] as const)("rates %o below the cost → %o", (rates, keys) => {
    expect(belowCost(rates, { ...DEFAULT_RATES, sms: 25, rcs: 30 })).toEqual(keys);
  });
  it.each([
    [90, 30, 25, 75],
    [0, 30, 25, 0],
    [88, 88, 70, 70],
    [10, 0, 5, 0],
  ])("charged %i at rate %i, cost rate %i → %i", (charged, rate, cost, expected) => {
    expect(costOfCharge(charged, rate, cost)).toBe(expected);
  });
});
