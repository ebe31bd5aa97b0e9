import { callerOf } from "../../auth/guard";
import { notFound } from "../../http/errors";
import { createTemplate, deleteTemplate } from "../../services/whatsapp-templates/create";
import { readTemplateForm } from "../../services/whatsapp-templates/form";
import { listTemplates } from "../../services/whatsapp-templates/list";
import type { Handlers } from "../context";

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
};
