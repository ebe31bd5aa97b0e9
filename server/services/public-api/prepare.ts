// A public-API message from its body to what is stored and sent: the number in E.164, each channel of its chain with
// its sender, content and cost, checked against the key (channels) and the channels' rules (SMS only through a DLT
// template; WhatsApp free text only inside the customer's 24-hour window). Nothing here writes.
import { randomUUID } from "node:crypto";
import type { SchemaBody } from "../../../schemas";
import { fallbackChainProblem, PUBLIC_ERRORS } from "../../../contract/domain/api-keys";
import type { ConsentPurpose } from "../../../contract/domain/consent";
import { decisionFor } from "../consent/records";
import { DLT_ROUTE_MESSAGES, dltNumberProblem, overlongVariables } from "../../../contract/domain/dlt-route";
import { DND_MESSAGES } from "../../../contract/domain/dnd";
import type { CampaignChannel } from "../../../contract/constants";
import type { MessageContent } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import type { PublicMessageStep } from "../../db/schema";
import type { FieldError } from "../../http/errors";
import { fillPlaceholders, smsTextContent } from "../campaigns/dispatch-content";
import { toE164 } from "../campaigns/phone";
import { dndHoldsBack } from "../dnd/scrub";
import { chargeFor, whatsappRateKey, type Charge } from "../../../contract/domain/charging";
import type { Rates } from "../campaigns/rates";
import { rcsBillable } from "../campaigns/dispatch-content";
import { openServiceWindows } from "../campaigns/service-window";
import { openRcsConversations } from "../campaigns/rcs-conversations";
import { publicError, type ApiCaller } from "./caller";
import type { SenderDirectory, SenderTemplate } from "./senders";

export type PublicMessageBody = SchemaBody<"public-message">;
type StepBody = Pick<PublicMessageBody, "channel" | "from" | "templateId" | "variables" | "text">;

export interface PreparedMessage {
  id: string;
  to: string;
  reference: string | null;
  steps: PublicMessageStep[];
}

export interface PrepareDeps {
  db: Db;
  senders: SenderDirectory;
  /** The rates the account pays (its rate card). */
  rates: (userId: string) => Promise<Rates>;
}

const refuse = (field: string, message: string) =>
  publicError("invalidRequest", `${field}: ${message}`, { errors: [{ field, message }] });

/** The open WhatsApp window of this customer with this number of the account, from the inbox's conversations. */
async function windowOpen(db: Db, userId: string, from: string, to: string): Promise<boolean> {
  return (await openServiceWindows(db, userId, from, [to])).has(to);
}

/** Whether this person is in an open conversation with this bot (our id: an RCS sender's `from`). */
async function inConversation(db: Db, botId: string, to: string): Promise<boolean> {
  return (await openRcsConversations(db, botId, [to])).has(to);
}

/** An SMS template of a DLT account: the operators carry only Indian mobiles and {#var#} values within DLT's limit. */
function dltRouteCheck(to: string, values: readonly string[], field: string): void {
  const number = dltNumberProblem(to);
  if (number)
    throw publicError("dltRoute", `${field}to: ${number}`, { errors: [{ field: `${field}to`, message: number }] });
  const over = overlongVariables(values);
  if (over.length) {
    const errors = over.map((o) => ({
      field: `${field}variables.${o.index}`,
      message: DLT_ROUTE_MESSAGES.variableTooLong(o.variable, o.length),
    }));
    throw publicError("dltRoute", errors.map((e) => `${e.field}: ${e.message}`).join(", "), { errors });
  }
}

/** Whether a template's messages are marketing, which 'marketing' opt-outs (WhatsApp's 131050) hold back. */
const marketingTemplate = (template: SenderTemplate): ConsentPurpose =>
  template.channel === "rcs" ||
  (template.channel === "whatsapp" && template.category === "MARKETING") ||
  (template.channel === "sms" && template.category === "promotional")
    ? "marketing"
    : "any";

/** Refuses a number the consent ledger (or the suppression list) holds back on this channel for this purpose. */
async function consentCheck(
  db: Db,
  userId: string,
  to: string,
  channel: CampaignChannel,
  purpose: ConsentPurpose,
  businessInitiated: boolean,
  field: string,
): Promise<void> {
  const decision = await decisionFor(db, userId, to, channel, purpose, businessInitiated);
  if (decision === "allowed") return;
  const name = decision === "optedOut" ? "optedOut" : "noOptIn";
  const message = PUBLIC_ERRORS[name].message;
  throw publicError(name, `${field}to: ${message}`, { errors: [{ field: `${field}to`, message }] });
}

