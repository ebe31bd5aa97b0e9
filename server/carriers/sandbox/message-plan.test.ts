import { describe, expect, it } from "vitest";
import type { Channel, MessageContent, OutboundMessage } from "../carrier";
import { planMessage, type PlannedStep, type SendPlan } from "./message-plan";
import { failureCodes } from "./provider-errors";
import { REPLY_TEXTS } from "./reply-texts";
import { testSandboxConfig } from "./test-config";

const TEXT: MessageContent = { kind: "text", text: "Your order has shipped" };
const TEMPLATE: MessageContent = { kind: "template", templateName: "order_update", language: "en", params: ["42"] };

function message(
  id: string,
  channel: Channel = "whatsapp",
  to = "+919876543210",
  content: MessageContent = TEXT,
): OutboundMessage {
  return { id, channel, from: "sender-1", to, content };
}

function accepted(plan: SendPlan): Extract<SendPlan, { accepted: true }> {
  if (!plan.accepted) throw new Error(`refused: ${plan.code} ${plan.reason}`);
  return plan;
}

const statuses = (plan: SendPlan) =>
  accepted(plan).steps.map((step) => (step.kind === "receipt" ? step.status : step.kind));
const terminal = (plan: SendPlan) =>
  statuses(plan).find((status) => status === "delivered" || status === "failed") ?? "unconfirmed";

/** Shares of outcomes over n message ids, in percent. */
function shares(n: number, channel: Channel, seed = "test-seed", overrides = {}) {
  const config = testSandboxConfig(seed, overrides);
  const count = { delivered: 0, failed: 0, unconfirmed: 0, read: 0, reply: 0 };
  for (let i = 0; i < n; i++) {
    const plan = planMessage(config, message(`msg-${i}`, channel));
    const seen = statuses(plan);
    count[terminal(plan)]++;
    if (seen.includes("read")) count.read++;
    if (seen.includes("reply")) count.reply++;
  }
  return {
    delivered: (100 * count.delivered) / n,
    failed: (100 * count.failed) / n,
    unconfirmed: (100 * count.unconfirmed) / n,
    readOfDelivered: (100 * count.read) / count.delivered,
    replyOfDelivered: (100 * count.reply) / count.delivered,
  };
}

describe("message outcomes over 10,000 ids", () => {
  // Tolerances are about four standard deviations of a binomial share at n = 10,000 (93 %: ±0.26 pp per σ).
  it.each(["whatsapp", "rcs"] as const)(
    "%s: of 100, 93 delivered, 4 failed, 3 never confirmed; of the delivered, 40 in 100 read and 5 reply",
    (channel) => {
      const found = shares(10_000, channel);
      expect(found.delivered).toBeGreaterThan(92);
      expect(found.delivered).toBeLessThan(94);
      expect(Math.abs(found.failed - 4)).toBeLessThan(0.8);
      expect(Math.abs(found.unconfirmed - 3)).toBeLessThan(0.7);
      expect(Math.abs(found.readOfDelivered - 40)).toBeLessThan(2);
      expect(Math.abs(found.replyOfDelivered - 5)).toBeLessThan(0.9);
    },
  );

  it("sms has no read receipts but the same delivery and reply shares", () => {
    const found = shares(10_000, "sms");
    expect(Math.abs(found.delivered - 93)).toBeLessThan(1);
    expect(found.readOfDelivered).toBe(0);
    expect(Math.abs(found.replyOfDelivered - 5)).toBeLessThan(0.9);
  });

  it("follows configured rates", () => {
    const found = shares(10_000, "whatsapp", "test-seed", {
      deliveredPercent: 50,
      failedPercent: 30,
      readPercent: 80,
      replyPercent: 20,
    });
    expect(Math.abs(found.delivered - 50)).toBeLessThan(2);
    expect(Math.abs(found.failed - 30)).toBeLessThan(2);
    expect(Math.abs(found.unconfirmed - 20)).toBeLessThan(2);
    expect(Math.abs(found.readOfDelivered - 80)).toBeLessThan(2.5);
    expect(Math.abs(found.replyOfDelivered - 20)).toBeLessThan(2.5);
  });
});

