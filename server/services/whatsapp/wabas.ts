import { asc, eq, inArray } from "drizzle-orm";
import type { WabaPhoneNumber, WabaRecord } from "../../../contract/calls";
import type { QualityRating } from "../../../contract/calls";
import type { WabaConnection } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { wabaPhoneNumbers, wabas } from "../../db/schema";
import { conflict } from "../../http/errors";

type PhoneRow = typeof wabaPhoneNumbers.$inferSelect;

const toPhone = (p: PhoneRow): WabaPhoneNumber => ({
  id: p.phoneNumberId,
  display_phone_number: p.displayPhoneNumber,
  verified_name: p.verifiedName,
  quality_rating: p.qualityRating as QualityRating,
  account_mode: p.accountMode,
});

/** The account's WABAs with their numbers, oldest first. */
export async function listWabas(db: Db, userId: string): Promise<WabaRecord[]> {
  const rows = await db
    .select()
    .from(wabas)
    .where(eq(wabas.userId, userId))
    .orderBy(asc(wabas.createdAt), asc(wabas.id));
  if (rows.length === 0) return [];
  const phones = await db
    .select()
    .from(wabaPhoneNumbers)
    .where(
      inArray(
        wabaPhoneNumbers.wabaId,
        rows.map((w) => w.id),
      ),
    )
    .orderBy(asc(wabaPhoneNumbers.createdAt), asc(wabaPhoneNumbers.phoneNumberId));
  return rows.map((w) => ({
    _id: w.id,
    waba_id: w.wabaId,
    name: w.name,
    provider: w.provider,
    createdAt: w.createdAt.toISOString(),
    phone_numbers: phones.filter((p) => p.wabaId === w.id).map(toPhone),
  }));
}

/**
 * Stores what the carrier connected. Idempotent per account: connecting again (the sandbox gives an account the
 * same WABA every time) stores nothing new and says so; a WABA another account holds is refused.
 */
export async function storeConnection(
  db: Db,
  userId: string,
  provider: string,
  connection: WabaConnection,
): Promise<{ created: boolean; record: WabaRecord }> {
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(wabas).where(eq(wabas.wabaId, connection.wabaId));
    if (existing && existing.userId !== userId)
      throw conflict("This WhatsApp Business Account is connected to another account");
    if (existing) return false;
    const [row] = await tx
      .insert(wabas)
      .values({ userId, wabaId: connection.wabaId, name: connection.name, provider })
      .returning({ id: wabas.id });
    if (connection.phoneNumbers.length > 0) {
      await tx.insert(wabaPhoneNumbers).values(
        connection.phoneNumbers.map((p) => ({
          wabaId: row.id,
          phoneNumberId: p.id,
          displayPhoneNumber: p.displayPhoneNumber,
          verifiedName: p.verifiedName,
          qualityRating: p.qualityRating,
          accountMode: provider === "sandbox" ? "SANDBOX" : "LIVE",
        })),
      );
    }
    return true;
  });
  const record = (await listWabas(db, userId)).find((w) => w.waba_id === connection.wabaId);
  if (!record) throw new Error("stored WABA not found after onboarding");
  return { created, record };
}

export interface OwnedPhone {
  row: PhoneRow;
  wabaId: string;
  ownerId: string;
}

/** Phone numbers with their WABA and its owner; `ownerId` narrows to one account. */
export async function phonesOf(db: Db, filter: { ownerId?: string; phoneNumberIds?: string[] }): Promise<OwnedPhone[]> {
  const rows = await db
    .select({ row: wabaPhoneNumbers, wabaId: wabas.wabaId, ownerId: wabas.userId })
    .from(wabaPhoneNumbers)
    .innerJoin(wabas, eq(wabas.id, wabaPhoneNumbers.wabaId))
    .where(
      filter.ownerId
        ? eq(wabas.userId, filter.ownerId)
        : filter.phoneNumberIds
          ? inArray(wabaPhoneNumbers.phoneNumberId, filter.phoneNumberIds)
          : undefined,
    )
    .orderBy(asc(wabas.createdAt), asc(wabaPhoneNumbers.createdAt), asc(wabaPhoneNumbers.phoneNumberId));
  return filter.ownerId && filter.phoneNumberIds
    ? rows.filter((r) => filter.phoneNumberIds?.includes(r.row.phoneNumberId))
    : rows;
}

export { toPhone };
