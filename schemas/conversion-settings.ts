import { CONVERSION_WINDOW_DAYS_MAX, CONVERSION_WINDOW_DAYS_MIN } from "../contract/domain/conversions";

export const conversionSettings = {
  title: "Conversion settings",
  type: "object",
  additionalProperties: false,
  required: ["windowDays"],
  properties: {
    windowDays: {
      type: "integer",
      title: "Attribution window (days)",
      description:
        "A conversion reported by number counts for the latest message delivered or clicked this many days before it",
      minimum: CONVERSION_WINDOW_DAYS_MIN,
      maximum: CONVERSION_WINDOW_DAYS_MAX,
    },
  },
} as const;
