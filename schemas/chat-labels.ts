import { CONVERSATION_LABEL_BULK_MAX } from "../contract/domain/inbox-views";
import { CONTACT_LABEL_LIST } from "./contact-fields";

/**
 * Labels put on and taken off conversations (one from the thread, many from the list's selection): they land on the
 * customers' contacts, where an account's labels live.
 */
export const chatLabels = {
  title: "Label conversations",
  type: "object",
  additionalProperties: false,
  required: ["ids"],
  properties: {
    ids: {
      type: "array",
      title: "Conversations",
      minItems: 1,
      maxItems: CONVERSATION_LABEL_BULK_MAX,
      uniqueItems: true,
      items: { type: "string", minLength: 1, maxLength: 36 },
    },
    add: { ...CONTACT_LABEL_LIST, title: "Add labels" },
    remove: { ...CONTACT_LABEL_LIST, title: "Remove labels" },
  },
} as const;
