// Which published workflows an event starts, and with what trigger payload and contact.
import { sql } from "drizzle-orm";
import type { WorkflowGraph, WorkflowNode } from "../../../contract/domain/workflow-graph";
import { triggerOf } from "../../../contract/domain/workflow-graph";
import type { TriggerKind } from "../../../contract/domain/workflow-nodes";
import { fill } from "../../../contract/domain/workflow-vars";
import type { Db } from "../../db/client";
import type { RunContact } from "../../db/schema";
import { pgArray, rowsOf } from "../../db/sql";
import { toE164 } from "../campaigns/phone";
import type { IntentResult } from "./ai-bridge";
import { graphOfVersion } from "./graph-cache";
import type { RunStart } from "./runs";

export interface ActiveWorkflow {
  id: string;
  owner_id: string;
  trigger_kind: TriggerKind;
  published_version_id: string;
}

export async function activeWorkflows(
  db: Db,
  pairs: readonly { ownerId: string; kinds: readonly TriggerKind[] }[],
): Promise<ActiveWorkflow[]> {
  const owners = [...new Set(pairs.map((p) => p.ownerId))];
  const kinds = [...new Set(pairs.flatMap((p) => p.kinds))];
  if (!owners.length || !kinds.length) return [];
  return rowsOf<ActiveWorkflow>(
    db,
    sql`select id::text as id, owner_id::text as owner_id, trigger_kind, published_version_id::text as published_version_id from workflows
        where status = 'active' and published_version_id is not null and owner_id = any(${pgArray(owners)}::uuid[]) and trigger_kind = any(${pgArray(kinds)}::text[])`,
  );
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** Whether a trigger's settings accept an event's payload. */
export function matchesTrigger(
  trigger: WorkflowNode,
  payload: Record<string, unknown>,
  intent?: IntentResult,
): boolean {
  const d = trigger.data;
  switch (trigger.type) {
    case "trigger.inbound": {
      if (d.channel && d.channel !== "any" && d.channel !== payload.channel) return false;
      const text = str(payload.text).trim();
      if (d.match === "keyword")
        return str(d.keywords)
          .split(",")
          .map((k) => k.trim().toLowerCase())
          .filter(Boolean)
          .includes(text.toLowerCase());
      if (d.match === "regex") {
        try {
          return new RegExp(str(d.pattern), "i").test(text);
        } catch {
          return false;
        }
      }
      return true;
    }
    case "trigger.campaign_reply":
      return !str(d.campaignId).trim() || str(d.campaignId).trim() === payload.campaignId;
    case "trigger.campaign_delivery":
      return (
        (!str(d.campaignId).trim() || str(d.campaignId).trim() === payload.campaignId) &&
        ((d.states as string[] | undefined) ?? []).includes(str(payload.state))
      );
    case "trigger.opt_out":
      return d.intent === "both" || d.intent === payload.intent;
    case "trigger.ai_intent":
      return (
        intent !== undefined &&
        intent.intent === d.intent &&
        intent.confidence >= (typeof d.minConfidence === "number" ? d.minConfidence : 0.7)
      );
    default:
      return false;
  }
}

/**
 * Who a run talks to: the event's customer, or (schedule, webhook) the trigger's contact settings filled from the
 * payload.
 */
export function contactOf(trigger: WorkflowNode, payload: Record<string, unknown>): RunContact | null {
  if (trigger.type === "trigger.schedule" || trigger.type === "trigger.webhook") {
    const d = trigger.data;
    const raw = fill(str(d.contactNumber), { trigger: payload, steps: {} }).trim();
    const number = raw ? (toE164(raw) ?? raw) : "";
    if (!number || !str(d.contactAddress).trim()) return null;
    return { channel: str(d.contactChannel) || "whatsapp", address: str(d.contactAddress).trim(), number };
  }
  if (!str(payload.from)) return null;
  return {
    channel: str(payload.channel),
    address: str(payload.to),
    number: str(payload.from),
    ...(payload.conversationId ? { conversationId: str(payload.conversationId) } : {}),
  };
}

/** The trigger payload a run sees as `{{trigger.…}}`: the event's, with the contact's fields filled in. */
export function triggerPayload(payload: Record<string, unknown>, contact: RunContact | null): Record<string, unknown> {
  return {
    channel: contact?.channel ?? null,
    to: contact?.address ?? null,
    from: contact?.number ?? null,
    conversationId: contact?.conversationId ?? null,
    ...payload,
  };
}

export async function runStartFor(
  db: Db,
  wf: ActiveWorkflow,
  payload: Record<string, unknown>,
  dedupeKey: string | null,
  match: (trigger: WorkflowNode, graph: WorkflowGraph) => boolean,
): Promise<RunStart | null> {
  const graph = await graphOfVersion(db, wf.published_version_id);
  const trigger = triggerOf(graph);
  if (!trigger || !match(trigger, graph)) return null;
  const contact = contactOf(trigger, payload);
  return {
    workflowId: wf.id,
    ownerId: wf.owner_id,
    versionId: wf.published_version_id,
    testGraph: null,
    graph,
    triggerKind: wf.trigger_kind,
    trigger: triggerPayload(payload, contact),
    contact,
    dedupeKey,
  };
}
