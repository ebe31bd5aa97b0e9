/** What another system posts to a workflow's incoming-webhook URL: any JSON object, `{{trigger.body…}}` in the run. */
export const workflowHook = {
  title: "Incoming webhook",
  type: "object",
  additionalProperties: true,
  properties: {},
} as const;
