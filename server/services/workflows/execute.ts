// What each node type does when its step runs. A step answers one outcome: done (by an output handle, with its
// output), wait (due again at a time, with its own memory), retry (a transient failure, due again after a backoff) or
// fail. Steps that act outside the run and could not safely act twice are guarded by their step key
// (workflow_effects): a retry after a crash, or a replay, answers what was done instead of doing it again.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { serviceWindowLeftMs, type ChatChannel } from "../../../contract/domain/chats";
import type { WorkflowNode } from "../../../contract/domain/workflow-graph";
import { durationMs, type NodeType } from "../../../contract/domain/workflow-nodes";
import type { Db } from "../../db/client";
import { chatMessages, suppressions, workflowEffects, type RunContact } from "../../db/schema";
import { addSuppressions } from "../suppressions/list";
import { writeConsentEvents } from "../consent/ledger";
import { AiUnavailableError, type AiBridge } from "./ai-bridge";
import { contactOf, setContactField, tagContact, type ContactWriter } from "./contacts";
import { httpRequest, PermanentHttpError } from "./http-step";
import {
  assignTo,
  conversationFor,
  sendCampaignMessage,
  sendTemplate,
  sendText,
  StepError,
  type MessagingDeps,
} from "./messaging";
import { withinHours } from "./schedule-time";

export type Outcome =
  | { type: "done"; handle: string | null; output: Record<string, unknown>; skipped?: boolean }
  | { type: "wait"; until: Date; state: Record<string, unknown>; waitFor?: string | null }
  | { type: "retry"; at: Date; state: Record<string, unknown>; error: string }
  | { type: "fail"; error: string };

export interface EngineDeps extends MessagingDeps {
  ai: AiBridge;
  /** WORKFLOW_HTTP_ALLOW_PRIVATE: the operator lets HTTP steps reach private and loopback addresses. */
  allowPrivateHttp: boolean;
  now: () => Date;
  /** The step loop's coalesced contact writes (tags added, fields set); without it each step writes on its own. */
  contacts?: ContactWriter;
}

export interface StepContext {
  deps: EngineDeps;
  ownerId: string;
  runId: string;
  workflowName: string;
  contact: RunContact | null;
  node: WorkflowNode;
  /** The node's settings with variables filled. */
  input: Record<string, unknown>;
  state: Record<string, unknown>;
  /**
   * `<key run>:<node>:<seq>`: the same for a retry and for a replay of the same step (a replay asked to redo gets new
   * keys).
   */
  key: string;
}

/** Node types whose action must not happen twice; the others are idempotent (a tag set twice is one tag). */
const GUARDED: ReadonlySet<NodeType> = new Set([
  "action.send_text",
  "action.send_template",
  "action.send_fallback",
  "action.http",
  "action.campaign",
  "action.ai_handoff",
  "action.assign",
]);

const done = (handle: string | null, output: Record<string, unknown> = {}): Outcome => ({
  type: "done",
  handle,
  output,
});
const yesNo = (yes: boolean, output: Record<string, unknown> = {}): Outcome => done(yes ? "yes" : "no", output);
const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));
const num = (v: unknown, fallback: number) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);

function textMatches(value: string, op: string, pattern: string): boolean {
  const a = value.trim().toLowerCase();
  const b = pattern.trim().toLowerCase();
  if (op === "equals") return a === b;
  if (op === "starts_with") return a.startsWith(b);
  if (op === "regex") {
    try {
      return new RegExp(pattern, "i").test(value);
    } catch {
      throw new StepError(`The regular expression ${pattern} is invalid`);
    }
  }
  return a.includes(b);
}

function fieldMatches(actual: unknown, op: string, expected: string): boolean {
  const list = Array.isArray(actual) ? actual.map(String) : null;
  const text = list ? list.join(",") : str(actual);
  switch (op) {
    case "exists":
      return list ? list.length > 0 : text !== "";
    case "not_exists":
      return list ? list.length === 0 : text === "";
    case "equals":
      return list ? list.includes(expected) : text === expected;
    case "not_equals":
      return list ? !list.includes(expected) : text !== expected;
    case "contains":
      return list ? list.includes(expected) : text.toLowerCase().includes(expected.toLowerCase());
    case "greater":
      return Number(text) > Number(expected);
    case "less":
      return Number(text) < Number(expected);
    default:
      return false;
  }
}

