/** Meta's business verticals (WhatsApp Business Profile `vertical`), in Meta's order. */
export const WHATSAPP_VERTICALS = [
  "UNDEFINED",
  "OTHER",
  "AUTO",
  "BEAUTY",
  "APPAREL",
  "EDU",
  "ENTERTAIN",
  "EVENT_PLAN",
  "FINANCE",
  "GROCERY",
  "GOVT",
  "HOTEL",
  "HEALTH",
  "NONPROFIT",
  "PROF_SERVICES",
  "RETAIL",
  "TRAVEL",
  "RESTAURANT",
  "NOT_A_BIZ",
] as const;

/**
 * A change to the WhatsApp business profile of one phone number. Limits are Meta's: about 139 characters,
 * description 512, address 256, email 128, at most 2 websites of 256 with http(s). Fields left out keep their
 * value; an empty string clears one. The phone number defaults to the caller's first.
 */
export const whatsappBusinessProfile = {
  title: "WhatsApp business profile",
  type: "object",
  additionalProperties: false,
  properties: {
    phone_number_id: {
      type: "string",
      title: "Phone number",
      minLength: 1,
      maxLength: 64,
      pattern: "^[0-9]+$",
    },
    about: {
      type: "string",
      title: "About",
      maxLength: 139,
      pattern: "^[^\\u0000]*$",
    },
    address: {
      type: "string",
      title: "Address",
      maxLength: 256,
      pattern: "^[^\\u0000]*$",
    },
    description: {
      type: "string",
      title: "Description",
      maxLength: 512,
      pattern: "^[^\\u0000]*$",
    },
    email: {
      type: "string",
      title: "Email",
      maxLength: 128,
      pattern: "^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$",
    },
    websites: {
      type: "array",
      title: "Websites",
      maxItems: 2,
      items: {
        type: "string",
        maxLength: 256,
        pattern: "^https?://[^\\s/$.?#][^\\s]*$",
      },
    },
    vertical: {
      type: "string",
      title: "Industry",
      enum: [...WHATSAPP_VERTICALS],
    },
    profile_picture_handle: {
      type: "string",
      title: "Profile picture",
      description: "A media handle from the upload call, or an https URL of the picture",
      maxLength: 2048,
      pattern: "^[^\\u0000\\s]*$",
    },
  },
} as const;
