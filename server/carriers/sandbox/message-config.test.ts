import { describe, expect, it } from "vitest";
import { MESSAGE_DEFAULTS, sandboxMessageConfigFromEnv } from "./message-config";

describe("SANDBOX_* message settings", () => {
  it("an empty environment gives the documented defaults", () => {
    expect(sandboxMessageConfigFromEnv({})).toEqual(MESSAGE_DEFAULTS);
    expect(MESSAGE_DEFAULTS).toMatchObject({
      deliveredPercent: 93,
      failedPercent: 4,
      readPercent: 40,
      replyPercent: 5,
      rcsCapablePercent: 85,
    });
    expect(MESSAGE_DEFAULTS.perSecond.whatsapp).toBe(80);
  });

  it.each([
    ["SANDBOX_DELIVERED_PERCENT", "80", { deliveredPercent: 80 }],
    ["SANDBOX_FAILED_PERCENT", "7", { failedPercent: 7 }],
    ["SANDBOX_READ_PERCENT", "0", { readPercent: 0 }],
    ["SANDBOX_REPLY_PERCENT", "100", { replyPercent: 100 }],
    ["SANDBOX_CLICK_PERCENT", "0", { clickPercent: 0 }],
    ["SANDBOX_RCS_CAPABLE_PERCENT", "12.5", { rcsCapablePercent: 12.5 }],
    ["SANDBOX_SENT_MS", "5-10", { sentMs: { min: 5, max: 10 } }],
    ["SANDBOX_DELIVERY_MS", "300", { deliveryMs: { min: 300, max: 300 } }],
    ["SANDBOX_READ_MS", "0-0", { readMs: { min: 0, max: 0 } }],
    ["SANDBOX_REPLY_MS", "1000 - 2000", { replyMs: { min: 1000, max: 2000 } }],
    ["SANDBOX_CLICK_MS", "10-20", { clickMs: { min: 10, max: 20 } }],
    ["SANDBOX_WHATSAPP_MPS", "250", { perSecond: { whatsapp: 250, sms: 100, rcs: 100 } }],
    ["SANDBOX_SMS_MPS", "30", { perSecond: { whatsapp: 80, sms: 30, rcs: 100 } }],
    ["SANDBOX_RCS_MPS", "10", { perSecond: { whatsapp: 80, sms: 100, rcs: 10 } }],
    ["SANDBOX_REMEMBER_IDS", "500", { rememberIds: 500 }],
  ])("%s=%s", (name, value, expected) => {
    expect(sandboxMessageConfigFromEnv({ [name]: value })).toEqual({ ...MESSAGE_DEFAULTS, ...expected });
  });

  it.each([
    [{ SANDBOX_DELIVERED_PERCENT: "101" }, /SANDBOX_DELIVERED_PERCENT must be a percentage/],
    [{ SANDBOX_READ_PERCENT: "lots" }, /SANDBOX_READ_PERCENT must be a percentage/],
    [{ SANDBOX_DELIVERED_PERCENT: "97", SANDBOX_FAILED_PERCENT: "4" }, /at most 100/],
    [{ SANDBOX_SENT_MS: "10-5" }, /SANDBOX_SENT_MS must be "min-max"/],
    [{ SANDBOX_REPLY_MS: "-5" }, /SANDBOX_REPLY_MS must be "min-max"/],
    [{ SANDBOX_WHATSAPP_MPS: "0" }, /SANDBOX_WHATSAPP_MPS must be a whole number/],
    [{ SANDBOX_REMEMBER_IDS: "1.5" }, /SANDBOX_REMEMBER_IDS must be a whole number/],
  ])("refuses %j", (env, message) => {
    expect(() => sandboxMessageConfigFromEnv(env)).toThrow(message);
  });
});
