export const uploadCreate = {
  "title": "Upload media",
  "description": "Text fields of the multipart form; the file itself is the part `fileContent`.",
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
