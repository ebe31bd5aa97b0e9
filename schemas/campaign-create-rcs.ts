import {
  CAMPAIGN_NAME,
  CAMPAIGN_REF,
  DEFAULT_REGION_FIELD,
  failoverProperties,
  PASTED_NUMBERS,
  SAVE_TO_CONTACTS,
  TRACK_LINKS,
  SEGMENT_REF,
  TEMPLATE_VARIABLES,
} from "./campaign-fields";

/** An RCS campaign; with smsFailover, recipients RCS cannot reach get an SMS template instead (as WhatsApp's). */
export const campaignCreateRcs = {
  title: "New RCS campaign",
  type: "object",
  additionalProperties: false,
  required: ["campaignName", "botId", "templateId"],
  properties: {
    campaignName: CAMPAIGN_NAME,
    botId: { ...CAMPAIGN_REF, title: "RCS bot" },
    templateId: { ...CAMPAIGN_REF, title: "Template" },
    numbers: PASTED_NUMBERS,
    segmentId: SEGMENT_REF,
    saveToContacts: SAVE_TO_CONTACTS,
    trackLinks: TRACK_LINKS,
    variables: TEMPLATE_VARIABLES,
    defaultRegion: DEFAULT_REGION_FIELD,
    ...failoverProperties("rcs"),
  },
} as const;
