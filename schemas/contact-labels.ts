import { CONTACT_IDS, CONTACT_LABEL_LIST } from "./contact-fields";

/** Labels added to and taken off several contacts at once (at least one of the two lists). */
export const contactLabels = {
  title: "Change labels",
  type: "object",
  additionalProperties: false,
  required: ["ids"],
  properties: {
    ids: CONTACT_IDS,
    add: { ...CONTACT_LABEL_LIST, title: "Add labels" },
    remove: { ...CONTACT_LABEL_LIST, title: "Remove labels" },
  },
} as const;
