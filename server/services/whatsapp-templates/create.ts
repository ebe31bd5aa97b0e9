import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { WaTemplateRow } from "../../../contract/calls/whatsapp-template-records";
import { checkMedia, type MediaKind } from "../../../contract/domain/media";
import {
  checkWhatsAppTemplate,
  headerMediaFormat,
  type WaComponent,
  type WaTemplateCategory,
} from "../../../contract/domain/whatsapp-template";
import { MSG } from "../../../contract/messages";
import type { Carrier } from "../../carriers";
import type { Db } from "../../db/client";
import { whatsappTemplates } from "../../db/schema";
import { badRequest, conflict, HttpError, joinFieldErrors } from "../../http/errors";
import { sniffMimeType, type Storage } from "../../storage";
import type { TemplateForm, UploadedFile } from "./form";
import { toRecord } from "./record";
import { requireWaba } from "./wabas";

export interface CreateDeps {
  db: Db;
  carrier: Carrier;
  storage: Storage;
}

const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);

/** The header file, checked against WhatsApp's media rules by its sniffed type; undefined when the header is text. */
async function headerMedia(components: readonly WaComponent[], file: UploadedFile | undefined) {
  const format = headerMediaFormat(components);
  if (!format) {
    if (file) throw fieldError("file", "is only accepted with an image, video or document header");
    return undefined;
  }
  const kind = format.toLowerCase() as MediaKind;
  if (!file) throw fieldError("file", `Upload the header ${kind}`);
  const mimeType = await sniffMimeType(file.bytes);
  const verdict = checkMedia("whatsapp", mimeType, file.bytes.length, kind);
  if (!verdict.ok || !mimeType) throw fieldError("file", verdict.ok ? "is of an unknown type" : verdict.message);
  return { ...file, mimeType };
}

const withHandle = (components: readonly WaComponent[], handle: string): WaComponent[] =>
  components.map((c) =>
    c.type === "HEADER" && c.format !== "TEXT" ? { ...c, example: { header_handle: [handle] } } : c,
  );

/**
 * Checks Meta's rules, uploads the header media, submits the template to the carrier and records it PENDING (the
 * review job takes it from there). A refusal at any step leaves no row and no stored file behind.
 */
export async function createTemplate(
  { db, carrier, storage }: CreateDeps,
  userId: string,
  form: TemplateForm,
  file?: UploadedFile,
): Promise<WaTemplateRow> {
  await requireWaba(db, userId, form.waba_id);
  const components = form.components as WaComponent[];
  const issues = checkWhatsAppTemplate({ ...form, components });
  if (issues.length) throw badRequest(joinFieldErrors(issues), issues);
  const media = await headerMedia(components, file);
  const same = and(
    eq(whatsappTemplates.wabaId, form.waba_id),
    eq(whatsappTemplates.name, form.name),
    eq(whatsappTemplates.language, form.language),
  );
  const taken = () =>
    conflict(`A template named ${form.name} in ${form.language} already exists in this WhatsApp Business Account`);
  if ((await db.select({ id: whatsappTemplates.id }).from(whatsappTemplates).where(same).limit(1)).length)
    throw taken();

  const category = form.category as WaTemplateCategory;
  let submitted = components;
  let mediaKey: string | undefined;
  try {
    if (media) {
      mediaKey = `templates/${userId}/${randomUUID()}`;
      await storage.put(mediaKey, media.bytes, media.mimeType);
      const { handle } = await carrier.uploadMedia({
        channel: "whatsapp",
        owner: form.waba_id,
        bytes: media.bytes,
        mimeType: media.mimeType,
        fileName: media.fileName,
      });
      submitted = withHandle(components, handle);
    }
    const submittedAt = new Date();
    const { providerTemplateId, review } = await carrier.submitTemplate({
      channel: "whatsapp",
      wabaId: form.waba_id,
      name: form.name,
      language: form.language,
      category,
      components: submitted,
    });
    const [row] = await db
      .insert(whatsappTemplates)
      .values({
        userId,
        wabaId: form.waba_id,
        name: form.name,
        language: form.language,
        category: review.category ?? category,
        requestedCategory: category,
        status: review.status,
        reason: review.reason,
        components: submitted,
        providerTemplateId,
        headerMediaKey: mediaKey,
        submittedAt,
        nextCheckAt: submittedAt,
        // Millisecond times from here, not now() (microseconds): the paging cursor carries a JS date and must match
        // exactly.
        createdAt: submittedAt,
        updatedAt: submittedAt,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw taken();
    return toRecord(row);
  } catch (error) {
    if (mediaKey) await storage.delete(mediaKey).catch(() => undefined);
    if (error instanceof HttpError) throw error;
    // The provider's failure is ours to log, the caller gets SPEC 8's message.
    throw Object.assign(
      new HttpError(502, media && submitted === components ? MSG.uploadTemplateMedia : MSG.createTemplate),
      { cause: error },
    );
  }
}

/** Deletes every language of the name in the WABA (as Meta does); the header files go with them. */
export async function deleteTemplate(
  { db, storage }: Omit<CreateDeps, "carrier">,
  userId: string,
  wabaId: string,
  name: string,
): Promise<number> {
  await requireWaba(db, userId, wabaId);
  const rows = await db
    .delete(whatsappTemplates)
    .where(
      and(eq(whatsappTemplates.userId, userId), eq(whatsappTemplates.wabaId, wabaId), eq(whatsappTemplates.name, name)),
    )
    .returning({ key: whatsappTemplates.headerMediaKey });
  await Promise.all(rows.map((r) => (r.key ? storage.delete(r.key).catch(() => undefined) : undefined)));
  return rows.length;
}
