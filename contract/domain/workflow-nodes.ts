// Workflow automation: the node types a workflow is built from, each with the JSON Schema of its settings (the
// editor's side panel renders it with RJSF, the server validates published graphs with it), its output handles and
// the variables it adds for later steps. One table; the graph checks (workflow-graph.ts), the engine and the editor
// all read it.
import { CAMPAIGN_CHANNELS } from "../constants";

export const NODE_KINDS = ["trigger", "condition", "flow", "action"] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

export const NODE_TYPES = [
  "trigger.inbound",
  "trigger.campaign_reply",
  "trigger.campaign_delivery",
  "trigger.ai_intent",
  "trigger.schedule",
  "trigger.webhook",
  "trigger.opt_out",
  "condition.channel",
  "condition.text",
  "condition.intent",
  "condition.field",
  "condition.hours",
  "condition.window",
  "flow.split",
  "flow.wait",
  "flow.wait_reply",
  "action.send_text",
  "action.send_template",
  "action.send_fallback",
  "action.assign",
  "action.ai_handoff",
  "action.tag",
  "action.set_field",
  "action.suppress",
  "action.http",
  "action.campaign",
  "action.end",
] as const;
export type NodeType = (typeof NODE_TYPES)[number];
export type TriggerType = Extract<NodeType, `trigger.${string}`>;

/** The trigger kinds as events carry them (the engine matches an event to workflows by this). */
export const TRIGGER_KINDS = [
  "inbound",
  "campaign_reply",
  "campaign_delivery",
  "ai_intent",
  "schedule",
  "webhook",
  "opt_out",
] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];
export const triggerKindOf = (type: NodeType): TriggerKind | null =>
  type.startsWith("trigger.") ? (type.slice(8) as TriggerKind) : null;

/** A JSON Schema as plain data (RJSF and ajv both take it). */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly title?: string;
  readonly description?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly enum?: readonly (string | number)[];
  readonly default?: unknown;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly format?: string;
  readonly additionalProperties?: boolean;
}

export interface NodeSpec {
  type: NodeType;
  kind: NodeKind;
  label: string;
  /** One line for the palette. */
  help: string;
  /** Output handles; an edge leaves from one of them. `end` has none. */
  outputs: readonly string[];
  schema: JsonSchema;
  /** Variables this node adds: `trigger.<name>` for a trigger, `steps.<id>.<name>` for a step. */
  vars: readonly string[];
  /** A step that changes something outside the run (sends, assigns, calls out): guarded by a step key. */
  sideEffect?: boolean;
  /** Needs the AI agent hub (issue 13): the engine reaches it through services/workflows/ai-bridge.ts. */
  needsAi?: boolean;
}

const CHANNEL_ANY = { type: "string", title: "Channel", enum: ["any", ...CAMPAIGN_CHANNELS], default: "any" } as const;
const CHANNEL = { type: "string", title: "Channel", enum: [...CAMPAIGN_CHANNELS], default: "whatsapp" } as const;
const text = (title: string, extra: Partial<JsonSchema> = {}): JsonSchema => ({
  type: "string",
  title,
  maxLength: 4096,
  ...extra,
});
const obj = (properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});
const NEXT = ["next"] as const;
const YES_NO = ["yes", "no"] as const;
/** Who a run talks to when the trigger itself has no conversation (schedule, webhook). */
const CONTACT_FIELDS = {
  contactChannel: { ...CHANNEL, title: "Contact's channel" },
  contactAddress: text("Business address", {
    description: "WhatsApp phone number id, SMS reply number or RCS bot id the run sends from",
    maxLength: 100,
  }),
  contactNumber: text("Contact number", {
    description: "E.164, or a variable such as {{trigger.body.phone}}",
    maxLength: 200,
  }),
} as const;
const CONTACT_VARS = ["from", "channel", "to", "conversationId"] as const;

