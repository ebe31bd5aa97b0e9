import { and, desc, eq, type SQL } from "drizzle-orm";
import type { CallBody } from "../../../contract/calls";
import type { RcsBotRecord } from "../../../contract/calls/channels-bots";
import {
  checkRcsBotFields,
  normaliseBotPhone,
  type RcsBotCheckedFields,
} from "../../../contract/domain/rcs-bot-checks";
import { RCS_CARRIERS, type BotStatus, type RcsUseCase } from "../../../contract/domain/rcs-bots";
import { MSG } from "../../../contract/messages";
import type { Static } from "@sinclair/typebox";
import type { Carrier, RcsLaunch } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { rcsBots, users } from "../../db/schema";
import { badRequest, notFound } from "../../http/errors";
import { isUuid, type Caller } from "../caller";

type BotRecord = Static<typeof RcsBotRecord>;
type BotRow = typeof rcsBots.$inferSelect & { username: string };
type CreateBody = CallBody<"bots.createRcs">;
type UpdateBody = CallBody<"bots.update">;

export const BOT_NOT_FOUND = "Bot not found";

const SELECT = { bot: rcsBots, username: users.username };

async function rows(db: Db, where: SQL | undefined): Promise<BotRow[]> {
  const found = await db
    .select(SELECT)
    .from(rcsBots)
    .innerJoin(users, eq(users.id, rcsBots.userId))
    .where(where)
    .orderBy(desc(rcsBots.createdAt), rcsBots.id);
  return found.map((r) => ({ ...r.bot, username: r.username }));
}

/** Launch state per carrier, always in RCS_CARRIERS order; a bot not registered yet is UNLAUNCHED everywhere. */
async function launchOf(carrier: Carrier, row: BotRow): Promise<BotRecord["launch"]> {
  const states: Record<string, RcsLaunch> =
    row.providerBotId && row.registeredAt
      ? await carrier.rcsLaunchState({ providerBotId: row.providerBotId, registeredAt: row.registeredAt })
      : {};
  return RCS_CARRIERS.map((name) => ({ carrier: name, ...(states[name] ?? { state: "UNLAUNCHED" as const }) }));
}

async function toRecord(carrier: Carrier, row: BotRow): Promise<BotRecord> {
  return {
    _id: row.id,
    userId: row.userId,
    username: row.username,
    name: row.name,
    description: row.description,
    useCase: row.useCase as RcsUseCase,
    brandColor: row.brandColor,
    logoUrl: row.logoUrl,
    bannerUrl: row.bannerUrl,
    phone: row.phone,
    website: row.website,
    privacyUrl: row.privacyUrl,
    termsUrl: row.termsUrl,
    status: row.status as BotStatus,
    providerBotId: row.providerBotId,
    billingCategory: row.billingCategory,
    launch: await launchOf(carrier, row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Tenancy: the admin reaches every bot, anyone else only its own account's; the rest answer 404 alike. */
function reach(caller: Caller): SQL | undefined {
  return caller.role === "admin" ? undefined : eq(rcsBots.userId, caller.id);
}

async function reachableBot(db: Db, caller: Caller, id: string): Promise<BotRow> {
  if (!isUuid(id)) throw notFound(BOT_NOT_FOUND);
  const [row] = await rows(db, and(eq(rcsBots.id, id), reach(caller)));
  if (!row) throw notFound(BOT_NOT_FOUND);
  return row;
}

export async function listBots(db: Db, carrier: Carrier, caller: Caller): Promise<BotRecord[]> {
  return Promise.all((await rows(db, reach(caller))).map((row) => toRecord(carrier, row)));
}

export async function getBot(db: Db, carrier: Carrier, caller: Caller, id: string): Promise<BotRecord> {
  return toRecord(carrier, await reachableBot(db, caller, id));
}

/** The checks beyond the schema, as a 400 with each field named; nothing is written before they pass. */
function checkFields(fields: RcsBotCheckedFields): void {
  const problems = checkRcsBotFields(fields);
  if (problems.length) throw badRequest(problems.map((p) => `${p.field}: ${p.message}`).join(", "), problems);
}

const trimmed = (value: string | undefined) => (value === undefined ? undefined : value.trim());

function columnsOf(body: Omit<UpdateBody, "botId">) {
  return {
    name: trimmed(body.name),
    description: trimmed(body.description),
    useCase: body.useCase,
    brandColor: body.brandColor?.toUpperCase(),
    logoUrl: body.logoUrl,
    bannerUrl: body.bannerUrl,
    phone: body.phone === undefined ? undefined : normaliseBotPhone(body.phone),
    website: body.website,
    privacyUrl: body.privacyUrl,
    termsUrl: body.termsUrl,
  };
}

/** Registers the bot with the carrier first: a refused registration leaves no row behind. */
export async function createBot(db: Db, carrier: Carrier, body: CreateBody): Promise<BotRecord> {
  checkFields(body);
  const [owner] = isUuid(body.userId)
    ? await db
        .select({ id: users.id, username: users.username, role: users.role })
        .from(users)
        .where(eq(users.id, body.userId))
    : [];
  if (!owner || owner.role === "admin") throw notFound(MSG.userNotFound);
  const columns = columnsOf(body);
  const registered = await carrier.registerRcsBot({
    name: body.name.trim(),
    description: body.description.trim(),
    useCase: body.useCase,
    brandColor: columns.brandColor ?? body.brandColor,
    logoUrl: body.logoUrl,
    bannerUrl: body.bannerUrl,
    phone: columns.phone,
    website: body.website,
    privacyUrl: body.privacyUrl,
    termsUrl: body.termsUrl,
  });
  const [row] = await db
    .insert(rcsBots)
    .values({
      ...columns,
      name: body.name.trim(),
      userId: owner.id,
      billingCategory: body.billingCategory ?? "non_conversational",
      providerBotId: registered.providerBotId,
      registeredAt: registered.registeredAt,
    })
    .returning();
  return toRecord(carrier, { ...row, username: owner.username });
}

export async function updateBot(db: Db, carrier: Carrier, caller: Caller, body: UpdateBody): Promise<BotRecord> {
  const { botId, ...fields } = body;
  checkFields(fields);
  const current = await reachableBot(db, caller, botId);
  const [row] = await db
    .update(rcsBots)
    .set({ ...columnsOf(fields), updatedAt: new Date() })
    .where(eq(rcsBots.id, current.id))
    .returning();
  return toRecord(carrier, { ...row, username: current.username });
}

export async function setBotStatus(
  db: Db,
  carrier: Carrier,
  caller: Caller,
  botId: string,
  status: BotStatus,
): Promise<BotRecord> {
  const current = await reachableBot(db, caller, botId);
  const [row] = await db
    .update(rcsBots)
    .set({ status, updatedAt: new Date() })
    .where(eq(rcsBots.id, current.id))
    .returning();
  return toRecord(carrier, { ...row, username: current.username });
}
