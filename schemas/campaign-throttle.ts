import { THROTTLE_MIN_PER_SECOND } from "../contract/domain/control-room";

export const campaignThrottle = {
  title: "Throttle",
  type: "object",
  additionalProperties: false,
  required: ["perSecond"],
  properties: {
    perSecond: {
      title: "Messages per second",
      description: "Empty: as fast as the sender allows. The server refuses more than the sender's limit.",
      type: ["integer", "null"],
      minimum: THROTTLE_MIN_PER_SECOND,
      maximum: 10000,
    },
  },
} as const;
