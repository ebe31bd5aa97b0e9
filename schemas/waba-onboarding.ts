/**
 * Connecting a WhatsApp Business Account. With the sandbox carrier no field is needed; with Embedded Signup
 * (FACEBOOK_APP_ID set) the console sends the code Meta's popup returned and the WABA and number the business chose.
 */
export const wabaOnboarding = {
  title: "Connect WhatsApp",
  type: "object",
  additionalProperties: false,
  properties: {
    code: {
      type: "string",
      title: "Embedded Signup code",
      minLength: 1,
      maxLength: 2048,
      pattern: "^[^\\u0000]*$",
    },
    waba_id: { type: "string", title: "WhatsApp Business Account ID", pattern: "^[0-9]{5,25}$" },
    phone_number_id: { type: "string", title: "Phone number ID", pattern: "^[0-9]{5,25}$" },
  },
} as const;
