// Connecting a Google RCS Business Messaging agent for one of the caller's RCS bots. Like the SMS providers (sms.ts):
// the credentials are checked with Google first (a JWT bearer grant with the service account's key and a capability
// call as the agent), a refusal stores nothing, the key and the client token are sealed before they reach a row and
// never answered back. The bot is claimed in carrier_rcs_bots, which is what the router reads (directory.ts): only
// the bot's owner may claim it, and one connection at a time, so no account's RCS goes out through another's agent.
// Google's URLs are the operator's (RBM_API_URL, RBM_TOKEN_URL), never taken from the key file.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { CarrierChannelRecord } from "../../../contract/calls";
import { createRbmAdapter, parseServiceAccountKey, RCS_GOOGLE } from "../../carriers/rcs";
import type { ConnectionCheck } from "../../carriers/router/channel-adapter";
import type { Db } from "../../db/client";
import { carrierChannels, carrierRcsBots, rcsBots, type CarrierChannelSettings } from "../../db/schema";
import { badRequest, conflict, HttpError, notFound } from "../../http/errors";
import type { SchemaBody } from "../../../schemas";
import { rowsOf } from "../../db/sql";
import { hintOf, openCredentials, sealCredentials } from "./credentials-crypto";
import { newVerifyToken, ownChannel, recordOf, type ChannelDeps } from "./manage";

const refuse = (field: string, message: string) => badRequest(message, [{ field, message }]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USE_CASES = ["OTP", "TRANSACTIONAL", "PROMOTIONAL", "MULTI_USE"] as const;

/** Google's refusal in words fit for the form: 400 on the key when it was refused, 502 when Google did not answer. */
function refusedRbm(check: Extract<ConnectionCheck, { ok: false }>): HttpError {
  if (check.code === "network") return new HttpError(502, check.message);
  const message = check.message
    .replace(/^RCS channel disconnected: /, "")
    .replace(/ Upload a new service-account key, then test the connection\.$/, "")
    .replace(/^./, (c) => c.toUpperCase());
  return check.auth ? refuse("service_account_key", message) : badRequest(message);
}

/** A real call with these credentials: an adapter of the connection-to-be, reporting its health nowhere. */
async function checkRbm(
  deps: ChannelDeps,
  c: { id: string; userId: string; settings: CarrierChannelSettings; secrets: Record<string, string> },
): Promise<void> {
  const probe = createRbmAdapter(
    {
      id: c.id,
      userId: c.userId,
      provider: RCS_GOOGLE,
      channel: "rcs",
      version: 0,
      status: "connected",
      statusReason: null,
      settings: { ...c.settings },
      secrets: c.secrets,
      verifyToken: "",
    },
    { success: () => undefined, sent: () => undefined, failure: () => undefined },
    deps.config.rbm,
  );
  const check = await probe.testConnection().finally(() => probe.close());
  if (!check.ok) throw refusedRbm(check);
}

export async function connectRcs(
  deps: ChannelDeps,
  ownerId: string,
  body: SchemaBody<"rcs-google-connect">,
): Promise<CarrierChannelRecord> {
  const key = parseServiceAccountKey(body.service_account_key);
  if (typeof key === "string") throw refuse("service_account_key", key);
  const [bot] = UUID.test(body.bot_id)
    ? await deps.db
        .select()
        .from(rcsBots)
        .where(and(eq(rcsBots.id, body.bot_id), eq(rcsBots.userId, ownerId)))
    : [];
  if (!bot) throw notFound("RCS bot not found");
  const [claimed] = await deps.db
    .select({ name: carrierChannels.name })
    .from(carrierRcsBots)
    .innerJoin(carrierChannels, eq(carrierChannels.id, carrierRcsBots.channelId))
    .where(eq(carrierRcsBots.botId, bot.id));
  if (claimed) throw conflict(`${bot.name} already sends through ${claimed.name}: disconnect that first`);
  const agentId = body.agent_id.replace(/@rbm\.goog$/, "");
  const useCase = USE_CASES.find((u) => u === bot.useCase) ?? "MULTI_USE";
  const id = randomUUID();
  const settings: CarrierChannelSettings = {
    agentId,
    botId: bot.id,
    useCase,
    serviceAccount: key.clientEmail,
    messagesPerSecond: body.messages_per_second ?? deps.config.rbm.messagesPerSecond,
  };
  const secrets = { serviceAccountKey: body.service_account_key, clientToken: body.client_token };
  await checkRbm(deps, { id, userId: ownerId, settings, secrets });
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [channel] = await tx
        .insert(carrierChannels)
        .values({
          id,
          userId: ownerId,
          provider: RCS_GOOGLE,
          channel: "rcs",
          name: body.name.trim(),
          credentials: sealCredentials(deps.config.credentials.key, id, secrets),
          // The key file's id says which key is stored (its last characters are the JSON's closing braces).
          credentialHints: {
            serviceAccountKey: (key.privateKeyId ?? "").slice(-4),
            clientToken: hintOf(body.client_token),
          },
          settings,
          verifyToken: newVerifyToken(),
          lastSuccessAt: new Date(),
        })
        .returning();
      await tx.insert(carrierRcsBots).values({ botId: bot.id, channelId: id, userId: ownerId });
      return channel;
    });
    deps.carrier.invalidate();
    return recordOf(deps, row);
  } catch (error) {
    if (String((error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code) === "23505")
      throw conflict(`${bot.name} was connected meanwhile: reload and try again`);
    throw error;
  }
}

