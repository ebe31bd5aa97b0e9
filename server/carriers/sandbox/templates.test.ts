import { describe, expect, it } from "vitest";
import type { WaComponent } from "../../../contract/domain/whatsapp-template";
import type { TemplateSubmission } from "../carrier";
import { createSandboxCarrier } from ".";
import type { SandboxConfig } from "./config";
import { testSandboxConfig } from "./test-config";
import { DISABLED_SHARE, PAUSED_SHARE, reviewPlan } from "./templates";

const config: SandboxConfig = { ...testSandboxConfig("verdicts"), reviewMs: { min: 1000, max: 2000 } };

const submission = (
  body: string,
  extra: Partial<TemplateSubmission> = {},
  more: WaComponent[] = [],
): TemplateSubmission => {
  const count = (body.match(/\{\{\d+\}\}/g) ?? []).length;
  const examples = Array.from({ length: count }, (_, i) => `value${i + 1}`);
  return {
    channel: "whatsapp",
    wabaId: "waba-1",
    name: "order_update",
    language: "en_US",
    category: "UTILITY",
    components: [{ type: "BODY", text: body, example: { body_text: [examples] } }, ...more],
    ...extra,
  };
};

describe("sandbox template verdicts", () => {
  it.each<[string, TemplateSubmission, { status: string; category?: string; reason?: string }]>([
    [
      "a plain utility message",
      submission("Your order {{1}} has shipped and arrives on {{2}} as planned."),
      { status: "APPROVED", category: "UTILITY" },
    ],
    [
      "a variable at the very start",
      submission("{{1}} is your order number for this week."),
      { status: "REJECTED", reason: "INVALID_FORMAT: the body can't start or end with a variable." },
    ],
    [
      "a variable at the very end",
      submission("Thanks for shopping with us, see your order {{1}}."),
      { status: "REJECTED", reason: "INVALID_FORMAT: the body can't start or end with a variable." },
    ],
    [
      "a missing example",
      {
        ...submission("Hello there {{1}} and welcome back to the store."),
        components: [{ type: "BODY", text: "Hello there {{1}} and welcome back to the store." }],
      },
      { status: "REJECTED", reason: "INVALID_FORMAT: every variable needs an example value." },
    ],
    [
      "too many variables",
      submission("Hi {{1}} {{2}} {{3}} ok"),
      { status: "REJECTED", reason: "INVALID_FORMAT: too many variables for the length of the message." },
    ],
    [
      "a URL shortener in the body",
      submission("Track your parcel at bit.ly/abc whenever you like."),
      { status: "REJECTED", reason: "INVALID_FORMAT: URL shorteners (bit.ly) are not allowed; use your full domain." },
    ],
    [
      "a URL shortener in a button",
      submission("Track your parcel whenever you like.", {}, [
        { type: "BUTTONS", buttons: [{ type: "URL", text: "Track", url: "https://tinyurl.com/x" }] },
      ]),
      {
        status: "REJECTED",
        reason: "INVALID_FORMAT: URL shorteners (tinyurl.com) are not allowed; use your full domain.",
      },
    ],
    [
      "an authentication template with a URL button",
      submission("Your login code is ready to use now.", { category: "AUTHENTICATION" }, [
        { type: "BUTTONS", buttons: [{ type: "URL", text: "Open", url: "https://example.com" }] },
      ]),
      {
        status: "REJECTED",
        reason: "INCORRECT_CATEGORY: authentication templates can't contain URL buttons or media.",
      },
    ],
    [
      "a utility template with marketing words",
      submission("Your order {{1}} shipped. Enjoy 20% off your next purchase with this coupon today."),
      { status: "APPROVED", category: "MARKETING" },
    ],
    [
      "a marketing template stays marketing",
      submission("Big sale this weekend on every shoe in the store.", { category: "MARKETING" }),
      { status: "APPROVED", category: "MARKETING" },
    ],
  ])("%s", (_case, s, expected) => {
    expect(reviewPlan(config, s).verdict).toMatchObject(expected);
  });

  it("decides within the configured delay, the same way for the same submission", () => {
    const s = submission("Your order {{1}} has shipped and arrives on {{2}} as planned.");
    const plan = reviewPlan(config, s);
    expect(plan.decidedAfterMs).toBeGreaterThanOrEqual(1000);
    expect(plan.decidedAfterMs).toBeLessThanOrEqual(2000);
    expect(reviewPlan(config, s)).toEqual(plan);
  });

  it("pauses or disables a small seeded share of approved templates later", () => {
    const plans = Array.from({ length: 2000 }, (_, i) =>
      reviewPlan(config, submission("Your order has shipped and arrives soon.", { name: `t_${i}` })),
    );
    const later = plans.filter((p) => p.later);
    const disabled = later.filter((p) => p.later?.review.status === "DISABLED").length;
    expect(later.length / plans.length).toBeGreaterThan(PAUSED_SHARE / 2);
    expect(later.length / plans.length).toBeLessThan(PAUSED_SHARE * 1.5);
    expect(disabled).toBeGreaterThan(0);
    expect(disabled / plans.length).toBeLessThan(DISABLED_SHARE * 1.5);
    for (const p of later) expect(p.later?.afterMs).toBeGreaterThan(p.decidedAfterMs);
  });

  it("answers PENDING before the delay and the verdict after it, statelessly (a new carrier answers the same)", async () => {
    const s = submission("Your order {{1}} has shipped and arrives on {{2}} as planned.");
    const carrier = createSandboxCarrier(config);
    const { providerTemplateId, review } = await carrier.submitTemplate(s);
    expect(review.status).toBe("PENDING");
    expect(providerTemplateId).toMatch(/^sbx\d+$/);
    const { decidedAfterMs } = reviewPlan(config, s);
    const justNow = new Date();
    expect((await carrier.templateStatus({ providerTemplateId, submission: s, submittedAt: justNow })).status).toBe(
      "PENDING",
    );
    const restarted = createSandboxCarrier(config);
    const longAgo = new Date(Date.now() - decidedAfterMs - 10);
    expect((await restarted.templateStatus({ providerTemplateId, submission: s, submittedAt: longAgo })).status).toBe(
      "APPROVED",
    );
    await carrier.close();
    await restarted.close();
  });
});
