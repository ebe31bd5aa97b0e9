export const campaignSchedule = {
  "title": "Schedule campaign",
  "type": "object",
  "additionalProperties": false,
  "required": ["scheduledAt", "timeZone"],
  "properties": {
    "scheduledAt": { "type": "string", "title": "Send at", "format": "date-time" },
    "timeZone": { "type": "string", "title": "Time zone", "minLength": 1, "maxLength": 64, "pattern": "^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$" }
  }
} as const;
