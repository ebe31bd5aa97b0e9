import { USER_ID } from "./fields";
import { RCS_BOT_FIELDS } from "./rcs-bot-fields";

/**
 * The admin's create-rcs-bot body: the account the bot belongs to and its registration fields. The billing category is
 * here only: Google fixes it when the agent is created, so update-bot has no such field.
 */
export const rcsBot = {
  title: "Create RCS bot",
  type: "object",
  additionalProperties: false,
  required: [
    "userId",
    "name",
    "description",
    "useCase",
    "brandColor",
    "logoUrl",
    "phone",
    "website",
    "privacyUrl",
    "termsUrl",
  ],
  properties: {
    userId: { ...USER_ID, title: "Account" },
    ...RCS_BOT_FIELDS,
    billingCategory: {
      type: "string",
      title: "Billing category",
      enum: ["non_conversational", "conversational"],
      default: "non_conversational",
      description:
        "As chosen at Google, fixed once created. Non-conversational: per message; conversational: per 24-hour conversation after a reply.",
    },
  },
} as const;
