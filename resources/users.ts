import { MANAGER, OPERATOR, WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

const RECORD_FORMS = [
  { path: "create", title: "Create user", page: "create" },
  { path: "edit/:id", title: "Edit user", page: "edit" },
] as const;

/** Accounts: Users Management (admin, reseller), User Administration and Sub-Account Management (manager). */
export const users: ResourceDef = {
  name: "users",
  label: "Users",
  icon: "users",
  routes: [
    {
      path: "users",
      title: "Users Management",
      areas: OPERATOR,
      page: "list",
      menu: { order: 30 },
      children: RECORD_FORMS,
    },
    {
      path: "users",
      title: "User Administration",
      areas: WORKSPACE,
      allow: MANAGER,
      page: "list",
      menu: { order: 220, group: "workspace-settings" },
      children: RECORD_FORMS,
    },
    {
      path: "sub-users",
      title: "Sub-Account Management",
      areas: WORKSPACE,
      allow: MANAGER,
      page: "list",
      menu: { order: 230, group: "workspace-settings" },
    },
  ],
  actions: {
    list: "users.list",
    create: "auth.register",
    update: "users.update",
  },
  listKey: "users",
  idField: "userId",
};
