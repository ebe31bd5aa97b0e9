import { COMPANY, EMAIL, FULL_NAME, PHONE, USER_ID } from "./fields";

export const userUpdate = {
  title: "Edit user",
  type: "object",
  additionalProperties: false,
  required: ["userId"],
  minProperties: 2,
  properties: {
    userId: USER_ID,
    email: EMAIL,
    name: FULL_NAME,
    companyName: COMPANY,
    phone: PHONE,
    status: {
      type: "string",
      title: "Status",
      enum: ["active", "suspended"],
    },
  },
} as const;
