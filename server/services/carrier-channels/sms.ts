// Connecting an SMS provider (SMPP 3.4 or a generic HTTP API) for some of the caller's headers. Like a WhatsApp Cloud
// API number (manage.ts): the credentials are checked with the provider first (SMPP: a bind and an unbind; HTTP: a
// request with the key), a refusal stores nothing, the secret is sealed before it reaches a row and never answered
// back. The headers are claimed in carrier_sms_senders, which is what the router reads (directory.ts): a header may be
// claimed only by the account whose SMS account registers it, by one channel, and not while another account registers
// it too, so no account's SMS goes out through another's provider. The provider's address is the user's to type: a
// private, loopback or link-local one is refused (400 on the field, nothing connected, nothing stored) unless the
// operator allows them (CARRIER_ALLOW_PRIVATE); the adapters check again on every connection (server/http/ssrf.ts).
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { CarrierChannelRecord } from "../../../contract/calls";
import { normalizeHeader } from "../../../contract/domain/sms";
import type { ReceiptStatus } from "../../carriers/carrier";
import { ADDRESS_REFUSED, PROVIDER_RULE } from "../../carriers/provider-address";
import type { CarrierRouter } from "../../carriers/router";
import type { ConnectionCheck } from "../../carriers/router/channel-adapter";
import { DEFAULT_TIMINGS, probeSmpp, SMPP } from "../../carriers/smpp";
import { createHttpSmsAdapter, SMS_HTTP } from "../../carriers/sms-http";
import { e164 } from "../../carriers/sms-http/inbound";
import type { Db } from "../../db/client";
import { carrierChannels, carrierSmsSenders, smsAccounts, type CarrierChannelSettings } from "../../db/schema";
import { badRequest, conflict, HttpError, type FieldError } from "../../http/errors";
import { privateHostError } from "../../http/ssrf";
import type { SchemaBody } from "../../../schemas";
import { rowsOf } from "../../db/sql";
import { hintOf, sealCredentials } from "./credentials-crypto";
import { newVerifyToken, recordOf, type ChannelDeps } from "./manage";

const refuse = (field: string, message: string) => badRequest(message, [{ field, message }]);

/**
 * The provider's refusal in words fit for the form: 400 when it said no, 502 when it did not answer, 400 on the
 * address field when the guard refused the address at connect time (a name that resolved to a public address a moment
 * before, in publicHost).
 */
function refusedSms(
  check: Extract<ConnectionCheck, { ok: false }>,
  secretField: string,
  addressField: string,
): HttpError {
  if (check.code === ADDRESS_REFUSED) return refuse(addressField, check.message);
  if (check.code === "network") return new HttpError(502, check.message);
  // Nothing was connected yet: the reason a live channel gets ("SMS channel disconnected: …, then test the
  // connection.") is said here as what to fix in the form.
  const message = check.message
    .replace(/^SMS channel disconnected: /, "")
    .replace(/, then test the connection\.$/, ".")
    .replace(/^./, (c) => c.toUpperCase());
  return check.auth ? badRequest(message, [{ field: secretField, message }]) : badRequest(message);
}

/**
 * The headers, normalized, if the caller may route them: each registered on one of the caller's own SMS accounts, on
 * no other account's, and claimed by no connection yet (but `channelId`, the connection being edited).
 */
export async function claimableHeaders(
  db: Db,
  ownerId: string,
  given: readonly string[],
  channelId?: string,
): Promise<string[]> {
  const headers = [...new Set(given.map(normalizeHeader))];
  const [own, others, claimed] = await Promise.all([
    rowsOf<{ h: string }>(
      db,
      sql`select distinct unnest(sender_ids) as h from sms_accounts where user_id = ${ownerId}`,
    ),
    db
      .select({ ids: smsAccounts.senderIds })
      .from(smsAccounts)
      .where(
        and(ne(smsAccounts.userId, ownerId), sql`${smsAccounts.senderIds} && ${`{${headers.join(",")}}`}::text[]`),
      ),
    db
      .select({
        sender: carrierSmsSenders.sender,
        userId: carrierSmsSenders.userId,
        name: carrierChannels.name,
        channelId: carrierSmsSenders.channelId,
      })
      .from(carrierSmsSenders)
      .innerJoin(carrierChannels, eq(carrierChannels.id, carrierSmsSenders.channelId))
      .where(inArray(carrierSmsSenders.sender, headers)),
  ]);
  const mine = new Set(own.map((r) => r.h));
  const unknown = headers.filter((h) => !mine.has(h));
  if (unknown.length)
    return Promise.reject(
      refuse(
        "sender_ids",
        `${unknown.join(", ")} ${unknown.length === 1 ? "is not a sender id" : "are not sender ids"} of your SMS accounts: register ${unknown.length === 1 ? "it" : "them"} under DLT registration first`,
      ),
    );
  const shared = headers.filter((h) => others.some((o) => o.ids.includes(h)));
  if (shared.length)
    return Promise.reject(
      conflict(`${shared.join(", ")} is registered by another account too, so it cannot be sent through your provider`),
    );
  const taken = claimed.find((c) => c.channelId !== channelId);
  if (taken)
    return Promise.reject(
      conflict(
        taken.userId === ownerId
          ? `${taken.sender} is already sent through ${taken.name}: disconnect that first`
          : `${taken.sender} is sent through another account's provider`,
      ),
    );
  return headers;
}

