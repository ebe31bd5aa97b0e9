import { describe, expect, it } from "vitest";
import { FAILOVER_TTL_MS } from "../../../contract/domain/campaigns";
import { DISPATCH_DEFAULTS, dispatchOverridesFromEnv, senderRate, settingsOf } from "./dispatch-settings";

describe("dispatch settings from the environment", () => {
  it("DISPATCH_FAILOVER_TTL_MS sets the failover TTL; unset keeps the contract's default; junk is refused", () => {
    expect(settingsOf(dispatchOverridesFromEnv({ DISPATCH_FAILOVER_TTL_MS: "250" })).failoverTtlMs).toBe(250);
    expect(settingsOf(dispatchOverridesFromEnv({})).failoverTtlMs).toBe(FAILOVER_TTL_MS);
    expect(() => dispatchOverridesFromEnv({ DISPATCH_FAILOVER_TTL_MS: "soon" })).toThrow(/DISPATCH_FAILOVER_TTL_MS/);
  });

  it("DISPATCH_STATUS_MS sets how stale a sending campaign's status may be (default 200 ms)", () => {
    expect(settingsOf(dispatchOverridesFromEnv({ DISPATCH_STATUS_MS: "10000" })).statusMs).toBe(10_000);
    expect(settingsOf(dispatchOverridesFromEnv({})).statusMs).toBe(200);
    expect(() => dispatchOverridesFromEnv({ DISPATCH_STATUS_MS: "0" })).toThrow(/DISPATCH_STATUS_MS/);
  });

  it.each([
    // the sender's own rate, the channel, DISPATCH_*_MPS, the rate it is paced at (and the throttle's maximum)
    [25, "whatsapp", {}, 25],
    [undefined, "whatsapp", {}, DISPATCH_DEFAULTS.perSecond.whatsapp],
    [undefined, "sms", { DISPATCH_SMS_MPS: "7" }, 7],
    [undefined, "rcs", { DISPATCH_SMS_MPS: "7" }, DISPATCH_DEFAULTS.perSecond.rcs],
    [40, "sms", { DISPATCH_SMS_MPS: "7" }, 40],
  ] as const)("a sender with rate %s on %s under %j is paced at %i a second", (perSecond, channel, env, rate) => {
    expect(senderRate({ perSecond }, channel, settingsOf(dispatchOverridesFromEnv(env)))).toBe(rate);
  });
});
