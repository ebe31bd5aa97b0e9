export const sendResetLink = {
  "title": "Reset your password",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "email"
  ],
  "properties": {
    "email": {
      "type": "string",
      "title": "Email",
      "format": "email",
      "maxLength": 254
    }
  }
} as const;
