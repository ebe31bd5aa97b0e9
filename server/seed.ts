import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import type { ModuleName } from "../contract/modules";
import { MODULES } from "../contract/modules";
import type { Role } from "../contract/roles";
import { hashPassword } from "./services/accounts/passwords";
import type { Db } from "./db/client";
import { modulePermissions, users } from "./db/schema";
import { applyMoves } from "./services/balance/ledger";
import { sandboxConfigFromEnv } from "./carriers/sandbox/config";
import { seedSmsAccounts } from "./seed-sms";
import { seedChannelsDemo } from "./seed-channels";
import { planDemoCampaigns, seedCampaignsDemo } from "./seed-campaigns";
import { seedChatsDemo } from "./seed-chats";
import { seedContactsDemo } from "./seed-contacts";
import { seedLedgerDemo } from "./seed-ledger";
import { seedWhatsAppTemplates } from "./services/whatsapp-templates/seed";
import { seedRcsTemplateDemo } from "./services/rcs-templates/seed";
import { ensureSandboxSolution } from "./services/whatsapp/solutions";
import { storeConnection } from "./services/whatsapp/wabas";
import { sandboxWabaFor } from "./carriers/sandbox/whatsapp";

interface DemoAccount {
  username: string;
  role: Role;
  name: string;
  companyName: string;
  parent?: string;
  modules: readonly ModuleName[];
  /**
   * Balance in rupees once the demo is seeded. The ledger explains it: an opening credit of this plus what the
   * account's seeded campaigns took (spent, or still held), then those campaigns' holds and releases.
   */
  balance: number;
}

/**
 * One account per role plus a few sub-users. The manager lacks the api and agent modules and the user's balance
 * is under the low-balance threshold, so gating and the banner can be seen on a fresh install.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: "admin",
    role: "admin",
    name: "Asha Admin",
    companyName: "Messaging Console",
    modules: MODULES,
    balance: 0,
  },
  {
    username: "reseller",
    role: "reseller",
    name: "Ravi Reseller",
    companyName: "Northwind Telecom",
    parent: "admin",
    modules: MODULES,
    balance: 100000,
  },
  {
    username: "manager",
    role: "manager",
    name: "Meera Manager",
    companyName: "Acme Retail",
    parent: "reseller",
    modules: ["campaign", "template", "chat", "agent"],
    balance: 25000,
  },
  {
    username: "user",
    role: "user",
    name: "Uday User",
    companyName: "Acme Retail",
    parent: "manager",
    modules: ["campaign", "template", "chat", "api"],
    balance: 500,
  },
  {
    username: "depthead",
    role: "department_head",
    name: "Deepa Head",
    companyName: "Acme Retail",
    parent: "manager",
    modules: ["campaign", "template"],
    balance: 2000,
  },
  {
    username: "globex",
    role: "manager",
    name: "Gita Globex",
    companyName: "Globex Logistics",
    parent: "reseller",
    modules: ["campaign", "template", "chat", "api", "agent"],
    balance: 4200,
  },
  {
    username: "priya",
    role: "user",
    name: "Priya Sharma",
    companyName: "Acme Retail",
    parent: "manager",
    modules: ["campaign", "chat"],
    balance: 1500,
  },
  {
    username: "rahul",
    role: "user",
    name: "Rahul Verma",
    companyName: "Acme Retail",
    parent: "manager",
    modules: ["chat"],
    balance: 0,
  },
  // The manager's live agent (Team Members): answers the manager's conversations (seed-chats.ts links it).
  {
    username: "agent",
    role: "user",
    name: "Asha Verma",
    companyName: "Acme Retail",
    parent: "manager",
    modules: ["chat"],
    balance: 0,
  },
];

/** Seeds the demo accounts when the database has no users at all; never touches a database in use. */
export async function seedDemo(db: Db, password: string, log: FastifyBaseLogger): Promise<void> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return;
  const passwordHash = await hashPassword(password);
  const ids = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    const [row] = await db
      .insert(users)
      .values({
        username: account.username,
        email: `${account.username}@example.com`,
        passwordHash,
        role: account.role,
        name: account.name,
        companyName: account.companyName,
        parentId: account.parent ? ids.get(account.parent) : null,
      })
      .returning({ id: users.id });
    ids.set(account.username, row.id);
    if (account.modules.length) {
      await db.insert(modulePermissions).values(account.modules.map((moduleName) => ({ userId: row.id, moduleName })));
    }
  }
  const admin = ids.get("admin") as string;
  // The manager's sandbox WABA is connected (the template screens need one). Its analytics are what the seeded
  // campaigns and chats below sent over it, nothing invented.
  await ensureSandboxSolution(db);
  await storeConnection(
    db,
    ids.get("manager") as string,
    "sandbox",
    sandboxWabaFor(sandboxConfigFromEnv().seed, ids.get("manager") as string),
  );
  await seedSmsAccounts(db, ids);
  await seedChannelsDemo(db, ids);
  await seedWhatsAppTemplates(db, ids.get("manager") as string);
  await seedRcsTemplateDemo(db, ids);
  const now = Date.now();
  const campaigns = await planDemoCampaigns(db, ids, now);
  // Credited a day before the oldest seeded campaign was created, so every account's ledger starts with it.
  const openedAt = new Date(Math.min(now, ...campaigns.map((c) => c.start)) - 86_400_000);
  const credits = DEMO_ACCOUNTS.map((a) => {
    const userId = ids.get(a.username) as string;
    const taken = campaigns.filter((c) => c.plan.owner === userId).reduce((sum, c) => sum + c.takes, 0);
    return {
      userId,
      paise: a.balance * 100 + taken,
      kind: "credit" as const,
      note: "Opening balance",
      counterpartyId: admin,
      insufficient: "",
      at: openedAt,
    };
  }).filter((c) => c.paise > 0);
  await applyMoves(db, credits, admin);
  await seedCampaignsDemo(db, campaigns);
  await seedChatsDemo(db, ids);
  await seedContactsDemo(db, ids.get("manager") as string);
  await seedLedgerDemo(db, ids, openedAt);
  log.info(`seeded ${DEMO_ACCOUNTS.length} demo accounts (admin, reseller, manager, user, depthead, ...)`);
}

/**
 * What every start does to its database once it is open and migrated, wherever that happens (the database plugin,
 * or the child that prepares a new PGlite directory): the demo accounts when configured, the sandbox WhatsApp
 * solution always (seeded demo or not, old database or new).
 */
export async function seedOnStart(
  db: Db,
  config: { seedDemo: boolean; demoPassword: string },
  log: FastifyBaseLogger,
): Promise<void> {
  if (config.seedDemo) await seedDemo(db, config.demoPassword, log);
  await ensureSandboxSolution(db);
}
