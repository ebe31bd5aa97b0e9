// Templates through the WABA's message_templates edge: create (answered PENDING with Meta's id), read one's status
// (GET /{template-id}: the review job's poll, since webhooks get lost), list and delete by name. Verdicts also come
// by the message_template_status_update webhook (webhooks.ts).
import type { ProviderTemplate, TemplateReview, TemplateStatus, TemplateSubmission } from "../carrier";
import type { CloudContext } from "./context";
import { disconnect } from "./context";
import { behaviourOf } from "./errors";
import { graph, GraphError } from "./graph";

type Category = TemplateSubmission["category"];

interface MetaTemplate {
  id: string;
  name?: string;
  language?: string;
  status?: string;
  category?: string;
  rejected_reason?: string;
  components?: unknown[];
}

const CATEGORIES: readonly Category[] = ["MARKETING", "UTILITY", "AUTHENTICATION"];

/** Meta's statuses as ours: an appeal is still under review, a flagged template still sends, a deleted one does not. */
export function statusOf(meta: string | undefined): TemplateStatus {
  switch (meta) {
    case "APPROVED":
    case "FLAGGED":
    case "REINSTATED":
      return "APPROVED";
    case "REJECTED":
    case "LIMIT_EXCEEDED":
      return "REJECTED";
    case "PAUSED":
      return "PAUSED";
    case "DISABLED":
    case "DELETED":
    case "PENDING_DELETION":
    case "ARCHIVED":
      return "DISABLED";
    default:
      return "PENDING";
  }
}

export const categoryOf = (meta: string | undefined): Category | undefined =>
  CATEGORIES.find((c) => c === meta?.toUpperCase());

export function reviewOf(t: Pick<MetaTemplate, "status" | "category" | "rejected_reason">): TemplateReview {
  const category = categoryOf(t.category);
  const reason = t.rejected_reason && t.rejected_reason !== "NONE" ? t.rejected_reason : undefined;
  return { status: statusOf(t.status), ...(category ? { category } : {}), ...(reason ? { reason } : {}) };
}

/** Runs a management call; Meta's refusal of the token disconnects the channel like a send's would. */
async function call<T>(ctx: CloudContext, request: Parameters<typeof graph>[1]): Promise<T> {
  try {
    const answer = await graph<T>(ctx.config, { ...request, token: ctx.channel.secrets.accessToken });
    ctx.health.success();
    return answer;
  } catch (error) {
    if (error instanceof GraphError) {
      const behaviour = behaviourOf(error.code, error.message, error.details);
      if (behaviour.disconnect) disconnect(ctx, String(error.code), behaviour.reason);
      else ctx.health.failure({ code: String(error.code), message: behaviour.reason });
    } else ctx.health.failure({ code: "network", message: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

export async function cloudSubmitTemplate(
  ctx: CloudContext,
  template: TemplateSubmission,
): Promise<{ providerTemplateId: string; review: TemplateReview }> {
  const answer = await call<MetaTemplate>(ctx, {
    method: "POST",
    path: `/${template.wabaId}/message_templates`,
    json: {
      name: template.name,
      language: template.language,
      category: template.category,
      components: template.components,
    },
  });
  return {
    providerTemplateId: String(answer.id),
    review: reviewOf({ ...answer, category: answer.category ?? template.category }),
  };
}

export async function cloudTemplateStatus(
  ctx: CloudContext,
  ref: { providerTemplateId: string },
): Promise<TemplateReview> {
  const answer = await call<MetaTemplate>(ctx, {
    method: "GET",
    path: `/${ref.providerTemplateId}`,
    query: { fields: "id,name,status,category,rejected_reason" },
  });
  return reviewOf(answer);
}

/** Every page of the WABA's templates. */
export async function cloudListTemplates(ctx: CloudContext, wabaId: string): Promise<ProviderTemplate[]> {
  const out: ProviderTemplate[] = [];
  let after: string | undefined;
  for (let page = 0; page < 50; page++) {
    const answer = await call<{ data: MetaTemplate[]; paging?: { cursors?: { after?: string }; next?: string } }>(ctx, {
      method: "GET",
      path: `/${wabaId}/message_templates`,
      query: { fields: "id,name,language,status,category,rejected_reason,components", limit: 100, after },
    });
    for (const t of answer.data) {
      out.push({
        providerTemplateId: String(t.id),
        name: t.name ?? "",
        language: t.language ?? "",
        category: categoryOf(t.category) ?? "MARKETING",
        review: reviewOf(t),
        components: t.components ?? [],
      });
    }
    after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
    if (!after) break;
  }
  return out;
}

export async function cloudDeleteTemplate(ctx: CloudContext, ref: { wabaId: string; name: string }): Promise<void> {
  await call<{ success: boolean }>(ctx, {
    method: "DELETE",
    path: `/${ref.wabaId}/message_templates`,
    query: { name: ref.name },
  });
}

export { call as cloudCall };
