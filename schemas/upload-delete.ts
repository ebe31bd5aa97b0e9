export const uploadDelete = {
  "title": "Delete media",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "channel"
  ],
  "properties": {
    "channel": {
      "type": "string",
      "title": "Channel",
      "enum": [
        "whatsapp",
        "rcs"
      ]
    }
  }
} as const;
