import type { TemplateReview, TemplateSubmission } from "../carrier";
import type { SandboxContext } from "./context";
import { notBuilt } from "./not-built";

export async function sandboxSubmitTemplate(_ctx: SandboxContext, _template: TemplateSubmission): Promise<{ providerTemplateId: string; review: TemplateReview }> {
  return notBuilt("template submission");
}

export async function sandboxTemplateStatus(
  _ctx: SandboxContext,
  _ref: { providerTemplateId: string; submission: TemplateSubmission; submittedAt: Date },
): Promise<TemplateReview> {
  return notBuilt("template review");
}
