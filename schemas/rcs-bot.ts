import { USER_ID } from "./fields";
import { RCS_BOT_FIELDS } from "./rcs-bot-fields";

/** The admin's create-rcs-bot body: the account the bot belongs to and its registration fields. */
export const rcsBot = {
  "title": "Create RCS bot",
  "type": "object",
  "additionalProperties": false,
  "required": ["userId", "name", "description", "useCase", "brandColor", "logoUrl", "phone", "website", "privacyUrl", "termsUrl"],
  "properties": {
    "userId": { ...USER_ID, "title": "Account" },
    ...RCS_BOT_FIELDS
  }
} as const;
