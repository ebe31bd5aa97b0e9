import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/**
 * Outbound webhooks, in API Control beside the API keys: the endpoints of the caller's own account and each one's
 * delivery log (`?endpointId=`). The calls take every role; the screens live where API Control does.
 */
export const webhooks: ResourceDef = {
  name: "webhooks",
  label: "Webhooks",
  icon: "api",
  module: "api",
  routes: [
    { path: "api-management/webhooks", title: "Webhooks", areas: WORKSPACE, page: "list" },
    { path: "api-management/webhooks/deliveries", title: "Delivery Log", areas: WORKSPACE, page: "deliveries" },
  ],
  totalKey: "total",
  actions: {
    list: "webhooks.list",
    show: "webhooks.get",
    create: "webhooks.create",
    update: "webhooks.update",
    delete: "webhooks.delete",
  },
};