function contentOf(template: SenderTemplate, values: readonly string[]): MessageContent {
  if (template.channel === "whatsapp")
    return { kind: "template", templateName: template.name, language: template.language, params: values };
  if (template.channel === "sms") return smsTextContent(template, values);
  return { kind: "rcs", draft: fillPlaceholders(template.draft, values) };
}

/**
 * What one step costs by the provider's rule; `windowOpen`: WhatsApp, the customer wrote to this sender within 24
 * hours; RCS, the person is in an open conversation with this (conversational) bot; `category`: a WhatsApp template's,
 * or a DLT SMS template's (its route's rate).
 */
function costOf(
  channel: CampaignChannel,
  content: MessageContent,
  rates: Rates,
  windowOpen: boolean,
  category?: string,
): Pick<PublicMessageStep, "costPaise" | "rateKey" | "ratePaise"> {
  const charge = chargeOf(channel, content, rates, windowOpen, category);
  // The rate it was priced at, kept with the step: a reseller's margin re-prices it at its own cost (rates/margins.ts).
  return charge.rateKey
    ? { costPaise: charge.paise, rateKey: charge.rateKey, ratePaise: rates[charge.rateKey] }
    : { costPaise: charge.paise };
}

function chargeOf(
  channel: CampaignChannel,
  content: MessageContent,
  rates: Rates,
  windowOpen: boolean,
  category?: string,
): Charge {
  if (channel === "sms")
    return chargeFor({ channel, text: content.kind === "text" ? content.text : "", category }, rates);
  if (channel === "rcs") {
    const billable =
      content.kind === "text"
        ? { channel, rich: false, text: content.text }
        : rcsBillable(content.kind === "rcs" ? content.draft : null);
    return chargeFor({ ...billable, inConversation: windowOpen }, rates);
  }
  const billable =
    content.kind === "template"
      ? { channel, kind: "template" as const, category: category ?? "UTILITY", windowOpen }
      : { channel, kind: "text" as const };
  return chargeFor(billable, rates);
}

async function prepareStep(
  deps: PrepareDeps,
  caller: ApiCaller,
  to: string,
  body: StepBody,
  field: string,
): Promise<PublicMessageStep> {
  const { channel } = body;
  if (!caller.channels.includes(channel))
    throw publicError("channelDenied", `This API key may not send on ${channel}.`);
  if (body.templateId && body.text !== undefined) throw refuse(`${field}text`, "send a templateId or text, not both");
  if (!body.templateId && body.text === undefined)
    throw refuse(`${field}templateId`, "send a templateId (with its variables) or text");
  if (body.text !== undefined && body.variables?.length) throw refuse(`${field}variables`, "go with a templateId only");
  const senders = (await deps.senders.senders(caller.userId)).filter((s) => s.channel === channel);
  const rates = await deps.rates(caller.userId);

  if (body.templateId) {
    const template = await deps.senders.template(caller.userId, channel, body.templateId);
    if (!template)
      throw refuse(
        `${field}templateId`,
        `is not an ${channel === "whatsapp" ? "approved " : ""}${channel} template of this account`,
      );
    // A template belongs to a sender (SMS header, WhatsApp number's WABA, RCS bot): the sender follows from it.
    const sender = senders.find((s) =>
      template.channel === "whatsapp"
        ? s.group === template.group && (!body.from || s.from === body.from)
        : s.from === (body.from ?? template.from),
    );
    if (!sender) {
      throw refuse(
        `${field}from`,
        body.from
          ? `is not a sender of this template on ${channel}`
          : `the template's sender is not an active ${channel} sender of this account`,
      );
    }
    const values = body.variables ?? [];
    if (values.length !== template.variables || values.some((v) => !v.trim())) {
      throw refuse(`${field}variables`, `the template ${template.name} needs ${template.variables} non-empty value(s)`);
    }
    if (template.channel === "sms" && template.dlt) {
      dltRouteCheck(to, values, field);
      // Promotional and service-explicit SMS to a number on the account's DND list: refused before anything is written.
      if (template.category && (await dndHoldsBack(deps.db, caller.userId, to, template.category))) {
        const message = DND_MESSAGES.blocked(template.category);
        throw publicError("dnd", `${field}to: ${message}`, { errors: [{ field: `${field}to`, message }] });
      }
    }
    await consentCheck(deps.db, caller.userId, to, channel, marketingTemplate(template), true, field);
    const content = contentOf(template, values);
    // A DLT SMS is priced by its template's category (its route); an SMS off DLT at the "sms" rate.
    const category =
      template.channel === "whatsapp"
        ? template.category
        : template.channel === "sms" && template.dlt
          ? (template.category ?? undefined)
          : undefined;
    // Only a utility template can be free in the service window: the window is asked for nothing else.
    const freeInWindow =
      template.channel === "whatsapp" && category !== undefined && whatsappRateKey(category) === "whatsapp_utility";
    const free =
      channel === "rcs"
        ? await inConversation(deps.db, sender.from, to)
        : freeInWindow && (await windowOpen(deps.db, caller.userId, sender.from, to));
    return {
      channel,
      from: sender.from,
      content,
      ...costOf(channel, content, rates, free, category),
      templateId: template.id,
      ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
    };
  }

  const sender = body.from ? senders.find((s) => s.from === body.from) : senders[0];
  if (!sender)
    throw refuse(
      `${field}from`,
      body.from ? `is not an active ${channel} sender of this account` : `this account has no active ${channel} sender`,
    );
  const text = body.text ?? "";
  // Free text answers the customer (WhatsApp's window, an RCS conversation): only an opt-out holds it back.
  if (channel !== "sms") await consentCheck(deps.db, caller.userId, to, channel, "any", false, field);
  if (channel === "sms")
    throw refuse(
      `${field}text`,
      "SMS in India goes out only through a registered DLT template: send its templateId and variables",
    );
  if (channel === "whatsapp" && !(await windowOpen(deps.db, caller.userId, sender.from, to)))
    throw publicError("windowClosed");
  const content: MessageContent = { kind: "text", text };
  // WhatsApp free-form text is only sent inside the window (checked above); RCS text is free only in a conversation.
  return {
    channel,
    from: sender.from,
    content,
    ...costOf(channel, content, rates, channel === "rcs" ? await inConversation(deps.db, sender.from, to) : true),
  };
}

