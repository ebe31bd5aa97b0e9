import {
  SCHEDULE_DATE_PATTERN,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_NAME_MAX,
  SCHEDULE_TIME_PATTERN,
} from "../contract/domain/schedules";
import {
  CAMPAIGN_REF,
  DEFAULT_REGION_FIELD,
  PASTED_NUMBERS,
  SEGMENT_REF,
  TEMPLATE_VARIABLES,
  TRACK_LINKS,
} from "./campaign-fields";

/**
 * A recurring campaign as saved (create and update): the campaign's settings as the create calls take them, one
 * audience (a segment, the stored file of an earlier campaign of the caller's, or pasted numbers) and the rule. The
 * rule's cross-field checks (days for weekly, a day for monthly, a known zone) are contract/domain/schedules.ts's.
 */
export const campaignScheduleSave = {
  title: "Recurring campaign",
  type: "object",
  additionalProperties: false,
  required: ["name", "channel", "senderId", "templateId", "rule"],
  properties: {
    name: {
      type: "string",
      title: "Schedule name",
      minLength: 1,
      maxLength: SCHEDULE_NAME_MAX,
      pattern: "^[^\\u0000]*\\S[^\\u0000]*$",
    },
    channel: { type: "string", title: "Channel", enum: ["rcs", "sms", "whatsapp"] },
    senderId: { ...CAMPAIGN_REF, title: "Sender", description: "RCS bot id, SMS account id, or WABA id" },
    templateId: { ...CAMPAIGN_REF, title: "Template" },
    phoneNumberId: { ...CAMPAIGN_REF, title: "WhatsApp phone number" },
    headerMediaId: { ...CAMPAIGN_REF, title: "Header media" },
    variables: TEMPLATE_VARIABLES,
    defaultRegion: DEFAULT_REGION_FIELD,
    trackLinks: TRACK_LINKS,
    segmentId: SEGMENT_REF,
    fileFromCampaignId: {
      ...CAMPAIGN_REF,
      title: "Audience file of a campaign",
      description: "An earlier campaign of yours whose uploaded file (CSV or Excel) each run reads again.",
    },
    numbers: PASTED_NUMBERS,
    rule: {
      type: "object",
      title: "Repeat",
      additionalProperties: false,
      required: ["frequency", "time", "timeZone"],
      properties: {
        frequency: { type: "string", title: "Repeat", enum: SCHEDULE_FREQUENCIES },
        time: { type: "string", title: "At", pattern: SCHEDULE_TIME_PATTERN },
        daysOfWeek: {
          type: "array",
          title: "On days",
          items: { type: "integer", minimum: 0, maximum: 6 },
          uniqueItems: true,
          maxItems: 7,
        },
        dayOfMonth: { type: "integer", title: "Day of the month", minimum: 1, maximum: 31 },
        timeZone: { type: "string", title: "Time zone", minLength: 1, maxLength: 64 },
        endDate: { type: ["string", "null"], title: "Until", pattern: SCHEDULE_DATE_PATTERN },
      },
    },
  },
} as const;