export const NODE_SPECS: Readonly<Record<NodeType, NodeSpec>> = {
  "trigger.inbound": {
    type: "trigger.inbound",
    kind: "trigger",
    label: "Inbound message",
    help: "A customer writes to one of your numbers or bots",
    outputs: NEXT,
    schema: obj(
      {
        channel: CHANNEL_ANY,
        match: { type: "string", title: "Match", enum: ["any", "keyword", "regex"], default: "keyword" },
        keywords: text("Keywords", {
          description: "Comma-separated; a message equal to one of them (any case) starts the run",
          maxLength: 500,
        }),
        pattern: text("Regular expression", {
          description: "Tested against the whole text, case-insensitive",
          maxLength: 500,
        }),
      },
      ["channel", "match"],
    ),
    vars: [...CONTACT_VARS, "text", "messageId", "receivedAt"],
  },
  "trigger.campaign_reply": {
    type: "trigger.campaign_reply",
    kind: "trigger",
    label: "Campaign reply",
    help: "A recipient answers one of your campaigns",
    outputs: NEXT,
    schema: obj({ campaignId: text("Campaign id", { description: "Empty: any campaign", maxLength: 64 }) }),
    vars: [...CONTACT_VARS, "text", "campaignId"],
  },
  "trigger.campaign_delivery": {
    type: "trigger.campaign_delivery",
    kind: "trigger",
    label: "Campaign delivery state",
    help: "A campaign message is delivered, read or fails",
    outputs: NEXT,
    schema: obj(
      {
        campaignId: text("Campaign id", { description: "Empty: any campaign", maxLength: 64 }),
        states: {
          type: "array",
          title: "States",
          items: { type: "string", enum: ["delivered", "read", "failed"] },
          minItems: 1,
          default: ["failed"],
        },
      },
      ["states"],
    ),
    vars: [...CONTACT_VARS, "campaignId", "state", "reason"],
  },
  "trigger.ai_intent": {
    type: "trigger.ai_intent",
    kind: "trigger",
    label: "AI intent detected",
    help: "The AI agent hub classifies a customer's message",
    outputs: NEXT,
    needsAi: true,
    schema: obj(
      {
        intent: text("Intent", { minLength: 1, maxLength: 100 }),
        minConfidence: { type: "number", title: "Minimum confidence", minimum: 0, maximum: 1, default: 0.7 },
      },
      ["intent", "minConfidence"],
    ),
    vars: [...CONTACT_VARS, "text", "intent", "confidence"],
  },
  "trigger.schedule": {
    type: "trigger.schedule",
    kind: "trigger",
    label: "Schedule",
    help: "At times given by a cron expression in a time zone",
    outputs: NEXT,
    schema: obj(
      {
        cron: text("Cron expression", {
          description: "Five fields: minute hour day month weekday, e.g. 0 9 * * 1-5",
          minLength: 9,
          maxLength: 100,
          default: "0 9 * * 1-5",
        }),
        timezone: text("Time zone", {
          description: "IANA name, e.g. Asia/Kolkata",
          minLength: 1,
          maxLength: 64,
          default: "Asia/Kolkata",
        }),
        ...CONTACT_FIELDS,
      },
      ["cron", "timezone"],
    ),
    vars: [...CONTACT_VARS, "firedAt"],
  },
  "trigger.webhook": {
    type: "trigger.webhook",
    kind: "trigger",
    label: "Incoming webhook",
    help: "Another system posts JSON to this workflow's URL with its secret",
    outputs: NEXT,
    schema: obj({ ...CONTACT_FIELDS }),
    vars: [...CONTACT_VARS, "body", "receivedAt"],
  },
  "trigger.opt_out": {
    type: "trigger.opt_out",
    kind: "trigger",
    label: "Opt-out / opt-in",
    help: "A customer replies STOP (or START) to a campaign",
    outputs: NEXT,
    schema: obj({ intent: { type: "string", title: "Reply", enum: ["stop", "start", "both"], default: "stop" } }, [
      "intent",
    ]),
    vars: [...CONTACT_VARS, "text", "intent"],
  },
  "condition.channel": {
    type: "condition.channel",
    kind: "condition",
    label: "Channel is",
    help: "Branch on the contact's channel",
    outputs: YES_NO,
    schema: obj(
      {
        channels: {
          type: "array",
          title: "Channels",
          items: { type: "string", enum: [...CAMPAIGN_CHANNELS] },
          minItems: 1,
          default: ["whatsapp"],
        },
      },
      ["channels"],
    ),
    vars: [],
  },
  "condition.text": {
    type: "condition.text",
    kind: "condition",
    label: "Text matches",
    help: "Branch on a text: contains, equals, starts with or a regular expression",
    outputs: YES_NO,
    schema: obj(
      {
        value: text("Text", { default: "{{trigger.text}}", minLength: 1 }),
        op: {
          type: "string",
          title: "Test",
          enum: ["contains", "equals", "starts_with", "regex"],
          default: "contains",
        },
        pattern: text("Pattern", { minLength: 1, maxLength: 500 }),
      },
      ["value", "op", "pattern"],
    ),
    vars: [],
  },
  "condition.intent": {
    type: "condition.intent",
    kind: "condition",
    label: "Intent is",
    help: "Branch on the AI agent hub's intent and confidence",
    outputs: YES_NO,
    needsAi: true,
    schema: obj(
      {
        text: text("Text", { default: "{{trigger.text}}", minLength: 1 }),
        intent: text("Intent", { minLength: 1, maxLength: 100 }),
        minConfidence: { type: "number", title: "Minimum confidence", minimum: 0, maximum: 1, default: 0.7 },
      },
      ["text", "intent", "minConfidence"],
    ),
    vars: ["intent", "confidence"],
  },
  "condition.field": {
    type: "condition.field",
    kind: "condition",
    label: "Contact field",
    help: "Branch on a contact field or tag",
    outputs: YES_NO,
    schema: obj(
      {
        field: text("Field", { description: "A contact field, or 'tags'", minLength: 1, maxLength: 64 }),
        op: {
          type: "string",
          title: "Test",
          enum: ["equals", "not_equals", "contains", "exists", "not_exists", "greater", "less"],
          default: "equals",
        },
        value: text("Value", { maxLength: 500 }),
      },
      ["field", "op"],
    ),
    vars: [],
  },
  "condition.hours": {
    type: "condition.hours",
    kind: "condition",
    label: "Business hours",
    help: "Branch on the time: inside the opening hours or not",
    outputs: YES_NO,
    schema: obj(
      {
        timezone: text("Time zone", { minLength: 1, maxLength: 64, default: "Asia/Kolkata" }),
        days: {
          type: "array",
          title: "Days",
          items: { type: "string", enum: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] },
          minItems: 1,
          default: ["mon", "tue", "wed", "thu", "fri"],
        },
        start: text("Opens", { description: "HH:MM", minLength: 5, maxLength: 5, default: "09:00" }),
        end: text("Closes", { description: "HH:MM", minLength: 5, maxLength: 5, default: "18:00" }),
      },
      ["timezone", "days", "start", "end"],
    ),
    vars: [],
  },
  "condition.window": {
    type: "condition.window",
    kind: "condition",
    label: "WhatsApp window open",
    help: "Yes while the customer wrote in the last 24 hours (free text allowed)",
    outputs: YES_NO,
    schema: obj({}),
    vars: [],
  },
  "flow.split": {
    type: "flow.split",
    kind: "flow",
    label: "A/B split",
    help: "Send a share of the runs one way, the rest the other",
    outputs: ["a", "b"],
    schema: obj({ percentA: { type: "integer", title: "Percent to A", minimum: 0, maximum: 100, default: 50 } }, [
      "percentA",
    ]),
    vars: ["branch"],
  },
  "flow.wait": {
    type: "flow.wait",
    kind: "flow",
    label: "Wait",
    help: "Pause the run for a while (kept in the database, survives restarts)",
    outputs: NEXT,
    schema: obj(
      {
        amount: { type: "integer", title: "Wait", minimum: 1, maximum: 100000, default: 10 },
        unit: { type: "string", title: "Unit", enum: ["seconds", "minutes", "hours", "days"], default: "minutes" },
      },
      ["amount", "unit"],
    ),
    vars: ["waitedUntil"],
  },
  "flow.wait_reply": {
    type: "flow.wait_reply",
    kind: "flow",
    label: "Wait for reply",
    help: "Wait until the contact replies, or a time-out",
    outputs: ["reply", "timeout"],
    schema: obj(
      {
        amount: { type: "integer", title: "Time-out", minimum: 1, maximum: 100000, default: 24 },
        unit: { type: "string", title: "Unit", enum: ["seconds", "minutes", "hours", "days"], default: "hours" },
      },
      ["amount", "unit"],
    ),
    vars: ["text", "repliedAt"],
  },
  "action.send_text": {
    type: "action.send_text",
    kind: "action",
    label: "Send text",
    help: "A free-text message (WhatsApp: only inside the 24-hour window)",
    outputs: NEXT,
    sideEffect: true,
    schema: obj({ text: text("Message", { minLength: 1 }) }, ["text"]),
    vars: ["messageId", "status"],
  },
  "action.send_template": {
    type: "action.send_template",
    kind: "action",
    label: "Send template",
    help: "An approved template of the sender, with its values",
    outputs: NEXT,
    sideEffect: true,
    schema: obj(
      {
        templateName: text("Template name", { minLength: 1, maxLength: 200 }),
        params: { type: "array", title: "Values", items: text("Value", { maxLength: 1000 }), default: [] },
        // A WhatsApp template with an image, video or document header: the uploaded file sent as it (an uploads id);
        // empty sends the template's own file. Chosen with the campaign's header-media picker, not typed.
        headerMediaId: text("Header media", { maxLength: 64 }),
        headerMediaName: text("Header media file name", { maxLength: 255 }),
      },
      ["templateName"],
    ),
    vars: ["messageId", "status"],
  },
  "action.send_fallback": {
    type: "action.send_fallback",
    kind: "action",
    label: "Send with fallback",
    help: "Try each channel in turn until one delivers",
    outputs: ["sent", "failed"],
    sideEffect: true,
    schema: obj(
      {
        text: text("Message", { minLength: 1 }),
        templateName: text("WhatsApp template (outside the window)", { maxLength: 200 }),
        // As on "Send template": the header file of a media-header template (an uploads id); empty sends the template's
        // own.
        headerMediaId: text("Header media", { maxLength: 64 }),
        headerMediaName: text("Header media file name", { maxLength: 255 }),
        chain: {
          type: "array",
          title: "Channels in order",
          minItems: 1,
          items: obj({ channel: CHANNEL, address: text("Business address", { minLength: 1, maxLength: 100 }) }, [
            "channel",
            "address",
          ]),
        },
        deliverySeconds: {
          type: "integer",
          title: "Wait for delivery (seconds)",
          minimum: 0,
          maximum: 86400,
          default: 60,
        },
      },
      ["text", "chain", "deliverySeconds"],
    ),
    vars: ["channel", "messageId", "status"],
  },
  "action.assign": {
    type: "action.assign",
    kind: "action",
    label: "Assign to agent",
    help: "Give the conversation to a live agent, or to the team",
    outputs: NEXT,
    sideEffect: true,
    schema: obj({ agentId: text("Live agent", { description: "Empty: the team (unassigned)", maxLength: 64 }) }),
    vars: ["agentId"],
  },
  "action.ai_handoff": {
    type: "action.ai_handoff",
    kind: "action",
    label: "Hand to AI agent",
    help: "An AI agent of the hub takes the conversation",
    outputs: NEXT,
    sideEffect: true,
    needsAi: true,
    schema: obj({ agentId: text("AI agent", { minLength: 1, maxLength: 64 }) }, ["agentId"]),
    vars: ["handedOff"],
  },
  "action.tag": {
    type: "action.tag",
    kind: "action",
    label: "Tag contact",
    help: "Add or remove a tag on the contact",
    outputs: NEXT,
    sideEffect: true,
    schema: obj(
      {
        tag: text("Tag", { minLength: 1, maxLength: 64 }),
        remove: { type: "boolean", title: "Remove instead", default: false },
      },
      ["tag"],
    ),
    vars: ["tags"],
  },
  "action.set_field": {
    type: "action.set_field",
    kind: "action",
    label: "Set contact field",
    help: "Store a value on the contact (variables allowed)",
    outputs: NEXT,
    sideEffect: true,
    schema: obj({ field: text("Field", { minLength: 1, maxLength: 64 }), value: text("Value", { maxLength: 1000 }) }, [
      "field",
    ]),
    vars: ["value"],
  },
  "action.suppress": {
    type: "action.suppress",
    kind: "action",
    label: "Suppression list",
    help: "Add the contact to your suppression list, or take them off",
    outputs: NEXT,
    sideEffect: true,
    schema: obj(
      {
        op: { type: "string", title: "Do", enum: ["add", "remove"], default: "add" },
        reason: text("Reason", { maxLength: 200, default: "Workflow" }),
      },
      ["op"],
    ),
    vars: ["suppressed"],
  },
  "action.http": {
    type: "action.http",
    kind: "action",
    label: "HTTP request",
    help: "Call another system; the answer's JSON becomes variables",
    outputs: ["ok", "error"],
    sideEffect: true,
    schema: obj(
      {
        method: { type: "string", title: "Method", enum: ["GET", "POST", "PUT", "PATCH", "DELETE"], default: "GET" },
        url: text("URL", { minLength: 8, maxLength: 2000 }),
        headers: {
          type: "array",
          title: "Headers",
          items: obj(
            { name: text("Name", { minLength: 1, maxLength: 100 }), value: text("Value", { maxLength: 1000 }) },
            ["name"],
          ),
          default: [],
        },
        body: text("Body (JSON)", { maxLength: 20000 }),
        timeoutMs: { type: "integer", title: "Time-out (ms)", minimum: 100, maximum: 30000, default: 5000 },
        retries: { type: "integer", title: "Retries", minimum: 0, maximum: 5, default: 2 },
      },
      ["method", "url", "timeoutMs", "retries"],
    ),
    vars: ["status", "body", "headers"],
  },
  "action.campaign": {
    type: "action.campaign",
    kind: "action",
    label: "Send campaign message",
    help: "Send one campaign's message to this contact, billed like a test send",
    outputs: ["sent", "failed"],
    sideEffect: true,
    schema: obj({ campaignId: text("Campaign id", { minLength: 1, maxLength: 64 }) }, ["campaignId"]),
    vars: ["cost", "accepted", "reason"],
  },
  "action.end": {
    type: "action.end",
    kind: "action",
    label: "End",
    help: "Stop the run here",
    outputs: [],
    schema: obj({}),
    vars: [],
  },
};

export const nodeSpec = (type: string): NodeSpec | undefined =>
  (NODE_TYPES as readonly string[]).includes(type) ? NODE_SPECS[type as NodeType] : undefined;
export const isTrigger = (type: string): boolean => nodeSpec(type)?.kind === "trigger";

/** Milliseconds of a wait node's amount and unit. */
export function durationMs(amount: number, unit: string): number {
  const per = { seconds: 1000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 }[unit] ?? 60_000;
  return amount * per;
}