/** A stable share in [0, 100) for a run: the same run always takes the same A/B branch. */
const shareOf = (runId: string, nodeId: string) =>
  createHash("sha256").update(`${runId}:${nodeId}`).digest().readUInt32BE(0) % 100;

async function needContact(ctx: StepContext): Promise<RunContact> {
  if (!ctx.contact?.number) throw new StepError("This run has no contact (no customer number)");
  return ctx.contact;
}

async function httpStep(ctx: StepContext): Promise<Outcome> {
  const i = ctx.input;
  const tries = num(ctx.state.tries, 0);
  const retries = num(i.retries, 0);
  try {
    const answer = await httpRequest(
      {
        method: str(i.method) || "GET",
        url: str(i.url),
        headers: i.headers as { name: string; value?: string }[] | undefined,
        body: str(i.body),
        timeoutMs: num(i.timeoutMs, 5000),
      },
      ctx.deps.allowPrivateHttp,
    );
    const output = { status: answer.status, body: answer.body, headers: answer.headers };
    if (answer.status >= 200 && answer.status < 300) return done("ok", output);
    if (answer.status >= 500 && tries < retries)
      return { type: "retry", at: backoff(ctx, tries), state: { tries: tries + 1 }, error: `HTTP ${answer.status}` };
    return { type: "done", handle: "error", output: { ...output, error: `HTTP ${answer.status}` } };
  } catch (err) {
    const message = (err as Error).message;
    if (!(err instanceof PermanentHttpError) && tries < retries)
      return { type: "retry", at: backoff(ctx, tries), state: { tries: tries + 1 }, error: message };
    return { type: "done", handle: "error", output: { status: 0, body: null, headers: {}, error: message } };
  }
}

/** 1 s, 2 s, 4 s … between HTTP attempts. */
const backoff = (ctx: StepContext, tries: number) => new Date(ctx.deps.now().getTime() + 1000 * 2 ** tries);

async function fallbackStep(ctx: StepContext): Promise<Outcome> {
  const { deps } = ctx;
  const chain = (ctx.input.chain as { channel: string; address: string }[] | undefined) ?? [];
  const contact = await needContact(ctx);
  const waitMs = num(ctx.input.deliverySeconds, 60) * 1000;
  let index = num(ctx.state.index, 0);
  const tried = (ctx.state.tried as string[] | undefined) ?? [];
  // Waiting on a sent message: delivered ends the step, failed or too late moves to the next channel.
  if (typeof ctx.state.messageId === "string") {
    const [msg] = await deps.db
      .select({ status: chatMessages.status, error: chatMessages.error })
      .from(chatMessages)
      .where(eq(chatMessages.id, Number(ctx.state.messageId)));
    const entry = chain[index];
    if (msg?.status === "delivered" || msg?.status === "read")
      return done("sent", { channel: entry?.channel, messageId: ctx.state.messageId, status: msg.status, tried });
    const until = new Date(String(ctx.state.until));
    if (msg?.status !== "failed" && deps.now() < until)
      return {
        type: "wait",
        until: new Date(Math.min(until.getTime(), deps.now().getTime() + 5000)),
        state: ctx.state,
      };
    tried.push(`${entry?.channel}: ${msg?.status === "failed" ? (msg.error ?? "failed") : "not delivered in time"}`);
    index++;
  }
  for (; index < chain.length; index++) {
    const entry = chain[index] as { channel: string; address: string };
    try {
      const conversation = await conversationFor(deps.db, ctx.ownerId, {
        channel: entry.channel,
        address: entry.address,
        number: contact.number,
      });
      const windowLeft = serviceWindowLeftMs(entry.channel as ChatChannel, conversation.lastInboundAt, deps.now());
      const key = `${ctx.key}:${index}`;
      const sent =
        windowLeft === 0 && str(ctx.input.templateName)
          ? await sendTemplate(
              deps,
              conversation,
              key,
              str(ctx.input.templateName),
              [],
              `Workflow: ${ctx.workflowName}`,
              str(ctx.input.headerMediaId).trim(),
            )
          : await sendText(deps, conversation, key, str(ctx.input.text), `Workflow: ${ctx.workflowName}`);
      if (waitMs === 0)
        return done("sent", { channel: entry.channel, messageId: sent.messageId, status: sent.status, tried });
      return {
        type: "wait",
        until: new Date(deps.now().getTime() + Math.min(waitMs, 5000)),
        state: {
          index,
          tried,
          messageId: sent.messageId,
          until: new Date(deps.now().getTime() + waitMs).toISOString(),
        },
      };
    } catch (err) {
      if (!(err instanceof StepError)) throw err;
      tried.push(`${entry.channel}: ${err.message}`);
    }
  }
  return done("failed", { channel: null, messageId: null, status: "failed", tried });
}