describe("tracked links", () => {
  const LINK = "https://s.in/l/AbCdEfGh1234";
  const withLink = (i: number, channel: Channel): OutboundMessage =>
    message(`link-${i}`, channel, "+919876543210", { kind: "text", text: `Your order: ${LINK} - ACME` });

  it.each(["sms", "whatsapp", "rcs"] as const)(
    "%s: about 20 in 100 delivered messages with a short link are opened, after delivery; none without one",
    (channel) => {
      const config = testSandboxConfig("test-seed");
      let delivered = 0;
      let opened = 0;
      for (let i = 0; i < 5_000; i++) {
        const seen = statuses(planMessage(config, withLink(i, channel)));
        const steps = accepted(planMessage(config, withLink(i, channel))).steps;
        if (seen.includes("delivered")) delivered++;
        const click = steps.find((s) => s.kind === "click");
        if (click) {
          opened++;
          expect(click).toMatchObject({ url: LINK });
          expect(seen.indexOf("click")).toBeGreaterThan(seen.indexOf("delivered"));
          expect(seen.indexOf("delivered")).toBeGreaterThanOrEqual(0);
        }
        expect(statuses(planMessage(config, message(`plain-${i}`, channel)))).not.toContain("click");
      }
      expect(Math.abs((100 * opened) / delivered - 20)).toBeLessThan(2.5);
    },
  );

  it("SANDBOX_CLICK_PERCENT 0 opens none", () => {
    const config = testSandboxConfig("test-seed", { clickPercent: 0 });
    for (let i = 0; i < 500; i++) expect(statuses(planMessage(config, withLink(i, "sms")))).not.toContain("click");
  });
});

describe("determinism", () => {
  const ids = Array.from({ length: 500 }, (_, i) => `det-${i}`);
  const plans = (seed: string) => ids.map((id) => planMessage(testSandboxConfig(seed), message(id)));

  it("the same seed and id give the same plan, provider id and delays included", () => {
    expect(plans("alpha")).toEqual(plans("alpha"));
  });

  it("another seed gives other fates", () => {
    const a = plans("alpha");
    const b = plans("beta");
    const differentOutcome = a.filter(
      (plan, i) => JSON.stringify(statuses(plan)) !== JSON.stringify(statuses(b[i])),
    ).length;
    expect(differentOutcome).toBeGreaterThan(100);
    expect(a.every((plan, i) => accepted(plan).providerMessageId !== accepted(b[i]).providerMessageId)).toBe(true);
  });
});

