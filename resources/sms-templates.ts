import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

export const smsTemplates: ResourceDef = {
  name: "sms-templates",
  label: "SMS templates",
  icon: "template",
  module: "template",
  routes: [
    {
      path: "manage-templates/sms",
      title: "SMS Templates",
      areas: WORKSPACE,
      page: "list",
      // Editing opens over the list (a drawer with its own URL); a new template gets the full create-sms page.
      children: [{ path: "edit/:id", title: "Edit SMS Template", page: "edit" }],
    },
    { path: "manage-templates/create-sms", title: "New SMS Template", areas: WORKSPACE, page: "create" },
  ],
  actions: {
    list: "sms.templates.list",
    show: "sms.templates.get",
    create: "sms.templates.create",
    update: "sms.templates.update",
  },
};
