import { COMPANY, EMAIL, FULL_NAME, PASSWORD, PHONE, USERNAME } from "./fields";

export const register = {
  title: "Create user",
  type: "object",
  additionalProperties: false,
  required: ["username", "email", "password", "role"],
  properties: {
    username: USERNAME,
    email: EMAIL,
    password: PASSWORD,
    role: {
      type: "string",
      title: "Role",
      enum: ["reseller", "manager", "user", "department_head", "department-head"],
    },
    name: FULL_NAME,
    companyName: COMPANY,
    phone: PHONE,
  },
} as const;
