import { CAMPAIGN_NAME, CAMPAIGN_REF, DEFAULT_REGION_FIELD, PASTED_NUMBERS, TEMPLATE_VARIABLES } from "./campaign-fields";

export const campaignCreateRcs = {
  "title": "New RCS campaign",
  "type": "object",
  "additionalProperties": false,
  "required": ["campaignName", "botId", "templateId"],
  "properties": {
    "campaignName": CAMPAIGN_NAME,
    "botId": { ...CAMPAIGN_REF, "title": "RCS bot" },
    "templateId": { ...CAMPAIGN_REF, "title": "Template" },
    "numbers": PASTED_NUMBERS,
    "variables": TEMPLATE_VARIABLES,
    "defaultRegion": DEFAULT_REGION_FIELD
  }
} as const;
