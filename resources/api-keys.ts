import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** API keys: 'api-management', and '/api', the path SPEC 2's route helpers use for the same screen. */
export const apiKeys: ResourceDef = {
  name: "api-keys",
  label: "API keys",
  icon: "api",
  module: "api",
  routes: [
    { path: "api-management", title: "API Control", areas: WORKSPACE, page: "list", menu: { order: 90 } },
    { path: "api", title: "API Control", areas: WORKSPACE, page: "list" },
  ],
  actions: {
    list: "apiKeys.list",
    create: "apiKeys.create",
    update: "apiKeys.update",
    delete: "apiKeys.delete",
  },
};
