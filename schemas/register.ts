export const register = {
  "title": "Create user",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "username",
    "email",
    "password",
    "role"
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
    "role": {
      "type": "string",
      "title": "Role",
      "enum": [
        "reseller",
        "manager",
        "user",
        "department_head",
        "department-head"
      ]
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
