import { NEW_PASSWORD, USERNAME } from "./fields";

export const liveAgentAccept = {
  title: "Join your team",
  type: "object",
  additionalProperties: false,
  required: ["token", "username", "password"],
  properties: {
    token: { type: "string", title: "Invitation", minLength: 16, maxLength: 200, pattern: "^[A-Za-z0-9_-]+$" },
    username: USERNAME,
    password: NEW_PASSWORD,
  },
} as const;
