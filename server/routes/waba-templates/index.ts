import { callerOf } from "../../auth/guard";
import { notFound } from "../../http/errors";
import { createTemplate, deleteTemplate } from "../../services/whatsapp-templates/create";
import { templateHeaderFile } from "../../services/whatsapp-templates/header-file";
import { readTemplateForm } from "../../services/whatsapp-templates/form";
import { listTemplates } from "../../services/whatsapp-templates/list";
import type { Handlers } from "../context";
import { attachment } from "../uploads/serve";

export const wabaTemplateHandlers: Handlers = {
  "waba.templates.list": async (request, _reply, { db }) => listTemplates(db, callerOf(request).id, request.query),

  "waba.templates.create": async (request, reply, { db, carrier, storage }) => {
    const { form, file } = await readTemplateForm(request);
    const data = await createTemplate({ db, carrier, storage }, callerOf(request).id, form, file);
    reply.status(201);
    return { success: true, message: "Template submitted for review", data };
  },

  "waba.templates.delete": async (request, _reply, { db, storage }) => {
    const name = request.query.templateName;
    const deleted = await deleteTemplate({ db, storage }, callerOf(request).id, request.body.waba_id, name);
    if (!deleted) throw notFound(`Template ${name} not found`);
    return { success: true, message: `Template ${name} deleted` };
  },

  "waba.templates.headerMedia": async (request, reply, { db, storage }) => {
    const file = await templateHeaderFile(db, storage, callerOf(request), request.params.id);
    // Images and videos show inline (the previews); a PDF or anything unrecognised downloads, never runs in our origin.
    const inline = file.kind === "image" || file.kind === "video";
    return reply
      .header("content-type", file.mimeType)
      .header("x-content-type-options", "nosniff")
      .header("content-disposition", inline ? "inline" : attachment(file.fileName))
      .header("cache-control", "private, no-cache")
      .send(file.stream);
  },
};