/** Stores a checked SMS channel and claims its headers, in one transaction; a header claimed meanwhile is a 409. */
async function storeSmsChannel(
  deps: ChannelDeps,
  ownerId: string,
  input: {
    provider: string;
    name: string;
    headers: readonly string[];
    settings: CarrierChannelSettings;
    secrets: Record<string, string>;
  },
): Promise<CarrierChannelRecord> {
  const id = randomUUID();
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [channel] = await tx
        .insert(carrierChannels)
        .values({
          id,
          userId: ownerId,
          provider: input.provider,
          channel: "sms",
          name: input.name,
          credentials: sealCredentials(deps.config.credentials.key, id, input.secrets),
          credentialHints: Object.fromEntries(Object.entries(input.secrets).map(([k, v]) => [k, hintOf(v)])),
          settings: { ...input.settings, senderIds: [...input.headers] },
          verifyToken: newVerifyToken(),
          lastSuccessAt: new Date(),
        })
        .returning();
      await tx
        .insert(carrierSmsSenders)
        .values(input.headers.map((sender) => ({ sender, channelId: id, userId: ownerId })));
      return channel;
    });
    deps.carrier.invalidate();
    return recordOf(deps, row);
  } catch (error) {
    if (String((error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code) === "23505")
      throw conflict("One of these sender ids was connected meanwhile: reload and try again");
    throw error;
  }
}

/** The early judgement of a typed address, for a clear refusal before any connection (the adapters judge again). */
async function publicHost(deps: ChannelDeps, field: string, host: string): Promise<void> {
  const refused = await privateHostError(host, deps.config.carrierAllowPrivate, PROVIDER_RULE);
  if (refused) throw refuse(field, refused.message);
}

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    throw refuse("url", "must be a valid http(s) URL");
  }
}

const TAG = /^0[xX]([0-9a-fA-F]{1,4})$/;

/** The SMPP form's settings as the adapter reads them, and the target of the check bind; a broken tag is named. */
export function smppTargetOf(body: SchemaBody<"smpp-edit">, password: string) {
  const tag = TAG.exec(body.dlt_entity_id_tag ?? "0x1400");
  if (!tag) throw refuse("dlt_entity_id_tag", "must be hexadecimal, e.g. 0x1400");
  const entityIdTag = Number.parseInt(tag[1], 16);
  // TLV tags below 0x1400 are SMPP's own (§5.3.2); a provider's parameters live in 0x1400–0x3FFF.
  if (entityIdTag < 0x1400 || entityIdTag > 0x3fff)
    throw refuse("dlt_entity_id_tag", "must be a provider-specific tag, 0x1400 to 0x3FFF");
  const target = {
    host: body.host.trim(),
    port: body.port,
    systemId: body.system_id,
    password,
    ...(body.system_type ? { systemType: body.system_type } : {}),
  };
  const settings: CarrierChannelSettings = {
    host: target.host,
    port: target.port,
    systemId: target.systemId,
    ...(target.systemType ? { systemType: target.systemType } : {}),
    messagesPerSecond: body.messages_per_second ?? 100,
    ...(body.dlt_entity_id
      ? { dltEntityId: body.dlt_entity_id, dltEntityIdTag: entityIdTag }
      : { dltEntityIdTag: entityIdTag }),
  };
  return { target, settings };
}

