import { rcsGoogleConnect } from "./rcs-google-connect";

const { bot_id: _bot, ...fields } = rcsGoogleConnect.properties;

/**
 * Editing a Google RBM connection: its name, agent and throughput, and the key or client token only when they change
 * (neither is shown again, so an absent one keeps the stored one). The bot stays: another bot is another connection.
 * Checked with a token grant and a capability call before anything is saved.
 */
export const rcsGoogleEdit = {
  title: "Edit a Google RBM agent",
  type: "object",
  additionalProperties: false,
  required: ["name", "agent_id"],
  properties: fields,
} as const;
