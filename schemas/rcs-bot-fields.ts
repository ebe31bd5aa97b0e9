/**
 * The fields of an RCS bot (agent) as Google's RBM registration asks for them; create and update share them.
 * What a pattern cannot say (a real phone number, a URL that parses) is checked by contract/domain/rcs-bots.ts on
 * both ends. (No `format: uri`: its ajv code needs a module, which the console's precompiled validators cannot load.)
 */
const HTTPS_URL = {
  type: "string",
  maxLength: 500,
  pattern: "^https://[^\\s/?#]+\\.[^\\s]+$",
} as const;

export const RCS_BOT_FIELDS = {
  name: { type: "string", title: "Bot name", minLength: 1, maxLength: 40, pattern: "^[^\\u0000]*\\S[^\\u0000]*$" },
  description: {
    type: "string",
    title: "Description",
    minLength: 1,
    maxLength: 100,
    pattern: "^[^\\u0000]*\\S[^\\u0000]*$",
  },
  useCase: { type: "string", title: "Use case", enum: ["OTP", "TRANSACTIONAL", "PROMOTIONAL", "MULTI_USE"] },
  brandColor: { type: "string", title: "Brand colour", pattern: "^#[0-9A-Fa-f]{6}$" },
  logoUrl: { ...HTTPS_URL, title: "Logo URL (224×224)" },
  bannerUrl: { ...HTTPS_URL, title: "Banner URL (1440×448)" },
  phone: { type: "string", title: "Phone", maxLength: 20, pattern: "^[^\\u0000]*$" },
  website: { ...HTTPS_URL, title: "Website" },
  privacyUrl: { ...HTTPS_URL, title: "Privacy policy URL" },
  termsUrl: { ...HTTPS_URL, title: "Terms of service URL" },
} as const;
