import { callerOf } from "../../auth/guard";
import { pageWindow } from "../../services/paging";
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listBots,
  listTemplates,
  updateTemplate,
} from "../../services/rcs-templates";
import { libraryTemplate, listLibrary } from "../../services/template-library";
import type { Handlers } from "../context";

export const rcsTemplateHandlers: Handlers = {
  "rcsTemplates.list": async (request, _reply, { db }) =>
    listTemplates(db, callerOf(request), pageWindow(request.query), request.query),
  "rcsTemplates.bots": async (request, _reply, { db }) => ({
    success: true,
    data: await listBots(db, callerOf(request)),
  }),
  "rcsTemplates.get": async (request, _reply, { db }) => ({
    success: true,
    data: await getTemplate(db, callerOf(request), request.params.id),
  }),
  "rcsTemplates.create": async (request, reply, { db }) => {
    const data = await createTemplate(db, callerOf(request), request.body);
    reply.status(201);
    return { success: true, message: `Template "${data.name}" saved`, data };
  },
  "rcsTemplates.update": async (request, _reply, { db }) => {
    const data = await updateTemplate(db, callerOf(request), request.params.id, request.body);
    return { success: true, message: `Template "${data.name}" updated`, data };
  },
  "rcsTemplates.delete": async (request, _reply, { db }) => {
    const name = await deleteTemplate(db, callerOf(request), request.params.id);
    return { success: true, message: `Template "${name}" deleted` };
  },
  "templateLibrary.list": async (request) => {
    const data = listLibrary(request.query);
    return { success: true, count: data.length, data };
  },
  "templateLibrary.get": async (request) => ({ success: true, data: libraryTemplate(request.params.id) }),
};
