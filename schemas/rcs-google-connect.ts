import { WHATSAPP_CLOUD_FIELDS } from "./whatsapp-cloud-fields";

/**
 * Connecting a Google RCS Business Messaging agent for one of the caller's RCS bots: the agent's id, the service
 * account's JSON key (the RBM API's credentials) and the client token Google shows beside the webhook, checked with a
 * token grant and a capability call before saving.
 */
export const rcsGoogleConnect = {
  title: "Connect Google RCS Business Messaging",
  type: "object",
  additionalProperties: false,
  required: ["name", "bot_id", "agent_id", "service_account_key", "client_token"],
  properties: {
    name: WHATSAPP_CLOUD_FIELDS.name,
    bot_id: {
      type: "string",
      title: "RCS bot",
      description: "The bot whose campaigns and chats go out through this agent; other bots keep using the sandbox",
      pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
    },
    agent_id: {
      type: "string",
      title: "Agent id",
      description: "As Google's Business Communications console shows it, e.g. acme-bot or acme-bot@rbm.goog",
      minLength: 1,
      maxLength: 120,
      pattern: "^[a-z0-9][a-z0-9_-]*(@rbm\\.goog)?$",
    },
    service_account_key: {
      type: "string",
      title: "Service-account key (JSON)",
      description: "The whole key file of the service account Google Cloud made for your RBM agent",
      minLength: 2,
      maxLength: 10000,
    },
    client_token: {
      type: "string",
      title: "Webhook client token",
      description: "The clientToken Google shows when you configure the webhook",
      minLength: 8,
      maxLength: 256,
      pattern: "^[^\\s]+$",
    },
    messages_per_second: {
      type: "integer",
      title: "Throughput (messages per second)",
      description: "What Google allows your agent; leave empty for the server's default",
      minimum: 1,
      maximum: 10000,
    },
  },
} as const;
