export const wabaMediaUpload = {
  "title": "Upload WhatsApp media",
  "description": "Text fields of the multipart form; the file itself is the part `file`.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "waba_id"
  ],
  "properties": {
    "waba_id": {
      "type": "string",
      "title": "WhatsApp Business Account",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[^\\u0000]*$"
    }
  }
} as const;
