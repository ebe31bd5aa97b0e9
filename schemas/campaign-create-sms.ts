import {
  CAMPAIGN_NAME,
  CAMPAIGN_REF,
  DEFAULT_REGION_FIELD,
  PASTED_NUMBERS,
  SAVE_TO_CONTACTS,
  TRACK_LINKS,
  SEGMENT_REF,
  TEMPLATE_VARIABLES,
} from "./campaign-fields";

export const campaignCreateSms = {
  title: "New SMS campaign",
  type: "object",
  additionalProperties: false,
  required: ["campaignName", "smsAccountId", "templateId"],
  properties: {
    campaignName: CAMPAIGN_NAME,
    smsAccountId: { ...CAMPAIGN_REF, title: "SMS account" },
    templateId: { ...CAMPAIGN_REF, title: "DLT template" },
    numbers: PASTED_NUMBERS,
    segmentId: SEGMENT_REF,
    saveToContacts: SAVE_TO_CONTACTS,
    trackLinks: TRACK_LINKS,
    variables: TEMPLATE_VARIABLES,
    defaultRegion: DEFAULT_REGION_FIELD,
  },
} as const;