async function act(ctx: StepContext): Promise<Outcome> {
  const { deps, input, node } = ctx;
  const name = `Workflow: ${ctx.workflowName}`;
  switch (node.type) {
    case "action.send_text": {
      const conversation = await conversationFor(deps.db, ctx.ownerId, ctx.contact);
      return done("next", await sendText(deps, conversation, ctx.key, str(input.text), name));
    }
    case "action.send_template": {
      const conversation = await conversationFor(deps.db, ctx.ownerId, ctx.contact);
      const params = Array.isArray(input.params) ? input.params.map(str) : [];
      return done(
        "next",
        await sendTemplate(
          deps,
          conversation,
          ctx.key,
          str(input.templateName),
          params,
          name,
          str(input.headerMediaId).trim(),
        ),
      );
    }
    case "action.send_fallback":
      return fallbackStep(ctx);
    case "action.assign": {
      const conversation = await conversationFor(deps.db, ctx.ownerId, ctx.contact);
      const agentId = str(input.agentId).trim() || null;
      await assignTo(deps, conversation, agentId, name);
      return done("next", { agentId });
    }
    case "action.ai_handoff": {
      const conversation = await conversationFor(deps.db, ctx.ownerId, ctx.contact);
      await deps.ai.handToAgent(ctx.ownerId, conversation.id, str(input.agentId));
      return done("next", { handedOff: true });
    }
    case "action.http":
      return httpStep(ctx);
    case "action.campaign": {
      const contact = await needContact(ctx);
      const result = await sendCampaignMessage(deps, ctx.ownerId, str(input.campaignId), contact.number, ctx.key);
      return done(result.accepted ? "sent" : "failed", result);
    }
    default:
      throw new Error(`not an action with effects: ${node.type}`);
  }
}

/** Runs a guarded action once per step key. */
async function guarded(ctx: StepContext): Promise<Outcome> {
  const { db } = ctx.deps;
  const [seen] = await db
    .select({ output: workflowEffects.output })
    .from(workflowEffects)
    .where(eq(workflowEffects.key, ctx.key));
  if (seen)
    return {
      type: "done",
      handle: (seen.output.handle as string | null) ?? null,
      output: (seen.output.output as Record<string, unknown>) ?? {},
      skipped: true,
    };
  const outcome = await act(ctx);
  // A failed call or send is not remembered: a replay after the fix is meant to try it again.
  if (outcome.type === "done" && outcome.handle !== "error" && outcome.handle !== "failed") {
    await db
      .insert(workflowEffects)
      .values({ key: ctx.key, ownerId: ctx.ownerId, output: { handle: outcome.handle, output: outcome.output } })
      .onConflictDoUpdate({
        target: workflowEffects.key,
        set: { output: { handle: outcome.handle, output: outcome.output } },
      });
  }
  return outcome;
}

/** A workflow's "remove" is an all-channel opt-in in the consent ledger, which takes the number off the list. */
async function removeSuppression(db: Db, ownerId: string, number: string): Promise<void> {
  const [listed] = await db
    .select({ id: suppressions.id })
    .from(suppressions)
    .where(and(eq(suppressions.userId, ownerId), eq(suppressions.number, number)));
  if (!listed) return;
  await writeConsentEvents(db, [
    {
      ownerId,
      number,
      channel: "all",
      purpose: "any",
      status: "opted_in",
      method: "agent",
      proof: "Workflow",
      actorId: null,
    },
  ]);
}

