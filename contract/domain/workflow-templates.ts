// Ready-made workflows a business starts from (the "New from template" gallery). Each is a whole graph that passes the
// checks; values that only the business knows (a URL, an SMS number, a template name) are set to examples to change.
import type { WorkflowEdge, WorkflowGraph, WorkflowNode } from "./workflow-graph";
import type { NodeType } from "./workflow-nodes";

export interface WorkflowTemplate {
  id: string;
  name: string;
  description: string;
  graph: WorkflowGraph;
}

/** Nodes in rows of a simple top-down layout: [id, type, data, column]. */
function graphOf(
  rows: [string, NodeType, Record<string, unknown>, number?][],
  edges: [string, string, string?][],
): WorkflowGraph {
  const nodes: WorkflowNode[] = rows.map(([id, type, data, col], i) => ({
    id,
    type,
    data,
    position: { x: 260 * (col ?? 0), y: 130 * i },
  }));
  const links: WorkflowEdge[] = edges.map(([source, target, handle]) => ({
    id: `${source}-${handle ?? "next"}-${target}`,
    source,
    target,
    sourceHandle: handle ?? null,
  }));
  return { nodes, edges: links };
}

export const WORKFLOW_TEMPLATES: readonly WorkflowTemplate[] = [
  {
    id: "keyword-opt-in-out",
    name: "Keyword opt-in / opt-out",
    description:
      "STOP puts the sender on your suppression list and confirms; START takes them off and welcomes them back.",
    graph: graphOf(
      [
        ["start", "trigger.inbound", { channel: "any", match: "regex", pattern: "^\\s*(stop|start)\\s*$" }],
        ["is_stop", "condition.text", { value: "{{trigger.text}}", op: "regex", pattern: "^\\s*stop\\s*$" }],
        ["suppress", "action.suppress", { op: "add", reason: "Replied STOP" }, -1],
        [
          "bye",
          "action.send_text",
          { text: "You will get no more messages from us. Reply START to subscribe again." },
          -1,
        ],
        ["unsuppress", "action.suppress", { op: "remove", reason: "Replied START" }, 1],
        ["welcome", "action.send_text", { text: "Welcome back! You are subscribed again." }, 1],
      ],
      [
        ["start", "is_stop"],
        ["is_stop", "suppress", "yes"],
        ["suppress", "bye"],
        ["is_stop", "unsuppress", "no"],
        ["unsuppress", "welcome"],
      ],
    ),
  },
  {
    id: "order-status",
    name: "Order status lookup",
    description:
      "A customer writes ORDER and a number; an HTTP step asks your shop and the answer goes back, or an agent takes over.",
    graph: graphOf(
      [
        ["start", "trigger.inbound", { channel: "any", match: "regex", pattern: "^order\\s+\\S+" }],
        [
          "lookup",
          "action.http",
          {
            method: "GET",
            url: "https://shop.example.com/api/orders?q={{trigger.text}}",
            headers: [],
            timeoutMs: 5000,
            retries: 2,
          },
        ],
        [
          "status",
          "action.send_text",
          { text: "Order {{steps.lookup.body.orderId}} is {{steps.lookup.body.status}}." },
          -1,
        ],
        ["sorry", "action.send_text", { text: "We could not find that order; an agent will help you shortly." }, 1],
        ["agent", "action.assign", { agentId: "" }, 1],
      ],
      [
        ["start", "lookup"],
        ["lookup", "status", "ok"],
        ["lookup", "sorry", "error"],
        ["sorry", "agent"],
      ],
    ),
  },
  {
    id: "appointment-reminder",
    name: "Appointment reminder",
    description:
      "Your booking system posts an appointment; the customer gets a reminder template and confirms, or the team follows up.",
    graph: graphOf(
      [
        [
          "start",
          "trigger.webhook",
          { contactChannel: "whatsapp", contactAddress: "", contactNumber: "{{trigger.body.phone}}" },
        ],
        [
          "remind",
          "action.send_template",
          { templateName: "appointment_reminder", params: ["{{trigger.body.name}}", "{{trigger.body.time}}"] },
        ],
        ["answer", "flow.wait_reply", { amount: 12, unit: "hours" }],
        [
          "confirmed",
          "condition.text",
          { value: "{{steps.answer.text}}", op: "regex", pattern: "^\\s*(yes|y|confirm)" },
          -1,
        ],
        ["note", "action.set_field", { field: "appointment", value: "confirmed" }, -1],
        ["thanks", "action.send_text", { text: "Thank you, see you then!" }, -1],
        ["team", "action.assign", { agentId: "" }, 0],
        ["silent", "action.tag", { tag: "no-reply-to-reminder", remove: false }, 1],
      ],
      [
        ["start", "remind"],
        ["remind", "answer"],
        ["answer", "confirmed", "reply"],
        ["confirmed", "note", "yes"],
        ["note", "thanks"],
        ["confirmed", "team", "no"],
        ["answer", "silent", "timeout"],
      ],
    ),
  },
  {
    id: "welcome-series",
    name: "Welcome series after opt-in",
    description:
      "When someone replies START they get a welcome now, an offer template a day later and a tag after three days.",
    graph: graphOf(
      [
        ["start", "trigger.opt_out", { intent: "start" }],
        ["hello", "action.send_text", { text: "Welcome! You will hear from us about offers and updates." }],
        ["day1", "flow.wait", { amount: 1, unit: "days" }],
        ["offer", "action.send_template", { templateName: "welcome_offer", params: [] }],
        ["day3", "flow.wait", { amount: 2, unit: "days" }],
        ["done", "action.tag", { tag: "onboarded", remove: false }],
      ],
      [
        ["start", "hello"],
        ["hello", "day1"],
        ["day1", "offer"],
        ["offer", "day3"],
        ["day3", "done"],
      ],
    ),
  },
  {
    id: "out-of-hours",
    name: "Out-of-hours auto-reply",
    description:
      "Outside business hours the customer hears when you open, and the conversation goes to the team next morning.",
    graph: graphOf(
      [
        ["start", "trigger.inbound", { channel: "any", match: "any" }],
        [
          "open",
          "condition.hours",
          { timezone: "Asia/Kolkata", days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "18:00" },
        ],
        ["now", "action.assign", { agentId: "" }, -1],
        [
          "closed",
          "action.send_text",
          { text: "We are closed now; we open at 9:00 and will answer you first thing." },
          1,
        ],
        ["morning", "flow.wait", { amount: 12, unit: "hours" }, 1],
        ["handoff", "action.assign", { agentId: "" }, 1],
      ],
      [
        ["start", "open"],
        ["open", "now", "yes"],
        ["open", "closed", "no"],
        ["closed", "morning"],
        ["morning", "handoff"],
      ],
    ),
  },
  {
    id: "missed-delivery-sms",
    name: "Missed-delivery SMS fallback",
    description: "When a campaign message fails, the customer gets the news by SMS from your reply number instead.",
    graph: graphOf(
      [
        ["start", "trigger.campaign_delivery", { campaignId: "", states: ["failed"] }],
        [
          "sms",
          "action.send_fallback",
          {
            text: "We tried to reach you on WhatsApp. Reply here for help.",
            chain: [{ channel: "sms", address: "+919800000000" }],
            deliverySeconds: 60,
          },
        ],
        ["flag", "action.tag", { tag: "sms-fallback", remove: false }],
      ],
      [
        ["start", "sms"],
        ["sms", "flag", "sent"],
      ],
    ),
  },
];
