import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** Communication Channels: the overview of every channel's integration. */
export const channels: ResourceDef = {
  name: "channels",
  label: "Channels",
  icon: "channels",
  routes: [{ path: "channels", title: "Communication Channels", areas: WORKSPACE, page: "list", menu: { order: 30 } }],
  actions: { list: "channels.getIntegrations", update: "channels.updateIntegrations" },
};
