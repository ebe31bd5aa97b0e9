// An account's provider connections: list, connect a WhatsApp Cloud API number by hand, edit, test, remove. Secrets
// are sealed before they reach a row and never read back to the console; every change that adapters depend on bumps
// the channel's version, and the router in this process forgets its routes at once (others within its route TTL).
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CarrierChannelRecord, CarrierChannelsPage } from "../../../contract/calls";
import type { CarrierRouter } from "../../carriers/router";
import type { ConnectionCheck } from "../../carriers/router/channel-adapter";
import { checkConnection } from "../../carriers/whatsapp-cloud/connection";
import { subscribeApp } from "../../carriers/whatsapp-cloud/onboarding";
import { WHATSAPP_CLOUD } from "../../carriers/whatsapp-cloud/settings";
import type { WhatsAppCloudConfig } from "../../carriers/whatsapp-cloud/config";
import { linkOrigin, type ServerConfig } from "../../config";
import type { Db } from "../../db/client";
import {
  carrierChannels,
  carrierRcsBots,
  rcsBots,
  wabaPhoneNumbers,
  wabas,
  type CarrierChannelSettings,
} from "../../db/schema";
import { badRequest, conflict, HttpError, notFound } from "../../http/errors";
import type { SchemaBody } from "../../../schemas";
import { rowsOf } from "../../db/sql";
import { hintOf, openCredentials, sealCredentials } from "./credentials-crypto";
import { toChannelRecord, type ChannelRow } from "./records";
import { busyRcsCampaign } from "./rcs";
import { busySmsCampaign } from "./sms";

export interface ChannelDeps {
  db: Db;
  config: Pick<ServerConfig, "publicUrl" | "port" | "credentials" | "whatsappCloud" | "carrierAllowPrivate" | "rbm">;
  carrier: CarrierRouter;
  log?: { warn: (obj: unknown, msg: string) => void };
}

/**
 * Channels as the console sees them. An RBM channel names its bot as the bot is named now (read through the claim in
 * carrier_rcs_bots), not as it was when connected: a rename shows on the channel's card at once.
 */
export async function recordsOf(deps: ChannelDeps, rows: readonly ChannelRow[]): Promise<CarrierChannelRecord[]> {
  const rcsIds = rows.filter((r) => r.channel === "rcs").map((r) => r.id);
  const names = rcsIds.length
    ? await deps.db
        .select({ channelId: carrierRcsBots.channelId, name: rcsBots.name })
        .from(carrierRcsBots)
        .innerJoin(rcsBots, eq(rcsBots.id, carrierRcsBots.botId))
        .where(inArray(carrierRcsBots.channelId, rcsIds))
    : [];
  const botNames = new Map(names.map((n) => [n.channelId, n.name]));
  return rows.map((row) =>
    toChannelRecord(
      row,
      linkOrigin(deps.config),
      deps.config.whatsappCloud.messagesPerSecond,
      botNames.get(row.id) ?? "",
    ),
  );
}

export const recordOf = async (deps: ChannelDeps, row: ChannelRow): Promise<CarrierChannelRecord> =>
  (await recordsOf(deps, [row]))[0];

/** Meta's refusal in words fit for the form: 400 when Meta said no, 502 when it did not answer. */
export function refusedConnection(check: Extract<ConnectionCheck, { ok: false }>): HttpError {
  if (check.code === "network") return new HttpError(502, check.message);
  const field = check.auth ? "access_token" : check.code === "100" ? "phone_number_id" : undefined;
  // Nothing was connected yet: the reason a live channel gets ("… disconnected: …, then test the connection") is
  // said here as what to fix in the form.
  const message = check.auth
    ? check.message.replace(/^WhatsApp channel disconnected: /, "").replace(/, then test the connection\.$/, ".")
    : check.message;
  return badRequest(message, field ? [{ field, message }] : undefined);
}

export const newVerifyToken = () => randomBytes(24).toString("base64url");

