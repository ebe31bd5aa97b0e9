import { RCS_BOT_FIELDS } from "./rcs-bot-fields";

/** The admin's update-bot body: the bot's id and the fields that change (the account stays). */
export const rcsBotUpdate = {
  title: "Edit RCS bot",
  type: "object",
  additionalProperties: false,
  required: ["botId"],
  minProperties: 2,
  properties: {
    botId: { type: "string", title: "Bot", minLength: 1, maxLength: 64, pattern: "^[^\\u0000]*$" },
    ...RCS_BOT_FIELDS,
  },
} as const;
