export const profileUpdate = {
  "title": "Profile",
  "type": "object",
  "additionalProperties": false,
  "minProperties": 1,
  "properties": {
    "name": {
      "type": "string",
      "title": "Full name",
      "maxLength": 120,
      "pattern": "^[^\\u0000]*$"
    },
    "email": {
      "type": "string",
      "title": "Email",
      "format": "email",
      "maxLength": 254
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
    "currentPassword": {
      "type": "string",
      "title": "Current password",
      "maxLength": 200,
      "pattern": "^[^\\u0000]*$"
    },
    "newPassword": {
      "type": "string",
      "title": "New password",
      "minLength": 8,
      "maxLength": 200,
      "pattern": "^[^\\u0000]*$"
    }
  },
  "dependencies": {
    "newPassword": [
      "currentPassword"
    ]
  }
} as const;
