import { WEBHOOK_ACTIVE, WEBHOOK_DESCRIPTION, WEBHOOK_EVENTS_FIELD, WEBHOOK_URL } from "./webhook-fields";

/** Changes to an endpoint: any of its fields (the secret changes only through rotate-secret). */
export const webhookEndpointUpdate = {
  title: "Edit webhook endpoint",
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    url: WEBHOOK_URL,
    events: WEBHOOK_EVENTS_FIELD,
    description: WEBHOOK_DESCRIPTION,
    active: WEBHOOK_ACTIVE,
  },
} as const;
