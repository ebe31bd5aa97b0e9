import { DATE_PATTERN, HOLIDAYS_MAX, HOUR_PATTERN, SLA_MINUTES_MAX } from "../contract/domain/business-hours";

const minutes = (title: string) =>
  ({ type: ["integer", "null"], minimum: 1, maximum: SLA_MINUTES_MAX, title }) as const;

/** An account's SLA: targets in working minutes, the week's hours (Sunday first, null a closed day), holidays, zone. */
export const inboxSla = {
  title: "SLA and business hours",
  type: "object",
  additionalProperties: false,
  required: ["timeZone", "businessHours", "holidays", "firstResponseMinutes", "resolutionMinutes"],
  properties: {
    timeZone: { type: "string", title: "Time zone", minLength: 1, maxLength: 64 },
    businessHours: {
      type: ["array", "null"],
      title: "Business hours (Sunday first; null: every hour counts)",
      minItems: 7,
      maxItems: 7,
      items: {
        type: ["object", "null"],
        additionalProperties: false,
        required: ["open", "close"],
        properties: {
          open: { type: "string", pattern: HOUR_PATTERN },
          close: { type: "string", pattern: HOUR_PATTERN },
        },
      },
    },
    holidays: {
      type: "array",
      title: "Holidays",
      maxItems: HOLIDAYS_MAX,
      items: { type: "string", pattern: DATE_PATTERN },
    },
    firstResponseMinutes: minutes("First-response target (working minutes)"),
    resolutionMinutes: minutes("Resolution target (working minutes)"),
  },
} as const;
