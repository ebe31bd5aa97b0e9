// Campaigns for the dispatcher suites, written straight into the tables (creating and starting campaigns through the
// API is another part of the product), and a server whose carrier counts every send by message id.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import type { ServerConfig } from "../config";
import type { Carrier, CarrierEvent, CarrierListener, OutboundMessage } from "../carriers/carrier";
import { createSandboxCarrier } from "../carriers/sandbox";
import type { SandboxMessageConfig } from "../carriers/sandbox/message-config";
import { testSandboxConfig } from "../carriers/sandbox/test-config";
import type { Database, Db } from "../db/client";
import { campaigns, smsAccounts, smsTemplates, users, whatsappTemplates } from "../db/schema";
import type { DispatchOverrides } from "../services/campaigns/dispatch-settings";
import { ROW_LOCK } from "../db/locks";
import { holdForCampaign } from "../services/campaigns/money";
import { applyMovesIn } from "../services/balance/ledger";
import type { Tx } from "../db/sql";
import { DEMO_PASSWORD, demoSessions, type DemoName } from "./harness";

/** Receipts and replies within a few ms, generous per-sender rates: a run of thousands takes a second or two. */
export const FAST_MESSAGES: Partial<SandboxMessageConfig> = {
  sentMs: { min: 1, max: 5 },
  deliveryMs: { min: 1, max: 5 },
  readMs: { min: 1, max: 5 },
  replyMs: { min: 5, max: 10 },
  perSecond: { whatsapp: 100_000, sms: 100_000, rcs: 100_000 },
};

/** Counts sends by id; `inject` plays an event to the server as if the carrier had sent it. */
export type CountingCarrier = Carrier & {
  sends: Map<string, number>;
  sent: OutboundMessage[];
  /** When each message id was first handed to the carrier (ms): the pace as the provider sees it. */
  sentAt: Map<string, number>;
  inject(event: CarrierEvent): void;
};

export function countingCarrier(base: Carrier, idempotentSends = base.idempotentSends): CountingCarrier {
  const sends = new Map<string, number>();
  const sent: OutboundMessage[] = [];
  const sentAt = new Map<string, number>();
  const listeners = new Set<CarrierListener>();
  return {
    ...base,
    idempotentSends,
    sends,
    sent,
    sentAt,
    inject: (event) => listeners.forEach((l) => l(event)),
    onEvent: (listener) => {
      listeners.add(listener);
      const off = base.onEvent(listener);
      return () => {
        listeners.delete(listener);
        off();
      };
    },
    send: async (message) => {
      sends.set(message.id, (sends.get(message.id) ?? 0) + 1);
      if (!sentAt.has(message.id)) sentAt.set(message.id, Date.now());
      sent.push(message);
      return base.send(message);
    },
  };
}

export function fastSandbox(seed = "dispatch", messages: Partial<SandboxMessageConfig> = {}): CountingCarrier {
  return countingCarrier(createSandboxCarrier(testSandboxConfig(seed, { ...FAST_MESSAGES, ...messages })));
}

export interface DispatchServer {
  app: FastifyInstance;
  /** The server's data directory (its disk storage lives under it). */
  dataDir: string;
  carrier: CountingCarrier;
  id(name: DemoName): Promise<string>;
  token(name: DemoName): Promise<string>;
  close(): Promise<void>;
}

/** `config`: settings a test needs besides these (e.g. webhooks allowed to reach its receiver on this machine). */
export async function dispatchServer(
  database: Database,
  options: { carrier?: CountingCarrier; dispatch?: DispatchOverrides; config?: Partial<ServerConfig> } = {},
): Promise<DispatchServer> {
  const carrier = options.carrier ?? fastSandbox();
  const dataDir = mkdtempSync(join(tmpdir(), "dispatch-"));
  const app = await buildApp({
    database,
    // TEST_LOG=1 shows the server's warnings and errors (a lost receipt batch says why here).
    logger: !!process.env.TEST_LOG,
    carrier,
    dispatch: {
      idleMs: 20,
      eventsFlushMs: 20,
      perSecond: { whatsapp: 100_000, sms: 100_000, rcs: 100_000 },
      ...options.dispatch,
    },
    config: {
      ...(process.env.TEST_LOG ? { logLevel: "warn" } : {}),
      dataDir,
      demoPassword: DEMO_PASSWORD,
      webRoot: "./.no-web-root",
      jwtSecret: "test-secret",
      jobIntervalMs: 50,
      ...options.config,
    },
  });
  await app.ready();
  const { login } = demoSessions(app);
  return {
    app,
    dataDir,
    carrier,
    id: async (n) => (await login(n)).id,
    token: async (n) => (await login(n)).token,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Sets a test account's balance as an admin would: a credit or debit of the difference with its ledger row, so the
 * ledger still explains the balance (ledger-invariant.ts) after a test starts from a figure of its choice.
 */
export async function setBalance(db: Db, userId: string, rupees: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, userId)).for(ROW_LOCK);
    const paise = Math.round(Number(rupees) * 100) - Math.round(Number(row.balance) * 100);
    if (paise === 0) return;
    await applyMovesIn(
      tx,
      [
        {
          userId,
          paise,
          kind: paise > 0 ? "credit" : "debit",
          note: `Test balance set to ₹${rupees}`,
          insufficient: "",
        },
      ],
      userId,
    );
  });
}

