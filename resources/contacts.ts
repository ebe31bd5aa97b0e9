import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/**
 * The account's contacts (issue 39), opened from Campaign Management as the suppression and DND lists are (SPEC 2's
 * sidebar is fixed). A manager's users and department heads work on the manager's contacts.
 */
export const contacts: ResourceDef = {
  name: "contacts",
  label: "Contacts",
  icon: "campaign",
  module: "campaign",
  routes: [
    { path: "campaigns/contacts", title: "Contacts", areas: WORKSPACE, page: "list" },
    // Segments (issue 39, item 4): opened from the Contacts screen, no sidebar entry of its own.
    { path: "campaigns/contacts/segments", title: "Segments", areas: WORKSPACE, page: "segments" },
  ],
  actions: {
    list: "contacts.list",
    show: "contacts.get",
    create: "contacts.create",
    update: "contacts.update",
  },
};
