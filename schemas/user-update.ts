export const userUpdate = {
  "title": "Edit user",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "userId"
  ],
  "minProperties": 2,
  "properties": {
    "userId": {
      "type": "string",
      "title": "User",
      "minLength": 1,
      "maxLength": 64,
      "pattern": "^[^\\u0000]*$"
    },
    "email": {
      "type": "string",
      "title": "Email",
      "format": "email",
      "maxLength": 254
    },
    "name": {
      "type": "string",
      "title": "Full name",
      "maxLength": 120,
      "pattern": "^[^\\u0000]*$"
    },
    "companyName": {
      "type": "string",
      "title": "Company",
      "maxLength": 120,
      "pattern": "^[^\\u0000]*$"
    },
    "phone": {
      "type": "string",
      "title": "Phone",
      "maxLength": 20,
      "pattern": "^$|^\\+?[0-9 ()-]{6,20}$"
    },
    "status": {
      "type": "string",
      "title": "Status",
      "enum": [
        "active",
        "suspended"
      ]
    }
  }
} as const;
