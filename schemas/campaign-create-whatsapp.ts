import {
  CAMPAIGN_NAME,
  CAMPAIGN_REF,
  DEFAULT_REGION_FIELD,
  failoverProperties,
  PASTED_NUMBERS,
  SAVE_TO_CONTACTS,
  SEGMENT_REF,
  TEMPLATE_VARIABLES,
  TRACK_LINKS,
} from "./campaign-fields";

/** SPEC 3's WhatsApp campaign payload; `message` is the id of an approved WhatsApp template of `waba_id`. */
export const campaignCreateWhatsapp = {
  title: "New WhatsApp campaign",
  type: "object",
  additionalProperties: false,
  required: ["campaignName", "waba_id", "message"],
  properties: {
    campaignName: CAMPAIGN_NAME,
    waba_id: { ...CAMPAIGN_REF, title: "WhatsApp Business Account" },
    phoneNumberId: { ...CAMPAIGN_REF, title: "Sending number" },
    message: { ...CAMPAIGN_REF, title: "Template" },
    headerMediaId: {
      ...CAMPAIGN_REF,
      title: "Header media",
      description:
        "An upload (POST /api/waba/media/upload-whatsapp-media) sent as the template's image, video or document header instead of the template's own",
    },
    numbers: PASTED_NUMBERS,
    segmentId: SEGMENT_REF,
    saveToContacts: SAVE_TO_CONTACTS,
    variables: TEMPLATE_VARIABLES,
    defaultRegion: DEFAULT_REGION_FIELD,
    trackLinks: TRACK_LINKS,
    ...failoverProperties("whatsapp"),
  },
} as const;