export async function listChannels(deps: ChannelDeps, ownerId: string): Promise<CarrierChannelsPage> {
  const rows = await deps.db
    .select()
    .from(carrierChannels)
    .where(eq(carrierChannels.userId, ownerId))
    .orderBy(asc(carrierChannels.createdAt), asc(carrierChannels.id));
  const app = deps.config.whatsappCloud.embeddedSignup;
  return {
    channels: await recordsOf(deps, rows),
    embeddedSignup: app
      ? { appId: app.appId, configId: app.configId ?? null, graphVersion: deps.config.whatsappCloud.version }
      : null,
  };
}

/** The caller's own channel (of `provider`, when given): another account's, or another provider's, is a 404. */
export async function ownChannel(db: Db, ownerId: string, id: string, provider?: string): Promise<ChannelRow> {
  const [row] = /^[0-9a-f-]{36}$/i.test(id)
    ? await db
        .select()
        .from(carrierChannels)
        .where(and(eq(carrierChannels.id, id), eq(carrierChannels.userId, ownerId)))
    : [];
  if (!row || (provider && row.provider !== provider)) throw notFound("Connection not found");
  return row;
}

/** The WABA must be new here: another account's is refused, the caller's own is edited instead. */
async function wabaIsFree(db: Db, ownerId: string, wabaId: string): Promise<void> {
  const [existing] = await db.select({ userId: wabas.userId }).from(wabas).where(eq(wabas.wabaId, wabaId));
  if (existing && existing.userId !== ownerId)
    throw conflict("This WhatsApp Business Account is connected to another account");
  if (existing)
    throw conflict("This WhatsApp Business Account is already connected: edit its connection to change the token");
}

export interface NewWhatsAppChannel {
  name: string;
  wabaId: string;
  phoneNumberId: string;
  secrets: { accessToken: string; appSecret: string; pin?: string };
  appId?: string;
  messagesPerSecond?: number;
  onboarding: "manual" | "embedded-signup";
  /** Embedded Signup's channels use the platform's app; its verify token is the one subscribed_apps was given. */
  verifyToken?: string;
  id?: string;
}

/** Stores a checked connection: the channel, its WABA (provider whatsapp_cloud) and the number, in one transaction. */
export async function storeWhatsAppChannel(
  deps: ChannelDeps,
  ownerId: string,
  input: NewWhatsAppChannel,
  found: Extract<ConnectionCheck, { ok: true }>,
): Promise<CarrierChannelRecord> {
  const id = input.id ?? randomUUID();
  const phone = found.phoneNumbers.find((p) => p.id === input.phoneNumberId);
  if (!phone)
    throw badRequest(
      `Phone number id ${input.phoneNumberId} is not a number of WhatsApp Business Account ${input.wabaId}`,
    );
  const settings: CarrierChannelSettings = {
    wabaId: input.wabaId,
    phoneNumberIds: [input.phoneNumberId],
    ...(input.appId ? { appId: input.appId } : {}),
    ...(input.messagesPerSecond ? { messagesPerSecond: input.messagesPerSecond } : {}),
    onboarding: input.onboarding,
  };
  const secrets: Record<string, string> = {
    accessToken: input.secrets.accessToken,
    appSecret: input.secrets.appSecret,
    ...(input.secrets.pin ? { pin: input.secrets.pin } : {}),
  };
  const row = await deps.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: wabaPhoneNumbers.id })
      .from(wabaPhoneNumbers)
      .where(eq(wabaPhoneNumbers.phoneNumberId, input.phoneNumberId));
    if (taken) throw conflict("This phone number is already connected here");
    const [channel] = await tx
      .insert(carrierChannels)
      .values({
        id,
        userId: ownerId,
        provider: WHATSAPP_CLOUD,
        channel: "whatsapp",
        name: input.name,
        credentials: sealCredentials(deps.config.credentials.key, id, secrets),
        credentialHints: { accessToken: hintOf(input.secrets.accessToken), appSecret: hintOf(input.secrets.appSecret) },
        settings,
        verifyToken: input.verifyToken ?? newVerifyToken(),
        lastSuccessAt: new Date(),
      })
      .returning();
    const [waba] = await tx
      .insert(wabas)
      .values({ userId: ownerId, wabaId: input.wabaId, name: found.name, provider: WHATSAPP_CLOUD, channelId: id })
      .returning({ id: wabas.id });
    await tx.insert(wabaPhoneNumbers).values({
      wabaId: waba.id,
      phoneNumberId: phone.id,
      displayPhoneNumber: phone.displayPhoneNumber,
      verifiedName: phone.verifiedName,
      qualityRating: phone.qualityRating,
      accountMode: "LIVE",
    });
    return channel;
  });
  deps.carrier.invalidate();
  return recordOf(deps, row);
}

