import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** Live chat. Messages arrive over the real-time connection (SPEC 7), not the call table. */
export const conversations: ResourceDef = {
  name: "conversations",
  label: "Conversations",
  icon: "chat",
  module: "chat",
  routes: [
    { path: "chats", title: "Conversations", areas: WORKSPACE, page: "list", menu: { order: 80 } },
    // A tester writes as a customer (sandbox carrier): reached from the inbox's header, not the sidebar.
    { path: "chats/phone", title: "Simulated phone", areas: WORKSPACE, page: "phone" },
  ],
  actions: {},
};
