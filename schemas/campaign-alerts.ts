import { ALERT_TARGETS } from "../contract/domain/control-room";

export const campaignAlerts = {
  title: "Alerts",
  type: "object",
  additionalProperties: false,
  required: ["failureRatePercent", "costLimit", "pauseOnAlert", "targets"],
  properties: {
    failureRatePercent: {
      title: "Alert when failures pass (%)",
      type: ["integer", "null"],
      minimum: 1,
      maximum: 100,
    },
    costLimit: { title: "Alert when spend passes (₹)", type: ["number", "null"], minimum: 0, maximum: 100000000 },
    pauseOnAlert: { title: "Pause the campaign when an alert fires", type: "boolean" },
    targets: {
      title: "Send alerts to",
      type: "array",
      uniqueItems: true,
      items: { type: "string", enum: [...ALERT_TARGETS] },
    },
  },
} as const;