/**
 * Edits an RBM connection: name, agent, throughput, and the key or client token when new ones are typed (absent: the
 * stored ones are kept). The bot stays. Checked with Google like a connect; a refusal changes nothing.
 */
export async function editRcs(
  deps: ChannelDeps,
  ownerId: string,
  id: string,
  body: SchemaBody<"rcs-google-edit">,
): Promise<CarrierChannelRecord> {
  const row = await ownChannel(deps.db, ownerId, id, RCS_GOOGLE);
  const stored = openCredentials(deps.config.credentials.key, row.id, row.credentials);
  const key = parseServiceAccountKey(body.service_account_key ?? stored.serviceAccountKey ?? "");
  if (typeof key === "string") throw refuse("service_account_key", key);
  const secrets = {
    serviceAccountKey: body.service_account_key ?? stored.serviceAccountKey ?? "",
    clientToken: body.client_token ?? stored.clientToken ?? "",
  };
  const settings: CarrierChannelSettings = {
    ...row.settings,
    agentId: body.agent_id.replace(/@rbm\.goog$/, ""),
    serviceAccount: key.clientEmail,
    messagesPerSecond: body.messages_per_second ?? deps.config.rbm.messagesPerSecond,
  };
  await checkRbm(deps, { id: row.id, userId: ownerId, settings, secrets });
  const secretsChanged = body.service_account_key !== undefined || body.client_token !== undefined;
  const now = new Date();
  const [updated] = await deps.db
    .update(carrierChannels)
    .set({
      name: body.name.trim(),
      settings,
      ...(secretsChanged
        ? {
            credentials: sealCredentials(deps.config.credentials.key, row.id, secrets),
            credentialHints: {
              serviceAccountKey: (key.privateKeyId ?? "").slice(-4),
              clientToken: hintOf(secrets.clientToken),
            },
          }
        : {}),
      status: "connected",
      statusReason: null,
      lastSuccessAt: now,
      version: sql`${carrierChannels.version} + 1`,
      updatedAt: now,
    })
    .where(eq(carrierChannels.id, row.id))
    .returning();
  deps.carrier.invalidate();
  return recordOf(deps, updated ?? row);
}

/** The campaign that still sends (or will) from an RBM channel's bot, if any: the channel is not removed under it. */
export async function busyRcsCampaign(db: Db, ownerId: string, botId: string | undefined): Promise<string | null> {
  if (!botId) return null;
  const [busy] = await rowsOf<{ name: string }>(
    db,
    sql`select name from campaigns where user_id = ${ownerId} and channel = 'rcs' and status in ('running', 'paused', 'scheduled', 'ready') and bot_id::text = ${botId} limit 1`,
  );
  return busy?.name ?? null;
}
