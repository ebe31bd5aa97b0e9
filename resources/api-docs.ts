import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** How to call the public API from your own systems: Swagger UI and curl examples with one of your keys. */
export const apiDocs: ResourceDef = {
  name: "api-docs",
  label: "API docs",
  icon: "api",
  module: "api",
  routes: [{ path: "api-management/docs", title: "API Docs", areas: WORKSPACE, page: "index" }],
  actions: { list: "apiKeys.list" },
};