export async function connectWhatsAppCloud(
  deps: ChannelDeps,
  ownerId: string,
  body: SchemaBody<"whatsapp-cloud-connect">,
): Promise<CarrierChannelRecord> {
  await wabaIsFree(deps.db, ownerId, body.waba_id);
  const cloud: WhatsAppCloudConfig = deps.config.whatsappCloud;
  const check = await checkConnection(cloud, {
    accessToken: body.access_token,
    wabaId: body.waba_id,
    phoneNumberIds: [body.phone_number_id],
  });
  if (!check.ok) throw refusedConnection(check);
  // Webhooks of the WABA reach the app the token belongs to; its callback URL is the one pasted in the App Dashboard.
  await subscribeApp(cloud, body.access_token, body.waba_id).catch((err: unknown) =>
    deps.log?.warn({ err }, "subscribing the app to the WABA's webhooks failed"),
  );
  return storeWhatsAppChannel(
    deps,
    ownerId,
    {
      name: body.name.trim(),
      wabaId: body.waba_id,
      phoneNumberId: body.phone_number_id,
      secrets: { accessToken: body.access_token, appSecret: body.app_secret.toLowerCase() },
      ...(body.app_id ? { appId: body.app_id } : {}),
      ...(body.messages_per_second ? { messagesPerSecond: body.messages_per_second } : {}),
      onboarding: "manual",
    },
    check,
  );
}

