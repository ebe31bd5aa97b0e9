// Editing an SMS provider connection (SMPP or HTTP): every setting as on connect, the secret only when a new one is
// typed (it is never shown again, so an absent one keeps the stored one). Like a connect (sms.ts), the result is
// checked with the provider before anything is saved and a refusal changes nothing. Headers may be added (the same
// rules as on connect; the channel's own claims are its to keep) or dropped, but not from under a campaign that still
// sends from them. A saved edit bumps the channel's version: the router builds its adapter anew (an SMPP bind is
// closed and bound again with the new settings at once, so receipts keep arriving).
import { eq, sql } from "drizzle-orm";
import type { CarrierChannelRecord } from "../../../contract/calls";
import { SMPP } from "../../carriers/smpp";
import { SMS_HTTP } from "../../carriers/sms-http";
import { carrierChannels, carrierSmsSenders, type CarrierChannelSettings } from "../../db/schema";
import { conflict } from "../../http/errors";
import type { SchemaBody } from "../../../schemas";
import { hintOf, openCredentials, sealCredentials } from "./credentials-crypto";
import { ownChannel, recordOf, type ChannelDeps } from "./manage";
import type { ChannelRow } from "./records";
import {
  busySmsCampaign,
  checkSmpp,
  checkSmsHttp,
  claimableHeaders,
  httpSettingsOf,
  replyNumberFree,
  smppTargetOf,
} from "./sms";

/** The headers the edit may claim; a dropped header a campaign still sends from is a 409 before any provider call. */
async function editedHeaders(
  deps: ChannelDeps,
  ownerId: string,
  row: ChannelRow,
  given: readonly string[],
): Promise<string[]> {
  const headers = await claimableHeaders(deps.db, ownerId, given, row.id);
  const dropped = (row.settings.senderIds ?? []).filter((h) => !headers.includes(h));
  const busy = await busySmsCampaign(deps.db, ownerId, dropped);
  if (busy)
    throw conflict(
      `The campaign "${busy}" sends from ${dropped.join(", ")}: finish or discard it before taking ${dropped.length === 1 ? "it" : "them"} off this provider`,
    );
  return headers;
}

/** Saves a checked edit: the row (version bumped, connected again) and its header claims, in one transaction. */
async function saveSmsEdit(
  deps: ChannelDeps,
  ownerId: string,
  row: ChannelRow,
  input: {
    name: string;
    headers: readonly string[];
    settings: CarrierChannelSettings;
    secrets: Record<string, string>;
    secretsChanged: boolean;
  },
): Promise<CarrierChannelRecord> {
  const now = new Date();
  try {
    const updated = await deps.db.transaction(async (tx) => {
      const [channel] = await tx
        .update(carrierChannels)
        .set({
          name: input.name,
          settings: { ...input.settings, senderIds: [...input.headers] },
          ...(input.secretsChanged
            ? {
                credentials: sealCredentials(deps.config.credentials.key, row.id, input.secrets),
                credentialHints: Object.fromEntries(Object.entries(input.secrets).map(([k, v]) => [k, hintOf(v)])),
              }
            : {}),
          // The settings passed the provider's check just now: a disconnected channel is connected again.
          status: "connected",
          statusReason: null,
          lastSuccessAt: now,
          version: sql`${carrierChannels.version} + 1`,
          updatedAt: now,
        })
        .where(eq(carrierChannels.id, row.id))
        .returning();
      await tx.delete(carrierSmsSenders).where(eq(carrierSmsSenders.channelId, row.id));
      await tx
        .insert(carrierSmsSenders)
        .values(input.headers.map((sender) => ({ sender, channelId: row.id, userId: ownerId })));
      return channel;
    });
    deps.carrier.invalidate();
    // An SMPP channel's bind is made again with the new settings now (the old one is closed as its adapter is
    // replaced).
    if (row.provider === SMPP)
      void deps.carrier
        .adapterOf(row.id)
        .catch((err: unknown) =>
          deps.log?.warn({ err, channelId: row.id }, "SMPP channel not bound again after an edit"),
        );
    return recordOf(deps, updated);
  } catch (error) {
    if (String((error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code) === "23505")
      throw conflict("One of these sender ids was connected meanwhile: reload and try again");
    throw error;
  }
}

export async function editSmpp(
  deps: ChannelDeps,
  ownerId: string,
  id: string,
  body: SchemaBody<"smpp-edit">,
): Promise<CarrierChannelRecord> {
  const row = await ownChannel(deps.db, ownerId, id, SMPP);
  const stored = openCredentials(deps.config.credentials.key, row.id, row.credentials);
  const password = body.password ?? stored.password ?? "";
  const { target, settings } = smppTargetOf(body, password);
  const headers = await editedHeaders(deps, ownerId, row, body.sender_ids);
  await checkSmpp(deps, target);
  return saveSmsEdit(deps, ownerId, row, {
    name: body.name.trim(),
    headers,
    settings,
    secrets: { password },
    secretsChanged: body.password !== undefined,
  });
}

export async function editSmsHttp(
  deps: ChannelDeps,
  ownerId: string,
  id: string,
  body: SchemaBody<"sms-http-edit">,
): Promise<CarrierChannelRecord> {
  const row = await ownChannel(deps.db, ownerId, id, SMS_HTTP);
  const stored = openCredentials(deps.config.credentials.key, row.id, row.credentials);
  const apiKey = body.api_key ?? stored.apiKey ?? "";
  const settings = httpSettingsOf(body);
  const headers = await editedHeaders(deps, ownerId, row, body.sender_ids);
  await replyNumberFree(deps.db, ownerId, settings);
  await checkSmsHttp(deps, ownerId, settings, apiKey);
  return saveSmsEdit(deps, ownerId, row, {
    name: body.name.trim(),
    headers,
    settings,
    secrets: { apiKey },
    secretsChanged: body.api_key !== undefined,
  });
}
