// The header media of a workflow's "Send template" steps: checked on publish against the owner's templates and
// uploads, and at send time prepared as campaigns prepare theirs (services/campaigns/header-media.ts: the file is
// handed to the carrier's message media upload and the send names the media id).
import { and, eq, inArray } from "drizzle-orm";
import { checkMedia, type MediaKind } from "../../../contract/domain/media";
import { nodeSpec } from "../../../contract/domain/workflow-nodes";
import type { GraphProblem, WorkflowGraph } from "../../../contract/domain/workflow-graph";
import { HEADER_MEDIA_STEPS, headerMediaProblems } from "../../../contract/domain/workflow-header-media";
import { headerMediaFormat } from "../../../contract/domain/whatsapp-template";
import type { TemplateHeaderMedia } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { uploads, whatsappTemplates } from "../../db/schema";
import { isUuid } from "../caller";
import {
  campaignHeaderMedia,
  HeaderMediaUnavailable,
  templateHeaderSource,
  type HeaderMediaDeps,
} from "../campaigns/header-media";

type TemplateRow = typeof whatsappTemplates.$inferSelect;
type UploadRow = typeof uploads.$inferSelect;

const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** The owner's WhatsApp upload by id, or undefined (another account's, another channel's, or none). */
async function ownUpload(db: Db, ownerId: string, id: string): Promise<UploadRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, ownerId), eq(uploads.channel, "whatsapp")));
  return row;
}

/** Why a chosen file cannot be a template's header, or null when it can. */
function uploadProblem(upload: UploadRow | undefined, template: TemplateRow | undefined): string | null {
  if (!upload) return "is not one of your WhatsApp files; choose it again";
  const format = template ? headerMediaFormat(template.components) : undefined;
  if (!template || !format) return null;
  const verdict = checkMedia("whatsapp", upload.mimeType, upload.size, format.toLowerCase() as MediaKind);
  return verdict.ok ? null : `cannot be sent: ${verdict.message}`;
}

/** Publish checks of the send-template steps' header media, with the owner's stored templates and files. */
export async function templateHeaderProblems(db: Db, ownerId: string, graph: WorkflowGraph): Promise<GraphProblem[]> {
  const steps = graph.nodes.filter((n) => HEADER_MEDIA_STEPS.has(n.type) && str(n.data.templateName));
  if (steps.length === 0) return [];
  const names = [...new Set(steps.map((n) => str(n.data.templateName)))];
  const templates = await db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.userId, ownerId), inArray(whatsappTemplates.name, names)));
  const facts = templates.map((t) => ({
    name: t.name,
    format: headerMediaFormat(t.components),
    ownFile: templateHeaderSource(t) !== undefined,
  }));
  const problems = headerMediaProblems(graph, facts);
  for (const node of steps) {
    const chosen = str(node.data.headerMediaId);
    if (!chosen) continue;
    const name = str(node.data.templateName);
    const problem = uploadProblem(
      await ownUpload(db, ownerId, chosen),
      templates.find((t) => t.name === name && headerMediaFormat(t.components)),
    );
    if (problem)
      problems.push({
        severity: "error",
        code: "bad-field",
        nodeId: node.id,
        field: "headerMediaId",
        message: `${node.label || nodeSpec(node.type)?.label || "Send template"}: the header media of ${name} ${problem}`,
      });
  }
  return problems;
}

/**
 * The header to send with a step's template, or undefined when its header is text or none: the step's chosen file,
 * else the template's own. A file that cannot be used is the step's error (HeaderMediaUnavailable's message).
 */
export async function stepHeaderMedia(
  deps: HeaderMediaDeps & { db: Db },
  ownerId: string,
  templateId: string,
  headerMediaId: string,
): Promise<TemplateHeaderMedia | undefined> {
  const [template] = await deps.db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.id, templateId), eq(whatsappTemplates.userId, ownerId)));
  if (!template || !headerMediaFormat(template.components)) return undefined;
  let headerMedia = null;
  if (headerMediaId) {
    const upload = await ownUpload(deps.db, ownerId, headerMediaId);
    const problem = uploadProblem(upload, template);
    if (problem || !upload)
      throw new HeaderMediaUnavailable(`The header media of ${template.name} ${problem ?? ""}`.trim());
    headerMedia = {
      uploadId: upload.id,
      storageKey: upload.storageKey,
      mimeType: upload.mimeType,
      fileName: upload.originalName,
    };
  }
  return campaignHeaderMedia(deps, { wabaId: template.wabaId, headerMedia }, template);
}
