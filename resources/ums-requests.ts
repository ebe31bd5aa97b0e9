import type { ResourceDef } from "./types";

/** Requests made with an API key, and their messages. */
export const umsRequests: ResourceDef = {
  name: "ums-requests",
  label: "API requests",
  icon: "api",
  module: "api",
  routes: [],
  actions: { list: "ums.requests", show: "ums.request" },
  shownIn: "api-keys",
};