/** A bind and an unbind with these settings; the SMSC's refusal is thrown in words fit for the form. */
export async function checkSmpp(deps: ChannelDeps, target: ReturnType<typeof smppTargetOf>["target"]): Promise<void> {
  await publicHost(deps, "host", target.host);
  const check = await probeSmpp(target, DEFAULT_TIMINGS, deps.config.carrierAllowPrivate);
  if (!check.ok) throw refusedSms(check, "password", "host");
}

export async function connectSmpp(
  deps: ChannelDeps,
  ownerId: string,
  body: SchemaBody<"smpp-connect">,
): Promise<CarrierChannelRecord> {
  const headers = await claimableHeaders(deps.db, ownerId, body.sender_ids);
  const { target, settings } = smppTargetOf(body, body.password);
  await checkSmpp(deps, target);
  return storeSmsChannel(deps, ownerId, {
    provider: SMPP,
    name: body.name.trim(),
    headers,
    settings,
    secrets: { password: body.password },
  });
}

const words = (list: string) => [
  ...new Set(
    list
      .split(",")
      .map((w) => w.trim())
      .filter(Boolean),
  ),
];

/** The HTTP form's text fields as the adapter's profile reads them; each broken one is named. */
export function httpSettingsOf(body: SchemaBody<"sms-http-edit">): CarrierChannelSettings {
  const errors: FieldError[] = [];
  let template: unknown;
  try {
    template = JSON.parse(body.body_template);
  } catch {
    errors.push({ field: "body_template", message: "must be valid JSON" });
  }
  if (template !== undefined && (typeof template !== "object" || template === null || Array.isArray(template)))
    errors.push({ field: "body_template", message: "must be a JSON object" });
  else if (
    template !== undefined &&
    (!body.body_template.includes("{{text}}") || !/\{\{to(_digits)?\}\}/.test(body.body_template))
  ) {
    errors.push({
      field: "body_template",
      message: "must place the message ({{text}}) and the recipient ({{to}} or {{to_digits}})",
    });
  }
  const inbound = inboundMappingOf(body, errors);
  const delivered = words(body.dlr_delivered);
  const failed = words(body.dlr_failed);
  const both = delivered.filter((w) => failed.includes(w));
  if (both.length)
    errors.push({ field: "dlr_failed", message: `must not repeat a delivered status (${both.join(", ")})` });
  if (errors.length) throw badRequest(errors.map((e) => `${e.field} ${e.message}`).join("; "), errors);
  const statuses: Record<string, ReceiptStatus> = {
    ...Object.fromEntries(delivered.map((w) => [w, "delivered" as const])),
    ...Object.fromEntries(failed.map((w) => [w, "failed" as const])),
  };
  return {
    url: body.url,
    authHeader: body.auth_header,
    authPrefix: body.auth_prefix ?? "",
    body: template as Record<string, unknown>,
    messageIdPath: body.message_id_path,
    dlr: {
      idPath: body.dlr_id_path,
      statusPath: body.dlr_status_path,
      ...(body.dlr_code_path ? { codePath: body.dlr_code_path } : {}),
      statuses,
    },
    messagesPerSecond: body.messages_per_second ?? 100,
    ...(body.dlt_entity_id ? { entityId: body.dlt_entity_id } : {}),
    ...(body.preset ? { preset: body.preset } : {}),
    ...(inbound ? { inbound } : {}),
  };
}

/**
 * The inbound (MO) mapping: where the number written to is (or the reply number itself), the customer's number, the
 * text and the message id; none without the first. A missing one of the others is named in `errors`.
 */
function inboundMappingOf(
  body: SchemaBody<"sms-http-edit">,
  errors: FieldError[],
): CarrierChannelSettings["inbound"] | undefined {
  const fromPath = body.inbound_from_path?.trim() ?? "";
  const textPath = body.inbound_text_path?.trim() ?? "";
  const idPath = body.inbound_id_path?.trim() ?? "";
  const toPath = body.inbound_to_path?.trim() ?? "";
  const number = body.inbound_number?.trim() ? e164(body.inbound_number) : "";
  // Off until the number written to is known (a path or the reply number): a preset's paths alone (MSG91's) turn
  // nothing on before the account enters its virtual number.
  if (!toPath && !number) return undefined;
  const missing = (
    [
      ["inbound_from_path", fromPath],
      ["inbound_text_path", textPath],
      ["inbound_id_path", idPath],
    ] as const
  ).filter(([, v]) => !v);
  for (const [field] of missing) errors.push({ field, message: "is needed to receive customers' messages" });
  return { fromPath, textPath, idPath, ...(toPath ? { toPath } : {}), ...(number ? { number } : {}) };
}

