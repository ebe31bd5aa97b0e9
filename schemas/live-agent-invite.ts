import { EMAIL, FULL_NAME } from "./fields";

export const liveAgentInvite = {
  title: "Invite a team member",
  type: "object",
  additionalProperties: false,
  required: ["name", "email"],
  properties: {
    name: { ...FULL_NAME, title: "Name", minLength: 1 },
    email: EMAIL,
  },
} as const;
