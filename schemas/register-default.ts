import { COMPANY, EMAIL, FULL_NAME, PASSWORD, PHONE, USERNAME } from "./fields";

export const registerDefault = {
  title: "Create your organization account",
  type: "object",
  additionalProperties: false,
  required: ["username", "email", "password"],
  properties: {
    username: USERNAME,
    email: EMAIL,
    password: PASSWORD,
    name: FULL_NAME,
    companyName: COMPANY,
    phone: PHONE,
  },
} as const;
