// The sandbox's template review: Meta's review simulated by written rules (docs/sandbox-carrier.md "Template review").
// Stateless on purpose: the verdict and its time follow from the submission, its time and the seed, so a template still
// PENDING when the server stopped gets the same verdict after a restart.
import { createHash } from "node:crypto";
import { variablesOf, type WaComponent } from "../../../contract/domain/whatsapp-template";
import type { TemplateReview, TemplateSubmission } from "../carrier";
import type { SandboxConfig } from "./config";
import type { SandboxContext } from "./context";
import { draw, drawInt } from "./random";

export const URL_SHORTENERS = [
  "bit.ly",
  "tinyurl.com",
  "goo.gl",
  "t.co",
  "ow.ly",
  "is.gd",
  "buff.ly",
  "cutt.ly",
  "rebrand.ly",
  "shorturl.at",
];
export const MARKETING_WORDS = [
  "offer",
  "sale",
  "discount",
  "% off",
  "deal",
  "promo",
  "coupon",
  "cashback",
  "free",
  "limited time",
  "buy now",
  "shop now",
  "exclusive",
];
/** Share of approved templates that the sandbox later pauses, and (of those) disables, as Meta does on poor quality. */
export const PAUSED_SHARE = 0.06;
export const DISABLED_SHARE = 0.03;

const components = (s: TemplateSubmission) => s.components as readonly WaComponent[];
const bodyOf = (s: TemplateSubmission) => components(s).find((c) => c.type === "BODY");
const keyOf = (s: TemplateSubmission) => `${s.wabaId}\u0000${s.name}\u0000${s.language}`;

function textsOf(s: TemplateSubmission): string[] {
  return components(s).flatMap((c) => {
    if (c.type === "BUTTONS") return c.buttons.map((b) => `${b.text} ${b.url ?? ""}`);
    return "text" in c && c.text ? [c.text] : [];
  });
}

/** The first written rule the submission breaks, as Meta words its reasons; undefined when none. */
export function rejectionReason(s: TemplateSubmission): string | undefined {
  const body = bodyOf(s);
  const text = body?.text ?? "";
  const vars = variablesOf(text);
  const examples = body?.example?.body_text?.[0] ?? [];
  if (vars.length > 0 && vars.some((_, i) => !examples[i]?.trim()))
    return "INVALID_FORMAT: every variable needs an example value.";
  if (/^\s*\{\{[^{}]*\}\}/.test(text) || /\{\{[^{}]*\}\}[\s.!?]*$/.test(text)) {
    return "INVALID_FORMAT: the body can't start or end with a variable.";
  }
  const words = text
    .replace(/\{\{[^{}]*\}\}/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  if (vars.length > 0 && words < 2 * vars.length + 1)
    return "INVALID_FORMAT: too many variables for the length of the message.";
  const all = textsOf(s).join(" ").toLowerCase();
  const shortener = URL_SHORTENERS.find((domain) =>
    new RegExp(`(^|[^a-z0-9.-])${domain.replace(".", "\\.")}(/|\\b)`).test(all),
  );
  if (shortener) return `INVALID_FORMAT: URL shorteners (${shortener}) are not allowed; use your full domain.`;
  if (s.category === "AUTHENTICATION") {
    const hasUrl = components(s).some((c) => c.type === "BUTTONS" && c.buttons.some((b) => b.type === "URL"));
    const hasMedia = components(s).some((c) => c.type === "HEADER" && c.format !== "TEXT");
    if (hasUrl || hasMedia) return "INCORRECT_CATEGORY: authentication templates can't contain URL buttons or media.";
  }
  return undefined;
}

/** A UTILITY template that reads like an advertisement is approved as MARKETING (Meta re-categorises since 2025). */
export function readsAsMarketing(s: TemplateSubmission): boolean {
  const all = textsOf(s).join(" ").toLowerCase();
  return MARKETING_WORDS.some((word) => all.includes(word));
}

export interface ReviewPlan {
  /** When the first verdict is known, ms after submission. */
  decidedAfterMs: number;
  verdict: TemplateReview;
  /** A later quality verdict (PAUSED/DISABLED), ms after submission. */
  later?: { afterMs: number; review: TemplateReview };
}

/** The whole course of one submission's review, decided by rules and the seed. */
export function reviewPlan(config: SandboxConfig, s: TemplateSubmission): ReviewPlan {
  const key = keyOf(s);
  const decidedAfterMs = drawInt(config.seed, `review-delay\u0000${key}`, config.reviewMs.min, config.reviewMs.max);
  const reason = rejectionReason(s);
  if (reason) return { decidedAfterMs, verdict: { status: "REJECTED", category: s.category, reason } };
  const category = s.category === "UTILITY" && readsAsMarketing(s) ? "MARKETING" : s.category;
  const verdict: TemplateReview = { status: "APPROVED", category };
  const health = draw(config.seed, `quality\u0000${key}`);
  if (health >= PAUSED_SHARE) return { decidedAfterMs, verdict };
  const afterMs = decidedAfterMs * 3 + 1;
  const review: TemplateReview =
    health < DISABLED_SHARE
      ? { status: "DISABLED", category, reason: "Disabled: the template's quality stayed low after it was paused." }
      : { status: "PAUSED", category, reason: "Paused: recipients reported or blocked this template too often." };
  return { decidedAfterMs, verdict, later: { afterMs, review } };
}

export async function sandboxSubmitTemplate(
  ctx: SandboxContext,
  template: TemplateSubmission,
): Promise<{ providerTemplateId: string; review: TemplateReview }> {
  const digest = createHash("sha256")
    .update(`${ctx.config.seed}\u0000${keyOf(template)}\u0000${Date.now()}`)
    .digest("hex");
  // Meta's template ids are long decimal strings; the prefix tells a sandbox id apart in logs.
  return {
    providerTemplateId: `sbx${BigInt(`0x${digest.slice(0, 15)}`).toString()}`,
    review: { status: "PENDING", category: template.category },
  };
}

export async function sandboxTemplateStatus(
  ctx: SandboxContext,
  ref: { providerTemplateId: string; submission: TemplateSubmission; submittedAt: Date },
  now: Date = new Date(),
): Promise<TemplateReview> {
  const plan = reviewPlan(ctx.config, ref.submission);
  const elapsed = now.getTime() - ref.submittedAt.getTime();
  if (elapsed < plan.decidedAfterMs) return { status: "PENDING", category: ref.submission.category };
  if (plan.later && elapsed >= plan.later.afterMs) return plan.later.review;
  return plan.verdict;
}
