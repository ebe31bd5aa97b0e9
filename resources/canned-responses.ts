import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** The account's canned responses (issue 40 item 2), typed with / in the composer. */
export const cannedResponses: ResourceDef = {
  name: "canned-responses",
  label: "Canned responses",
  icon: "chat",
  module: "chat",
  // Opened from the Conversations header (SPEC 2's sidebar is fixed); live agents read it, the account's people edit.
  routes: [{ path: "chats/canned-responses", title: "Canned Responses", areas: WORKSPACE, page: "list" }],
  actions: {
    list: "chats.cannedList",
    create: "chats.cannedCreate",
    update: "chats.cannedUpdate",
    delete: "chats.cannedDelete",
  },
};
