import { EMAIL, FULL_NAME, PASSWORD, USERNAME } from "./fields";

export const liveAgentCreate = {
  title: "Add a team member",
  type: "object",
  additionalProperties: false,
  required: ["name", "email", "username", "password"],
  properties: {
    name: { ...FULL_NAME, title: "Name", minLength: 1 },
    email: EMAIL,
    username: USERNAME,
    password: PASSWORD,
  },
} as const;
