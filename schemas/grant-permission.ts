export const grantPermission = {
  "title": "Module permissions",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "userId",
    "moduleNames"
  ],
  "properties": {
    "userId": {
      "type": "string",
      "title": "User",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[^\\u0000]*$"
    },
    "moduleNames": {
      "type": "array",
      "title": "Modules",
      "uniqueItems": true,
      "items": {
        "type": "string",
        "enum": [
          "campaign",
          "template",
          "chat",
          "api",
          "agent"
        ]
      }
    }
  }
} as const;
