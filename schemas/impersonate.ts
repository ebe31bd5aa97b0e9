export const impersonate = {
  "type": "object",
  "additionalProperties": false,
  "required": [
    "userId"
  ],
  "properties": {
    "userId": {
      "type": "string",
      "title": "User",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[^\\u0000]*$"
    }
  }
} as const;
