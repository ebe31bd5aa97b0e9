// An account's conversion settings (issue 41, item 2): its attribution window and its postback URL. The postback's
// token is 256 random bits, kept only as its SHA-256 (like an API key's secret), so the URL is shown once; making a
// new one replaces the old in the same row, and the old stops working at once.
import { randomBytes } from "node:crypto";
import type { Static } from "@sinclair/typebox";
import { eq } from "drizzle-orm";
import type { ConversionSettingsRecord } from "../../../contract/calls/conversion-settings";
import { POSTBACK_TOKEN_PREFIX } from "../../../contract/domain/conversions";
import type { Db } from "../../db/client";
import { conversionPostbacks, users } from "../../db/schema";
import { hashSecret } from "../api-keys/secrets";

export type ConversionSettings = Static<typeof ConversionSettingsRecord>;

export async function conversionSettingsOf(db: Db, accountId: string): Promise<ConversionSettings> {
  const [row] = await db
    .select({
      windowDays: users.conversionWindowDays,
      hint: conversionPostbacks.hint,
      createdAt: conversionPostbacks.createdAt,
      lastUsedAt: conversionPostbacks.lastUsedAt,
    })
    .from(users)
    .leftJoin(conversionPostbacks, eq(conversionPostbacks.userId, users.id))
    .where(eq(users.id, accountId));
  return {
    windowDays: row.windowDays,
    postback:
      row.hint === null || row.createdAt === null
        ? null
        : {
            hint: row.hint,
            createdAt: row.createdAt.toISOString(),
            lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
          },
  };
}

export async function setWindowDays(db: Db, accountId: string, windowDays: number): Promise<void> {
  await db
    .update(users)
    .set({ conversionWindowDays: windowDays, updatedAt: new Date() })
    .where(eq(users.id, accountId));
}

/** A new token for the account, replacing its old one; answers the token (the only time it exists in clear). */
export async function newPostbackToken(db: Db, accountId: string): Promise<string> {
  const token = `${POSTBACK_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const values = { tokenHash: hashSecret(token), hint: token.slice(-4), createdAt: new Date(), lastUsedAt: null };
  await db
    .insert(conversionPostbacks)
    .values({ userId: accountId, ...values })
    .onConflictDoUpdate({ target: conversionPostbacks.userId, set: values });
  return token;
}

export async function revokePostback(db: Db, accountId: string): Promise<boolean> {
  const gone = await db
    .delete(conversionPostbacks)
    .where(eq(conversionPostbacks.userId, accountId))
    .returning({ userId: conversionPostbacks.userId });
  return gone.length > 0;
}

/** The account a token belongs to (one index read), marking it used; null for a token of nobody. */
export async function postbackOwner(db: Db, token: string): Promise<string | null> {
  if (!token.startsWith(POSTBACK_TOKEN_PREFIX)) return null;
  const [row] = await db
    .update(conversionPostbacks)
    .set({ lastUsedAt: new Date() })
    .where(eq(conversionPostbacks.tokenHash, hashSecret(token)))
    .returning({ userId: conversionPostbacks.userId });
  return row?.userId ?? null;
}