/**
 * The channel's reply number (where customers write when the provider's callback does not say it) is an inbox address
 * of its account (chats/addresses.ts): refused when another account's SMS account or channel has it already, so no
 * account receives, or answers, another's customers.
 */
export async function replyNumberFree(db: Db, ownerId: string, settings: CarrierChannelSettings): Promise<void> {
  const number = settings.inbound?.number;
  if (!number) return;
  const [taken] = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one from sms_accounts where reply_number = ${number} and user_id <> ${ownerId}
        union all
        select 1 from carrier_channels where channel = 'sms' and settings->'inbound'->>'number' = ${number} and user_id <> ${ownerId}
        limit 1`,
  );
  if (taken)
    throw conflict(`${number} is another account's number: it cannot receive this account's customers' messages`);
}

/** A request with the key to the provider with these settings; its refusal is thrown in words fit for the form. */
export async function checkSmsHttp(
  deps: ChannelDeps,
  ownerId: string,
  settings: CarrierChannelSettings,
  apiKey: string,
): Promise<void> {
  await publicHost(deps, "url", hostOf(settings.url ?? ""));
  // The adapter's own check, on a connection that exists only for it: a request with the key, refused or not.
  const probe = createHttpSmsAdapter(
    {
      id: "probe",
      userId: ownerId,
      provider: SMS_HTTP,
      channel: "sms",
      version: 0,
      status: "connected",
      statusReason: null,
      settings: { ...settings },
      secrets: { apiKey },
      verifyToken: "",
    },
    { success: () => undefined, sent: () => undefined, failure: () => undefined },
    { allowPrivate: deps.config.carrierAllowPrivate },
  );
  const check = await probe.testConnection().finally(() => probe.close());
  if (!check.ok) throw refusedSms(check, "api_key", "url");
}

export async function connectSmsHttp(
  deps: ChannelDeps,
  ownerId: string,
  body: SchemaBody<"sms-http-connect">,
): Promise<CarrierChannelRecord> {
  const settings = httpSettingsOf(body);
  const headers = await claimableHeaders(deps.db, ownerId, body.sender_ids);
  await replyNumberFree(deps.db, ownerId, settings);
  await checkSmsHttp(deps, ownerId, settings, body.api_key);
  return storeSmsChannel(deps, ownerId, {
    provider: SMS_HTTP,
    name: body.name.trim(),
    headers,
    settings,
    secrets: { apiKey: body.api_key },
  });
}

/**
 * A campaign that will still send from one of these headers, if any (removing the channel would move it to the
 * sandbox).
 */
export async function busySmsCampaign(db: Db, ownerId: string, headers: readonly string[]): Promise<string | null> {
  if (headers.length === 0) return null;
  const [busy] = await rowsOf<{ name: string }>(
    db,
    sql`select c.name from campaigns c left join sms_templates t on t.id = c.template_id
        where c.user_id = ${ownerId} and c.channel = 'sms' and c.status in ('running', 'paused', 'scheduled', 'ready')
          and coalesce(c.sender, t.sender_id) = any(${`{${headers.join(",")}}`}::text[]) limit 1`,
  );
  return busy?.name ?? null;
}

/** Headers another account's connection claims, of those given (an SMS account may not register them). */
export async function headersClaimedByOthers(db: Db, ownerId: string, headers: readonly string[]): Promise<string[]> {
  if (headers.length === 0) return [];
  const rows = await db
    .select({ sender: carrierSmsSenders.sender })
    .from(carrierSmsSenders)
    .where(and(inArray(carrierSmsSenders.sender, [...headers]), ne(carrierSmsSenders.userId, ownerId)));
  return rows.map((r) => r.sender);
}

/**
 * Builds the adapter of every connected SMPP channel, so each binds when the server starts: an SMSC hands stored
 * receipts and customers' messages only to a bound transceiver. Not awaited past building: a bind that fails keeps
 * retrying in its adapter and is reported in the channel's health.
 */
export async function bindSmppChannels(db: Db, carrier: CarrierRouter, log: FastifyBaseLogger): Promise<void> {
  const rows = await db
    .select({ id: carrierChannels.id })
    .from(carrierChannels)
    .where(and(eq(carrierChannels.provider, SMPP), eq(carrierChannels.status, "connected")));
  for (const { id } of rows)
    void carrier
      .adapterOf(id)
      .catch((err: unknown) => log.warn({ err, channelId: id }, "SMPP channel not bound at start"));
}
