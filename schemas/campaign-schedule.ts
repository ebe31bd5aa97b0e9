import { TIME_ZONE } from "./fields";

export const campaignSchedule = {
  title: "Schedule campaign",
  type: "object",
  additionalProperties: false,
  required: ["scheduledAt", "timeZone"],
  properties: {
    scheduledAt: { type: "string", title: "Send at", format: "date-time" },
    timeZone: TIME_ZONE,
  },
} as const;
