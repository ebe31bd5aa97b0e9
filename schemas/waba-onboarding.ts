/** Connecting a WhatsApp Business Account: Embedded Signup's code (the sandbox needs none). */
export const wabaOnboarding = {
  "title": "Connect WhatsApp",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "code": {
      "type": "string",
      "title": "Embedded Signup code",
      "minLength": 1,
      "maxLength": 2048,
      "pattern": "^[^\\u0000]*$"
    }
  }
} as const;
