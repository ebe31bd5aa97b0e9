import { COMPANY, EMAIL, FULL_NAME, NEW_PASSWORD, PHONE, TIME_ZONE } from "./fields";

export const profileUpdate = {
  title: "Profile",
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: FULL_NAME,
    email: EMAIL,
    companyName: COMPANY,
    phone: PHONE,
    timeZone: {
      ...TIME_ZONE,
      description: "Dates and times in the console are shown in this zone, and campaigns are scheduled in it.",
    },
    currentPassword: {
      type: "string",
      title: "Current password",
      maxLength: 200,
      pattern: "^[^\\u0000]*$",
    },
    newPassword: NEW_PASSWORD,
  },
  dependencies: {
    newPassword: ["currentPassword"],
  },
} as const;
