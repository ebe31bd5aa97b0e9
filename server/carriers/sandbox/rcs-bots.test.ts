import { describe, expect, it } from "vitest";
import { RCS_CARRIERS } from "../../../contract/domain/rcs-bots";
import { createSandboxCarrier } from ".";
import { sandboxConfigFromEnv } from "./config";
import type { SandboxContext } from "./context";
import { launchOf, RCS_REJECT_REASONS } from "./rcs-bots";

const config = { ...sandboxConfigFromEnv({}), rcsLaunchMs: { min: 1000, max: 5000 } };
const ctx: SandboxContext = { config, emit: async () => undefined, later: () => undefined };
const ids = Array.from({ length: 200 }, (_, i) => `bot-${i}`);

describe("sandbox RCS launch states", () => {
  it("registers a bot UNLAUNCHED on every carrier, with a provider id of its own", async () => {
    const carrier = createSandboxCarrier(config);
    const a = await carrier.registerRcsBot({ name: "A", description: "a", useCase: "OTP", brandColor: "#112233" });
    const b = await carrier.registerRcsBot({ name: "B", description: "b", useCase: "OTP", brandColor: "#112233" });
    expect(a.providerBotId).not.toBe(b.providerBotId);
    expect(Object.keys(a.launch)).toEqual([...RCS_CARRIERS]);
    // A pending time drawn as 0 would already be PENDING at registration; everything else starts unlaunched.
    expect(Object.values(a.launch).every((l) => l.state === "UNLAUNCHED" || l.state === "PENDING")).toBe(true);
    await carrier.close();
  });

  it("is the same for the same seed, bot and time (stateless across restarts)", async () => {
    const ref = { providerBotId: "sandbox-rbm-fixed", registeredAt: new Date(Date.now() - 3000) };
    const first = await createSandboxCarrier(config).rcsLaunchState(ref);
    const again = await createSandboxCarrier(config).rcsLaunchState(ref);
    expect(again).toEqual(first);
    const other = ids.map((id) => launchOf({ ...ctx, config: { ...config, seed: "another" } }, id, "Jio", 6000).state);
    expect(other).not.toEqual(ids.map((id) => launchOf(ctx, id, "Jio", 6000).state));
  });

  it.each(RCS_CARRIERS)("%s: UNLAUNCHED → PENDING → a verdict, never going back", (carrier) => {
    const order = ["UNLAUNCHED", "PENDING", "LAUNCHED"];
    for (const id of ids) {
      const states = [0, 500, 1000, 2500, 5000, 60000].map((t) => launchOf(ctx, id, carrier, t));
      const ranks = states.map((s) => (s.state === "REJECTED" ? 2 : order.indexOf(s.state)));
      expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
      expect(states[0].state === "UNLAUNCHED" || states[0].state === "PENDING").toBe(true);
      expect(["LAUNCHED", "REJECTED"]).toContain(states[5].state);
    }
  });

  it("launches most bots and rejects some, each rejection with a reason", () => {
    const verdicts = ids.map((id) => launchOf(ctx, id, "Airtel", 5000));
    const rejected = verdicts.filter((v) => v.state === "REJECTED");
    expect(verdicts.filter((v) => v.state === "LAUNCHED").length).toBeGreaterThan(150);
    expect(rejected.length).toBeGreaterThan(5);
    for (const r of rejected) expect(RCS_REJECT_REASONS).toContain(r.reason);
  });
});
