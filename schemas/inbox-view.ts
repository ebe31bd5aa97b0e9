import { CONTACT_LABEL_MAX_LENGTH } from "../contract/domain/contacts";
import { CONVERSATION_SCOPES, CONVERSATION_STATUSES } from "../contract/domain/chats";
import { CONVERSATION_SORTS, INBOX_VIEW_NAME_MAX, WAITING_MINUTES_MAX } from "../contract/domain/inbox-views";

/** A saved inbox view: a name and the list's filters (each optional; none is the whole inbox). */
export const inboxView = {
  title: "Save view",
  type: "object",
  additionalProperties: false,
  required: ["name", "filter"],
  properties: {
    name: { type: "string", title: "Name", minLength: 1, maxLength: INBOX_VIEW_NAME_MAX, pattern: "\\S" },
    filter: {
      type: "object",
      title: "Filters",
      additionalProperties: false,
      properties: {
        channel: { type: "string", enum: ["whatsapp", "sms", "rcs"] },
        scope: { type: "string", enum: CONVERSATION_SCOPES },
        status: { type: "string", enum: CONVERSATION_STATUSES },
        agentId: { type: "string", minLength: 1, maxLength: 36 },
        label: { type: "string", minLength: 1, maxLength: CONTACT_LABEL_MAX_LENGTH },
        unread: { type: "boolean" },
        slaBreached: { type: "boolean" },
        waitingMinutes: { type: "integer", minimum: 1, maximum: WAITING_MINUTES_MAX },
        // "recent" is the default order: accepted, stored as no sort.
        sort: { type: "string", enum: CONVERSATION_SORTS },
      },
    },
  },
} as const;
