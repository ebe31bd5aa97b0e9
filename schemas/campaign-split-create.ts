import {
  SPLIT_DECIDE_HOURS_MAX,
  SPLIT_DECIDE_HOURS_MIN,
  SPLIT_NAME_MAX,
  SPLIT_SIZE_MIN,
  SPLIT_VARIANTS_MAX,
  SPLIT_VARIANTS_MIN,
  WINNER_METRICS,
} from "../contract/domain/splits";
import { CAMPAIGN_REF, PASTED_NUMBERS, SEGMENT_REF, TEMPLATE_VARIABLES, TRACK_LINKS } from "./campaign-fields";
import { TIME_ZONE } from "./fields";

/** One variant: an ordinary campaign's channel, sender and template, its share of the test and an optional send time. */
const VARIANT = {
  type: "object",
  additionalProperties: false,
  required: ["channel", "senderId", "templateId", "sizePercent"],
  properties: {
    channel: { type: "string", title: "Channel", enum: ["rcs", "sms", "whatsapp"] },
    senderId: { ...CAMPAIGN_REF, title: "Sender", description: "RCS bot id, SMS account id or WABA id" },
    phoneNumberId: { ...CAMPAIGN_REF, title: "WhatsApp phone number" },
    templateId: { ...CAMPAIGN_REF, title: "Template" },
    variables: TEMPLATE_VARIABLES,
    sizePercent: { type: "integer", title: "Size (%)", minimum: SPLIT_SIZE_MIN, maximum: 100 },
    sendAt: { type: "string", title: "Send at", format: "date-time" },
  },
} as const;

/** An A/B test: its audience (a segment or pasted numbers), its variants, the test share and how the winner is chosen. */
export const campaignSplitCreate = {
  title: "New A/B test",
  type: "object",
  additionalProperties: false,
  required: ["name", "variants", "testSharePercent", "metric", "decideAfterHours"],
  properties: {
    name: {
      type: "string",
      title: "Name",
      minLength: 1,
      maxLength: SPLIT_NAME_MAX,
      pattern: "^[^\\u0000]*\\S[^\\u0000]*$",
    },
    segmentId: SEGMENT_REF,
    numbers: PASTED_NUMBERS,
    trackLinks: TRACK_LINKS,
    variants: {
      type: "array",
      title: "Variants",
      minItems: SPLIT_VARIANTS_MIN,
      maxItems: SPLIT_VARIANTS_MAX,
      items: VARIANT,
    },
    testSharePercent: {
      type: "integer",
      title: "Test share (%)",
      description:
        "The share of the audience the variants are sent to; the rest gets the winner. 100: no winner phase.",
      minimum: 1,
      maximum: 100,
    },
    metric: { type: "string", title: "Winner by", enum: [...WINNER_METRICS] },
    decideAfterHours: {
      type: "integer",
      title: "Decide after (hours)",
      minimum: SPLIT_DECIDE_HOURS_MIN,
      maximum: SPLIT_DECIDE_HOURS_MAX,
    },
    timeZone: TIME_ZONE,
  },
} as const;
