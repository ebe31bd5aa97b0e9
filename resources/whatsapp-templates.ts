import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

export const whatsappTemplates: ResourceDef = {
  name: "whatsapp-templates",
  label: "WhatsApp templates",
  icon: "template",
  module: "template",
  routes: [
    { path: "manage-templates/whatsapp", title: "WhatsApp Templates", areas: WORKSPACE, page: "list" },
    {
      path: "manage-templates/whatsapp/whatsapp-template-creation",
      title: "New WhatsApp Template",
      areas: WORKSPACE,
      page: "create",
    },
  ],
  actions: {
    list: "waba.templates.list",
    create: "waba.templates.create",
    delete: "waba.templates.delete",
  },
};
