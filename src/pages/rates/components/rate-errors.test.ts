import { describe, expect, it } from "vitest";
import { rateCardRefusal } from "./rate-errors";

// What a refused rate-card save says: the form's words, never the server's field paths.
describe("rateCardRefusal", () => {
  it.each([
    [{ "rates.sms": ["must be >= 0"] }, "The SMS rate cannot be negative."],
    [{ "rates.whatsapp_marketing": ["must be <= 100"] }, "The WhatsApp marketing rate can be at most ₹100."],
    [
      { "rates.sms": ["must have at most two decimal places"] },
      "The SMS rate can have at most two decimals (whole paise).",
    ],
    [{ "rates.rcs": ["must be number"] }, "The RCS single message rate must be an amount in rupees, such as 0.25."],
    [
      { "rates.sms": ["The SMS rate is below your own cost of ₹0.20"] },
      "The SMS rate is below your own cost of ₹0.20.",
    ],
    [{ rates: ["must NOT have fewer than 1 properties"] }, "Enter at least one rate to change."],
    [{ effectiveFrom: ["cannot be in the past"] }, "The effective date cannot be in the past."],
    [
      { "rates.sms": ["must be >= 0"], "rates.rcs": ["must be <= 100"] },
      "The SMS rate cannot be negative. The RCS single message rate can be at most ₹100.",
    ],
  ])("%o → %s", (errors, expected) => {
    const said = rateCardRefusal({ message: "rates.sms: must be >= 0", errors }, "Something went wrong");
    expect(said).toBe(expected);
    expect(said).not.toMatch(/rates\.|effectiveFrom/);
  });

  it("keeps a message without field errors, and falls back when there is none", () => {
    expect(rateCardRefusal({ message: "Account not found" }, "x")).toBe("Account not found");
    expect(rateCardRefusal(undefined, "Something went wrong")).toBe("Something went wrong");
  });
});