/** A message's number and its chain of channels, resolved and priced; `field` prefixes errors (`messages.3.`). */
export async function prepareMessage(
  deps: PrepareDeps,
  caller: ApiCaller,
  body: PublicMessageBody,
  field = "",
): Promise<PreparedMessage> {
  const to = toE164(body.to);
  if (!to) throw refuse(`${field}to`, "is not a valid phone number");
  const chain: StepBody[] = [body, ...(body.fallback ?? [])];
  const problem = fallbackChainProblem(chain.map((s) => s.channel));
  if (problem) throw refuse(`${field}fallback`, problem);
  const steps: PublicMessageStep[] = [];
  for (const [i, step] of chain.entries())
    steps.push(await prepareStep(deps, caller, to, step, i === 0 ? field : `${field}fallback.${i - 1}.`));
  return { id: randomUUID(), to, reference: body.reference ?? null, steps };
}

/** Every message of a batch, or the refusal naming each bad one by its index (nothing is accepted then). */
export async function prepareBatch(
  deps: PrepareDeps,
  caller: ApiCaller,
  bodies: readonly PublicMessageBody[],
): Promise<PreparedMessage[]> {
  const prepared: PreparedMessage[] = [];
  const errors: FieldError[] = [];
  let first: Error | undefined;
  for (const [i, body] of bodies.entries()) {
    try {
      prepared.push(await prepareMessage(deps, caller, body, `messages.${i}.`));
    } catch (error) {
      first ??= error as Error;
      const own = (error as { errors?: FieldError[] }).errors;
      errors.push(...(own ?? [{ field: `messages.${i}`, message: (error as Error).message }]));
      if (errors.length >= 50) break;
    }
  }
  if (!first) return prepared;
  // One refusal for the whole batch: the first one's status (a channel the key may not use is 403, not 400).
  const status = (first as { statusCode?: number }).statusCode ?? 400;
  if (status !== 400 || errors.length === 1) throw first;
  throw publicError(
    "invalidRequest",
    `${errors.length} message(s) are not valid: ${errors
      .slice(0, 3)
      .map((e) => `${e.field}: ${e.message}`)
      .join(", ")}${errors.length > 3 ? ", …" : ""}`,
    { errors },
  );
}
