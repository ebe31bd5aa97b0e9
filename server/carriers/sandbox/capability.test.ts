import { describe, expect, it } from "vitest";
import { createSandboxCarrier } from "./index";
import { testSandboxConfig } from "./test-config";

describe("sandbox capability check", () => {
  const carrier = createSandboxCarrier(testSandboxConfig());

  it.each([
    ["whatsapp", "+919000000013", { capable: false, reason: "not-on-channel" }],
    ["whatsapp", "90000 00013", { capable: false, reason: "not-on-channel" }],
    ["rcs", "+919000000013", { capable: true }],
    ["rcs", "+919000000027", { capable: false, reason: "not-on-channel" }],
    ["rcs", "09000000027", { capable: false, reason: "not-on-channel" }],
    ["whatsapp", "+919000000027", { capable: true }],
    ["rcs", "+919000000034", { capable: false, reason: "not-launched-on-carrier" }],
    ["rcs", "+91 90000 00046", { capable: true }],
    ["rcs", "+919000000070", { capable: true }],
    ["whatsapp", "12345", { capable: false, reason: "unknown" }],
    ["rcs", "hello", { capable: false, reason: "unknown" }],
    ["rcs", "", { capable: false, reason: "unknown" }],
  ] as const)("%s %s → %j", async (channel, to, expected) => {
    expect(await carrier.checkCapability({ channel, to, from: "bot-1" })).toEqual(expected);
  });

  function share(seed: string, rcsCapablePercent?: number) {
    const seeded = createSandboxCarrier(
      testSandboxConfig(seed, rcsCapablePercent === undefined ? {} : { rcsCapablePercent }),
    );
    const numbers = Array.from({ length: 10_000 }, (_, i) => `+9198${String(i).padStart(8, "0")}`);
    return Promise.all(numbers.map((to) => seeded.checkCapability({ channel: "rcs", to }))).then((answers) => ({
      percent: (100 * answers.filter((answer) => answer.capable).length) / numbers.length,
      answers,
    }));
  }

  it("about 85 % of ordinary numbers are RCS-capable, the rest not-on-channel; all are on WhatsApp", async () => {
    const { percent, answers } = await share("test-seed");
    expect(Math.abs(percent - 85)).toBeLessThan(1.5);
    expect(
      answers
        .filter((answer) => !answer.capable)
        .every((answer) => !answer.capable && answer.reason === "not-on-channel"),
    ).toBe(true);
    expect(await carrier.checkCapability({ channel: "whatsapp", to: "+919812345678" })).toEqual({ capable: true });
  });

  it("follows SANDBOX_RCS_CAPABLE_PERCENT and the seed", async () => {
    expect(Math.abs((await share("test-seed", 30)).percent - 30)).toBeLessThan(1.5);
    const [a, again, b] = await Promise.all([share("one"), share("one"), share("two")]);
    expect(again.answers).toEqual(a.answers);
    expect(b.answers).not.toEqual(a.answers);
  });

  it("answers the same for any spelling of a number, and send agrees with it", async () => {
    const seeded = createSandboxCarrier(testSandboxConfig("agree", { rcsCapablePercent: 50 }));
    for (let i = 0; i < 200; i++) {
      const national = `98${String(i).padStart(8, "0")}`;
      const spelled = await seeded.checkCapability({ channel: "rcs", to: `0${national}` });
      expect(await seeded.checkCapability({ channel: "rcs", to: `+91 ${national}` })).toEqual(spelled);
      const sent = await seeded.send({
        id: `agree-${i}`,
        channel: "rcs",
        from: `bot-${i}`,
        to: national,
        content: { kind: "text", text: "Hi" },
      });
      expect(sent.accepted).toBe(spelled.capable);
      if (!sent.accepted) expect(sent.code).toBe("404");
    }
    await seeded.close();
  });
});
