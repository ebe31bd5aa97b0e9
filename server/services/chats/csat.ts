// The CSAT survey on resolve (issue 40 item 6): contract/domain/csat.ts decides what a channel allows; this sends it
// through the carrier, keeps a csat_surveys row per survey sent, and writes the activity log. It never fails the
// resolve: it runs after it, and a refusal or an error is not an error answered: the survey stays in the thread as a
// failed business message with the carrier's reason, and the log says "Survey not sent: …".
import { sql } from "drizzle-orm";
import type { Server } from "socket.io";
import { serviceWindowLeftMs, type ChatChannel } from "../../../contract/domain/chats";
import {
  CSAT_RCS_REPLIES,
  CSAT_SMS_SUFFIX,
  CSAT_WHATSAPP_BUTTONS,
  csatPlan,
  csatSurveyClientId,
  csatSurveyText,
  type CsatChannel,
  type CsatPlan,
} from "../../../contract/domain/csat";
import type { RcsTemplateDraft } from "../../../contract/domain/rcs";
import type { Carrier, MessageContent } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { chatMessages, conversationEvents, csatSurveys } from "../../db/schema";
import { csatDltText } from "./csat-dlt-text";
import { csatSettings } from "./csat-settings";
import { dltTemplatesOnly } from "./dlt-route";
import { pushChatMessage } from "./push";
import { previewOf, type ConversationRow } from "./records";

export interface CsatDeps {
  db: Db;
  carrier: Carrier;
  /** Pushes the survey's thread message to the conversation's rooms. */
  io?: Server;
  log?: { error: (obj: unknown, msg: string) => void };
}

const CSAT_CHANNELS: readonly string[] = ["whatsapp", "rcs", "sms"];

/** What the activity line says was sent. */
const SENT_AS: Record<Exclude<CsatPlan["send"], "none">, string> = {
  buttons: "WhatsApp reply buttons",
  template: "WhatsApp template",
  suggestions: "RCS suggested replies",
  text: "SMS, reply 1-5",
  "dlt-template": "SMS DLT template",
};

/** `smsText`: on a DLT route, the registered survey template's text with its variables filled (csat-dlt-text.ts). */
function contentOf(plan: Exclude<CsatPlan, { send: "none" }>, question: string, smsText: string): MessageContent {
  switch (plan.send) {
    case "buttons":
      return {
        kind: "interactive",
        body: question,
        buttons: CSAT_WHATSAPP_BUTTONS.map(({ id, title }) => ({ id, title })),
      };
    case "template":
      return { kind: "template", templateName: plan.templateName, language: "en", params: [] };
    case "suggestions": {
      const draft: Pick<RcsTemplateDraft, "type" | "textMessageContent" | "suggestions"> = {
        type: "text",
        textMessageContent: question,
        suggestions: CSAT_RCS_REPLIES.map((r) => ({ type: "reply", ...r })),
      };
      return { kind: "rcs", draft };
    }
    case "text":
      return { kind: "text", text: `${question} ${CSAT_SMS_SUFFIX}` };
    case "dlt-template":
      return { kind: "text", text: smsText, dltTemplateId: plan.dltTemplateId };
  }
}

const logLine = (db: Db, row: ConversationRow, kind: "csat_sent" | "csat_not_sent", note: string) =>
  db.insert(conversationEvents).values({
    conversationId: row.id,
    kind,
    agentId: row.assignedAgentId,
    actor: "csat",
    note,
  });

/**
 * Sends the account's survey for a conversation just resolved (`row` as it was before: its agent is the one rated),
 * when the account has CSAT on and the channel is one with a survey. Resolves always; never throws.
 */
