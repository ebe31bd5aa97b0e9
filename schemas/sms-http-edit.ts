import { smsHttpConnect } from "./sms-http-connect";

/**
 * Editing an HTTP SMS connection: every setting as on connect, the API key only when it changes (it is never shown
 * again, so an absent one keeps the stored one). Checked with the provider before anything is saved.
 */
export const smsHttpEdit = {
  ...smsHttpConnect,
  title: "Edit an HTTP SMS provider",
  required: [
    "name",
    "sender_ids",
    "url",
    "auth_header",
    "body_template",
    "message_id_path",
    "dlr_id_path",
    "dlr_status_path",
    "dlr_delivered",
    "dlr_failed",
  ],
} as const;