describe("a plan's shape", () => {
  const config = testSandboxConfig();
  const plans = Array.from({ length: 2000 }, (_, i) =>
    accepted(planMessage(config, message(`shape-${i}`, "whatsapp", "+919876543210", i % 2 ? TEXT : TEMPLATE))),
  );

  it("starts with sent, then at most one delivered or failed; read and replies only after delivered", () => {
    for (const plan of plans) {
      const seen = statuses(plan);
      expect(seen[0]).toBe("sent");
      const rest = seen.slice(1);
      if (rest.length > 0) expect(["delivered", "failed"]).toContain(rest[0]);
      if (rest[0] !== "delivered") expect(rest.length).toBeLessThanOrEqual(1);
      // A reply is read first (WhatsApp and RCS).
      if (seen.includes("reply")) expect(seen.indexOf("read")).toBe(seen.indexOf("reply") - 1);
    }
  });

  it("delays stay in the configured ranges", () => {
    const { sentMs, deliveryMs, replyMs } = config.messages;
    for (const plan of plans) {
      const [sent, settled] = plan.steps;
      expect(sent.afterMs).toBeGreaterThanOrEqual(sentMs.min);
      expect(sent.afterMs).toBeLessThanOrEqual(sentMs.max);
      if (settled) {
        expect(settled.afterMs).toBeGreaterThanOrEqual(deliveryMs.min);
        expect(settled.afterMs).toBeLessThanOrEqual(deliveryMs.max);
      }
      const afterDelivery = plan.steps.slice(2).reduce((sum, step) => sum + step.afterMs, 0);
      if (plan.steps.some((step) => step.kind === "reply")) {
        expect(afterDelivery).toBeGreaterThanOrEqual(replyMs.min);
        expect(afterDelivery).toBeLessThanOrEqual(replyMs.max);
      }
    }
  });

  it("failures carry a provider code of the channel and content; replies a plausible text", () => {
    const isFailure = (step: PlannedStep): step is Extract<PlannedStep, { kind: "receipt" }> =>
      step.kind === "receipt" && step.status === "failed";
    const failures = plans.flatMap((plan, i) =>
      plan.steps.filter(isFailure).map(({ code, reason }) => ({ code, reason, content: i % 2 ? TEXT : TEMPLATE })),
    );
    expect(failures.length).toBeGreaterThan(40);
    for (const { code, reason, content } of failures)
      expect(failureCodes("whatsapp", content)).toContainEqual({ code, reason });
    // Free-form messages can miss the 24-hour window; templates cannot.
    expect(failures.some(({ code, content }) => content === TEXT && code === "131047")).toBe(true);
    expect(failures.some(({ code, content }) => content === TEMPLATE && code === "131047")).toBe(false);
    const replies = plans.flatMap((plan) => plan.steps.filter((step) => step.kind === "reply"));
    expect(replies.length).toBeGreaterThan(40);
    for (const reply of replies) expect(REPLY_TEXTS).toContain(reply.kind === "reply" ? reply.text : "");
  });

  it.each([
    ["whatsapp", /^wamid\.[A-Za-z0-9_-]{40,}$/],
    ["sms", /^[0-9a-f]{20}$/],
    ["rcs", /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/],
  ] as const)("%s provider message ids look like the provider's", (channel, pattern) => {
    expect(accepted(planMessage(config, message("id-1", channel, "+919000000055"))).providerMessageId).toMatch(pattern);
  });
});

describe("special numbers", () => {
  const config = testSandboxConfig();
  const plan = (to: string, channel: Channel = "whatsapp", i = 0) =>
    planMessage(config, message(`special-${channel}-${to}-${i}`, channel, to));

  it.each([
    ["+919000000003", "whatsapp", ["sent", "delivered"]],
    ["+919000000003", "sms", ["sent", "delivered"]],
    ["+919000000041", "whatsapp", ["sent", "failed"]],
    ["+919000000041", "sms", ["sent", "failed"]],
    ["+919000000041", "rcs", ["sent", "failed"]],
    ["+919000000052", "rcs", ["sent", "delivered", "read"]],
    ["+919000000052", "sms", ["sent", "delivered"]],
    ["+919000000067", "whatsapp", ["sent", "delivered", "read", "reply"]],
    ["+919000000067", "sms", ["sent", "delivered", "reply"]],
    ["+919000000074", "whatsapp", ["sent"]],
    ["+919000000074", "rcs", ["sent"]],
  ] as const)("%s on %s always plays %j", (to, channel, expected) => {
    for (let i = 0; i < 50; i++) expect(statuses(plan(to, channel, i))).toEqual(expected);
  });

  it.each([
    ["+919000000015", "whatsapp", "131026"],
    ["+919000000022", "rcs", "404"],
    ["+919000000038", "rcs", "403"],
    ["12345", "whatsapp", "100"],
    ["12345", "sms", "ESME_RINVDSTADR"],
    ["12345", "rcs", "400"],
  ] as const)("%s on %s is refused at submit with %s, not retryable", (to, channel, code) => {
    expect(plan(to, channel)).toMatchObject({ accepted: false, code, retryable: false });
  });

  it.each([
    ["+919000000015", "sms"],
    ["+919000000015", "rcs"],
    ["+919000000022", "whatsapp"],
    ["+919000000038", "sms"],
  ] as const)(
    "%s is only special on its own channel: %s accepts it and always delivers (a fallback's outcome is known)",
    (to, channel) => {
      for (let i = 0; i < 50; i++) expect(statuses(plan(to, channel, i))).toEqual(["sent", "delivered"]);
    },
  );

  it("a reply comes from the recipient in E.164, whatever spelling the message used", () => {
    expect(accepted(plan("90000 00061", "sms")).recipient).toBe("+919000000061");
  });
});