export async function balanceOf(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return Math.round(Number(row?.balance ?? 0) * 100);
}

export async function whatsappTemplate(
  db: Db,
  userId: string,
  opts: { name?: string; category?: "MARKETING" | "UTILITY" | "AUTHENTICATION" } = {},
): Promise<{ id: string; name: string }> {
  const name = opts.name ?? `t_${Math.random().toString(36).slice(2, 10)}`;
  const [row] = await db
    .insert(whatsappTemplates)
    .values({
      userId,
      wabaId: "waba-dispatch",
      name,
      language: "en_US",
      category: opts.category ?? "UTILITY",
      requestedCategory: opts.category ?? "UTILITY",
      status: "APPROVED",
      components: [{ type: "BODY", text: "Hello {{1}}" }],
      providerTemplateId: `p-${name}`,
      submittedAt: new Date(),
    })
    .returning({ id: whatsappTemplates.id, name: whatsappTemplates.name });
  return row;
}

export async function smsTemplate(
  db: Db,
  userId: string,
  body = "Dear {#var#}, your code is {#var#}. - ACME",
  replyNumber = "+919111100000",
): Promise<{
  id: string;
  name: string;
  accountId: string;
  senderId: string;
  replyNumber: string;
  dltTemplateId: string;
}> {
  const [account] = await db
    .insert(smsAccounts)
    .values({ userId, name: "Dispatch SMS", provider: "sandbox", senderIds: ["ACMEIN"], replyNumber })
    .returning({ id: smsAccounts.id });
  const [row] = await db
    .insert(smsTemplates)
    .values({
      smsAccountId: account.id,
      name: `sms_${Math.random().toString(36).slice(2, 8)}`,
      body,
      category: "transactional",
      senderId: "ACMEIN",
      dltTemplateId: "1107000000000001",
    })
    .returning({ id: smsTemplates.id, name: smsTemplates.name });
  return { ...row, accountId: account.id, senderId: "ACMEIN", replyNumber, dltTemplateId: "1107000000000001" };
}

export interface CampaignSeed {
  userId: string;
  channel?: "whatsapp" | "sms" | "rcs";
  templateId: string;
  templateName: string;
  sender?: string;
  smsAccountId?: string;
  numbers: readonly string[];
  rowVariables?: (n: number) => string[];
  variables?: string[];
  status?: "running" | "paused" | "ready";
  /** Paise held from the owner's balance (through the ledger) at start. */
  holdPaise: number;
  failover?: typeof campaigns.$inferInsert.failover;
}

/** A campaign with its recipients, the hold taken as starting it would, in the given status (default running). */
export async function insertCampaign(db: Db, seed: CampaignSeed): Promise<string> {
  const [row] = await db
    .insert(campaigns)
    .values({
      userId: seed.userId,
      createdBy: seed.userId,
      channel: seed.channel ?? "whatsapp",
      name: `Dispatch ${Math.random().toString(36).slice(2, 7)}`,
      status: "ready",
      templateId: seed.templateId,
      templateName: seed.templateName,
      sender: seed.sender ?? "phone-1",
      smsAccountId: seed.smsAccountId ?? null,
      variables: seed.variables ?? ["{{name}}"],
      sourceKind: "paste",
      validCount: seed.numbers.length,
      failover: seed.failover ?? null,
    })
    .returning({ id: campaigns.id, userId: campaigns.userId, name: campaigns.name });
  await db.transaction(async (tx) => holdForCampaign(tx as unknown as Tx, row, seed.holdPaise, seed.userId));
  for (let start = 0; start < seed.numbers.length; start += 1000) {
    const chunk = seed.numbers.slice(start, start + 1000);
    const values = chunk.map((number, i) => {
      const vars = seed.rowVariables?.(start + i) ?? [`Name ${start + i}`];
      return sql`(${row.id}, ${seed.userId}, ${start + i + 2}, ${number}, ${`{${vars.map((v) => `"${v}"`).join(",")}}`}::text[])`;
    });
    await db.execute(
      sql`insert into campaign_recipients (campaign_id, user_id, row, number, variables) values ${sql.join(values, sql`, `)}`,
    );
  }
  if ((seed.status ?? "running") !== "ready")
    await db
      .update(campaigns)
      .set({ status: seed.status ?? "running", startedAt: new Date() })
      .where(eq(campaigns.id, row.id));
  return row.id;
}

/** `count` ordinary numbers (the sandbox draws their fate from the seed): +9198xxxxxxxx. */
export const ordinaryNumbers = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, i) => `+9198${String(10_000_000 + offset + i).slice(-8)}`);

export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A campaign's spend and the sum of its recipients' charges (each message and its SMS failover), read in one
 * statement: settlement may give a failed message's charge back between two separate reads.
 */
export async function spendAndCharges(db: Db, campaignId: string): Promise<{ spent: number; charges: number }> {
  const result: unknown = await db.execute(sql`
    select spent_paise::int as spent,
      (select coalesce(sum(cost_paise + failover_cost_paise), 0)::int from campaign_recipients where campaign_id = ${campaignId}) as charges
    from campaigns where id = ${campaignId}`);
  const [row] = (result as { rows: { spent: number; charges: number }[] }).rows;
  return row;
}
