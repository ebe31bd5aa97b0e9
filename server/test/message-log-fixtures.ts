import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { apiKeys, apiMessages, chatMessages, conversations } from "../db/schema";
import { insertCampaign, insertRecipients, type RecipientSpec } from "./campaign-read-fixtures";

// Rows of the three kinds the message log reads, written straight into the tables for one account in a window of
// time the demo seed never reaches (2031), so a filter on that window sees only these rows.

export const at = (minutes: number) => new Date(Date.UTC(2031, 0, 10, 10, 0) + minutes * 60_000);
export const WINDOW = { from: at(-60).toISOString(), to: at(24 * 60).toISOString() };

export interface LogFixture {
  campaignId: string;
  otherCampaignId: string;
  recipientIds: number[];
  apiIds: string[];
  chatIds: number[];
}

export async function insertApiMessages(
  db: Db,
  userId: string,
  specs: readonly {
    to: string;
    state: "sent" | "delivered" | "failed";
    createdAt: Date;
    providerMessageId?: string;
    step?: number;
    costPaise?: number;
  }[],
): Promise<string[]> {
  const [key] = await db
    .insert(apiKeys)
    .values({
      userId,
      name: "log test",
      publicId: randomUUID(),
      secretHash: "x",
      scopes: ["messages:send"],
    })
    .returning({ id: apiKeys.id });
  const ids = specs.map(() => randomUUID());
  await db.insert(apiMessages).values(
    specs.map((s, i) => ({
      id: ids[i],
      userId,
      apiKeyId: key.id,
      requestId: randomUUID(),
      to: s.to,
      channel: s.step ? ("sms" as const) : ("whatsapp" as const),
      sender: "+919820000001",
      state: s.state,
      step: s.step ?? 0,
      chargedStep: s.step ?? 0,
      costPaise: s.costPaise ?? 0,
      providerMessageId: s.providerMessageId ?? null,
      steps: [
        {
          channel: "whatsapp" as const,
          from: "+919820000001",
          content: { kind: "text" as const, text: "Hello API" },
          costPaise: 80,
        },
        {
          channel: "sms" as const,
          from: "RTSEND",
          content: { kind: "text" as const, text: "Hello SMS" },
          costPaise: 25,
        },
      ],
      history: [{ status: "sent" as const, channel: "whatsapp" as const, at: s.createdAt.toISOString() }],
      createdAt: s.createdAt,
    })),
  );
  return ids;
}

export async function insertChatMessages(
  db: Db,
  userId: string,
  customer: string,
  specs: readonly {
    text: string;
    createdAt: Date;
    status?: "sent" | "delivered" | "failed";
    direction?: "in" | "out";
  }[],
): Promise<number[]> {
  const [conversation] = await db
    .insert(conversations)
    .values({ userId, channel: "whatsapp", customerNumber: customer, businessAddress: `pn-${randomUUID()}` })
    .returning({ id: conversations.id });
  const rows = await db
    .insert(chatMessages)
    .values(
      specs.map((s) => ({
        conversationId: conversation.id,
        userId,
        direction: s.direction ?? ("out" as const),
        text: s.text,
        status: s.status ?? ("sent" as const),
        createdAt: s.createdAt,
      })),
    )
    .returning({ id: chatMessages.id });
  return rows.map((r) => r.id);
}

/** A campaign with recipients at the given minutes (several at one instant, to test the cursor's ties). */
export async function insertLogCampaign(db: Db, userId: string, name: string, specs: readonly RecipientSpec[]) {
  const campaignId = await insertCampaign(db, { userId, channel: "whatsapp", name, status: "completed" });
  return { campaignId, recipientIds: await insertRecipients(db, campaignId, userId, specs) };
}