export async function executeStep(ctx: StepContext): Promise<Outcome> {
  const { deps, input, node } = ctx;
  try {
    if (GUARDED.has(node.type)) return await guarded(ctx);
    switch (node.type) {
      case "condition.channel":
        return yesNo(((input.channels as string[] | undefined) ?? []).includes(ctx.contact?.channel ?? ""));
      case "condition.text":
        return yesNo(textMatches(str(input.value), str(input.op), str(input.pattern)));
      case "condition.intent": {
        const result = await deps.ai.classify(ctx.ownerId, str(input.text));
        return yesNo(result.intent === str(input.intent) && result.confidence >= num(input.minConfidence, 0.7), {
          ...result,
        });
      }
      case "condition.field": {
        const contact = await contactOf(deps.db, ctx.ownerId, (await needContact(ctx)).number);
        const field = str(input.field);
        return yesNo(
          fieldMatches(field === "tags" ? contact.tags : contact.fields[field], str(input.op), str(input.value)),
        );
      }
      case "condition.hours":
        return yesNo(
          withinHours(
            deps.now(),
            str(input.timezone),
            (input.days as string[] | undefined) ?? [],
            str(input.start),
            str(input.end),
          ),
        );
      case "condition.window": {
        const conversation = await conversationFor(deps.db, ctx.ownerId, ctx.contact);
        const left = serviceWindowLeftMs(conversation.channel as ChatChannel, conversation.lastInboundAt, deps.now());
        return yesNo(left === null || left > 0, { windowLeftMs: left });
      }
      case "flow.split": {
        const a = shareOf(ctx.runId, node.id) < num(input.percentA, 50);
        return done(a ? "a" : "b", { branch: a ? "a" : "b" });
      }
      case "flow.wait": {
        const until = ctx.state.until
          ? new Date(String(ctx.state.until))
          : new Date(deps.now().getTime() + durationMs(num(input.amount, 1), str(input.unit)));
        if (deps.now() >= until) return done("next", { waitedUntil: until.toISOString() });
        return { type: "wait", until, state: { until: until.toISOString() } };
      }
      case "flow.wait_reply": {
        if (typeof ctx.state.reply === "string")
          return done("reply", { text: ctx.state.reply, repliedAt: ctx.state.repliedAt ?? null });
        const until = ctx.state.until
          ? new Date(String(ctx.state.until))
          : new Date(deps.now().getTime() + durationMs(num(input.amount, 1), str(input.unit)));
        if (deps.now() >= until) return done("timeout", { text: null, repliedAt: null });
        const contact = await needContact(ctx);
        return {
          type: "wait",
          until,
          state: { until: until.toISOString() },
          waitFor: `${ctx.ownerId}|${contact.number}`,
        };
      }
      case "action.tag": {
        const contact = await needContact(ctx);
        const tag = str(input.tag).trim();
        const tags =
          deps.contacts && input.remove !== true
            ? await deps.contacts.addTag({ ownerId: ctx.ownerId, number: contact.number, tag })
            : await tagContact(deps.db, ctx.ownerId, contact.number, tag, input.remove === true);
        return done("next", { tags });
      }
      case "action.set_field": {
        const contact = await needContact(ctx);
        const field = {
          ownerId: ctx.ownerId,
          number: contact.number,
          field: str(input.field).trim(),
          value: str(input.value),
        };
        await (deps.contacts
          ? deps.contacts.setField(field)
          : setContactField(deps.db, field.ownerId, field.number, field.field, field.value));
        return done("next", { value: str(input.value) });
      }
      case "action.suppress": {
        const contact = await needContact(ctx);
        if (input.op === "remove") {
          await removeSuppression(deps.db, ctx.ownerId, contact.number);
          return done("next", { suppressed: false });
        }
        await addSuppressions(
          deps.db,
          ctx.ownerId,
          [contact.number],
          str(input.reason) || "Workflow",
          "workflow",
          null,
        );
        return done("next", { suppressed: true });
      }
      case "action.end":
        return done(null);
      default:
        return { type: "fail", error: `Step type ${node.type} cannot run here` };
    }
  } catch (err) {
    if (err instanceof StepError || err instanceof AiUnavailableError) return { type: "fail", error: err.message };
    throw err;
  }
}
