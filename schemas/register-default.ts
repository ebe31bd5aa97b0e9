export const registerDefault = {
  "title": "Create your organization account",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "username",
    "email",
    "password"
  ],
  "properties": {
    "username": {
      "type": "string",
      "title": "Username",
      "minLength": 3,
      "maxLength": 40,
      "pattern": "^[A-Za-z0-9_.-]+$"
    },
    "email": {
      "type": "string",
      "title": "Email",
      "format": "email",
      "maxLength": 254
    },
    "password": {
      "type": "string",
      "title": "Password",
      "minLength": 8,
      "maxLength": 200,
      "pattern": "^[^\\u0000]*$"
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
    }
  }
} as const;
