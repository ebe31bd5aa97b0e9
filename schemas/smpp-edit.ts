import { smppConnect } from "./smpp-connect";

/**
 * Editing an SMPP connection: every setting as on connect, the password only when it changes (it is never shown
 * again, so an absent one keeps the stored one). Checked with a bind and an unbind before anything is saved.
 */
export const smppEdit = {
  ...smppConnect,
  title: "Edit an SMPP provider",
  required: ["name", "sender_ids", "host", "port", "system_id"],
} as const;