export async function updateChannel(
  deps: ChannelDeps,
  ownerId: string,
  id: string,
  body: SchemaBody<"carrier-channel-update">,
): Promise<CarrierChannelRecord> {
  const row = await ownChannel(deps.db, ownerId, id);
  if (row.provider !== WHATSAPP_CLOUD) {
    // An SMS or RBM connection's secrets and settings change through its own edit call (sms-edit.ts, rcs.ts).
    const other = (["access_token", "app_secret", "app_id"] as const).filter((k) => body[k] !== undefined);
    const [what, path] =
      row.channel === "rcs"
        ? ["an RCS agent's", "rcs-google"]
        : ["an SMS provider's", row.provider === "smpp" ? "smpp" : "sms-http"];
    if (other.length)
      throw badRequest(
        `${other.join(", ")} belong to WhatsApp Cloud API connections; ${what} credentials change with PUT /api/v1/channels/${path}/${row.id}`,
      );
  }
  const key = deps.config.credentials.key;
  const secrets = {
    ...openCredentials(key, row.id, row.credentials),
    ...(body.access_token ? { accessToken: body.access_token } : {}),
    ...(body.app_secret ? { appSecret: body.app_secret.toLowerCase() } : {}),
  };
  const settings: CarrierChannelSettings = {
    ...row.settings,
    ...(body.app_id ? { appId: body.app_id } : {}),
    ...(body.messages_per_second ? { messagesPerSecond: body.messages_per_second } : {}),
  };
  const secretsChanged = Boolean(body.access_token || body.app_secret);
  if (secretsChanged) {
    const check = await checkConnection(deps.config.whatsappCloud, {
      accessToken: secrets.accessToken ?? "",
      wabaId: settings.wabaId ?? "",
      phoneNumberIds: settings.phoneNumberIds ?? [],
    });
    if (!check.ok) throw refusedConnection(check);
  }
  const [updated] = await deps.db
    .update(carrierChannels)
    .set({
      ...(body.name ? { name: body.name.trim() } : {}),
      settings,
      ...(secretsChanged
        ? {
            credentials: sealCredentials(key, row.id, secrets),
            credentialHints: Object.fromEntries(
              Object.entries(secrets)
                .filter(([k]) => k !== "pin")
                .map(([k, v]) => [k, hintOf(v)]),
            ),
            // New credentials that passed the test connect a disconnected channel again.
            status: "connected" as const,
            statusReason: null,
            lastSuccessAt: new Date(),
          }
        : {}),
      version: sql`${carrierChannels.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(carrierChannels.id, row.id))
    .returning();
  deps.carrier.invalidate();
  return recordOf(deps, updated ?? row);
}

/** A real provider call with the stored credentials; a disconnected channel that passes is connected again. */
export async function testChannel(
  deps: ChannelDeps,
  ownerId: string,
  id: string,
): Promise<{ ok: boolean; code: string | null; message: string; channel: CarrierChannelRecord }> {
  const row = await ownChannel(deps.db, ownerId, id);
  const adapter = await deps.carrier.adapterOf(row.id);
  if (!adapter) throw notFound("Connection not found");
  const check = await adapter.testConnection();
  const now = new Date();
  const [updated] = await deps.db
    .update(carrierChannels)
    .set(
      check.ok
        ? {
            lastSuccessAt: now,
            ...(row.status === "disconnected"
              ? {
                  status: "connected" as const,
                  statusReason: null,
                  version: sql`${carrierChannels.version} + 1`,
                  updatedAt: now,
                }
              : {}),
          }
        : {
            lastErrorAt: now,
            lastErrorCode: check.code,
            lastError: check.message,
            ...(check.auth && row.status === "connected"
              ? {
                  status: "disconnected" as const,
                  statusReason: check.message,
                  version: sql`${carrierChannels.version} + 1`,
                  updatedAt: now,
                }
              : {}),
          },
    )
    .where(eq(carrierChannels.id, row.id))
    .returning();
  deps.carrier.invalidate();
  const channel = await recordOf(deps, updated ?? row);
  const message =
    check.ok && row.channel !== "whatsapp"
      ? `Connected: ${check.name}`
      : check.ok
        ? `Connected: ${check.name}, ${
            check.phoneNumbers
              .filter((p) => (row.settings.phoneNumberIds ?? []).includes(p.id))
              .map((p) => `${p.displayPhoneNumber} (${p.verifiedName})`)
              .join(", ") || "no number"
          }`
        : check.message;
  return { ok: check.ok, code: check.ok ? null : check.code, message, channel };
}

/**
 * Removes the connection with its WABA and numbers (an SMS one with its headers, which go back to the default
 * carrier); refused while a campaign sends (or will send) from them.
 */
export async function removeChannel(deps: ChannelDeps, ownerId: string, id: string): Promise<string> {
  const row = await ownChannel(deps.db, ownerId, id);
  const phoneIds = row.settings.phoneNumberIds ?? [];
  if (phoneIds.length > 0) {
    const busy = await rowsOf<{ name: string }>(
      deps.db,
      sql`select name from campaigns where channel = 'whatsapp' and status in ('running', 'paused', 'scheduled', 'ready')
          and sender = any(${`{${phoneIds.join(",")}}`}::text[]) limit 1`,
    );
    if (busy[0]) throw conflict(`The campaign "${busy[0].name}" sends from this number: finish or discard it first`);
  }
  const smsBusy = await busySmsCampaign(deps.db, ownerId, row.channel === "sms" ? (row.settings.senderIds ?? []) : []);
  if (smsBusy) throw conflict(`The campaign "${smsBusy}" sends from these sender ids: finish or discard it first`);
  const rcsBusy = row.channel === "rcs" ? await busyRcsCampaign(deps.db, ownerId, row.settings.botId) : null;
  if (rcsBusy) throw conflict(`The campaign "${rcsBusy}" sends from this bot: finish or discard it first`);
  await deps.db.transaction(async (tx) => {
    await tx.delete(wabas).where(and(eq(wabas.channelId, row.id), inArray(wabas.userId, [ownerId])));
    await tx.delete(carrierChannels).where(eq(carrierChannels.id, row.id));
  });
  deps.carrier.invalidate();
  // Its adapter goes now: an SMPP bind (and the receipts it would take) must not outlive the channel.
  await deps.carrier.forget(row.id);
  return row.name;
}