export async function sendCsatSurvey(deps: CsatDeps, row: ConversationRow, now = new Date()): Promise<void> {
  try {
    if (!CSAT_CHANNELS.includes(row.channel)) return;
    const settings = await csatSettings(deps.db, row.userId);
    if (!settings.enabled) return;
    const plan = csatPlan({
      channel: row.channel as CsatChannel,
      windowOpen: (serviceWindowLeftMs(row.channel as ChatChannel, row.lastInboundAt, now) ?? 1) > 0,
      whatsappTemplate: settings.whatsappTemplate,
      dltRoute: await dltTemplatesOnly(deps.carrier, row),
      smsDltTemplateId: settings.smsDltTemplateId,
    });
    if (plan.send === "none") {
      await logLine(deps.db, row, "csat_not_sent", plan.reason);
      return;
    }
    // On a DLT route the survey is the registered template's text: our own wording would be scrubbed out.
    let smsText = `${settings.question} ${CSAT_SMS_SUFFIX}`;
    if (plan.send === "dlt-template") {
      const dlt = await csatDltText(deps.db, row.userId, plan.dltTemplateId);
      if ("missing" in dlt) {
        await logLine(deps.db, row, "csat_not_sent", dlt.missing);
        return;
      }
      smsText = dlt.text;
    }
    const [survey] = await deps.db
      .insert(csatSurveys)
      .values({
        conversationId: row.id,
        userId: row.userId,
        agentId: row.assignedAgentId,
        channel: row.channel as ChatChannel,
        sentAt: now,
      })
      .returning({ id: csatSurveys.id });
    let refusal: string | null = null;
    let providerMessageId: string | null = null;
    try {
      const result = await deps.carrier.send({
        id: `csat-${survey!.id}`,
        channel: row.channel as ChatChannel,
        from: row.businessAddress,
        to: row.customerNumber,
        content: contentOf(plan, settings.question, smsText),
      });
      if (!result.accepted) refusal = result.reason;
      else providerMessageId = result.providerMessageId;
    } catch (err) {
      refusal = err instanceof Error ? err.message : String(err);
    }
    const shown = {
      text:
        plan.send === "dlt-template"
          ? smsText
          : csatSurveyText(plan.send, settings.question, plan.send === "template" ? plan.templateName : undefined),
      templateName: plan.send === "template" ? plan.templateName : null,
      surveyId: survey!.id,
      at: now,
    };
    if (refusal !== null) {
      // Not sent: no answer is awaited, so the survey row goes; the thread keeps what was tried, failed, and why.
      await deps.db.execute(sql`delete from csat_surveys where id = ${survey!.id}`);
      await threadMessage(deps, row, { ...shown, providerMessageId: null, failure: refusal });
      await logLine(deps.db, row, "csat_not_sent", `Survey not sent: ${refusal}`);
      return;
    }
    await threadMessage(deps, row, { ...shown, providerMessageId, failure: null });
    await logLine(deps.db, row, "csat_sent", SENT_AS[plan.send]);
  } catch (err) {
    deps.log?.error({ err }, "CSAT survey not sent");
  }
}

/**
 * The survey as the thread shows it: a message from the business (its client id marks it as the survey, so reply
 * counts skip it), with the provider's id so its ticks move like any other, pushed to the conversation's rooms. One
 * the carrier refused is written failed with its reason, and leaves the list's last message alone (nothing went out).
 */
async function threadMessage(
  deps: CsatDeps,
  row: ConversationRow,
  m: {
    text: string;
    templateName: string | null;
    surveyId: string;
    providerMessageId: string | null;
    at: Date;
    failure: string | null;
  },
): Promise<void> {
  const [message] = await deps.db
    .insert(chatMessages)
    .values({
      conversationId: row.id,
      userId: row.userId,
      direction: "out",
      type: m.templateName ? "template" : "text",
      text: m.text,
      body: m.templateName ? { templateName: m.templateName } : {},
      clientId: csatSurveyClientId(m.surveyId),
      authorName: "Satisfaction survey",
      status: m.failure === null ? "sent" : "failed",
      error: m.failure,
      providerMessageId: m.providerMessageId,
      createdAt: m.at,
    })
    .returning();
  if (m.failure === null)
    await deps.db.execute(sql`update conversations set
      last_message_at = greatest(last_message_at, ${m.at.toISOString()}::timestamptz),
      last_message_text = ${previewOf("text", m.text)}
    where id = ${row.id}`);
  if (deps.io && message) pushChatMessage(deps.io, row, message);
}
