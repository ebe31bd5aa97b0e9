import type { Db } from "./db/client";
import { smsAccounts, smsTemplates } from "./db/schema";

interface SeedAccount {
  owner: string;
  name: string;
  provider: string;
  isActive: boolean;
  dltEntityId: string;
  senderIds: string[];
  templates?: { name: string; body: string; category: string; senderId: string; dltTemplateId: string }[];
}

/**
 * Sandbox SMS accounts for the demo managers and users, so the SMS screens have something to show on a fresh machine.
 */
const DEMO_SMS: readonly SeedAccount[] = [
  {
    owner: "manager",
    name: "Acme Transactional",
    provider: "Sandbox · transactional route",
    isActive: true,
    dltEntityId: "1201159100000000001",
    senderIds: ["ACMERT", "ACMEOT"],
    templates: [
      {
        name: "Order shipped",
        body: "Dear {#var#}, your order {#var#} has been shipped and will arrive by {#var#}. - Acme Retail",
        category: "service-implicit",
        senderId: "ACMERT",
        dltTemplateId: "1107160000000000001",
      },
      {
        name: "Login OTP",
        body: "{#var#} is your Acme Retail login OTP. It is valid for 10 minutes. Do not share it with anyone.",
        category: "transactional",
        senderId: "ACMEOT",
        dltTemplateId: "1107160000000000002",
      },
      {
        name: "ऑर्डर डिलीवर",
        body: "प्रिय {#var#}, आपका ऑर्डर {#var#} डिलीवर हो गया है। धन्यवाद - Acme Retail",
        category: "service-implicit",
        senderId: "ACMERT",
        dltTemplateId: "1107160000000000003",
      },
      {
        // The CSAT survey on a DLT route goes as this registered text (server/services/chats/csat-dlt-text.ts fills
        // its variable with the account's business name); choose its id in Settings → Customer satisfaction.
        name: "Satisfaction survey",
        body: "Thank you for contacting {#var#}. How did we do? Reply with a number from 1 (poor) to 5 (great).",
        category: "service-implicit",
        senderId: "ACMERT",
        dltTemplateId: "1107160000000000005",
      },
    ],
  },
  {
    owner: "manager",
    name: "Acme Promotions",
    provider: "Sandbox · promotional route",
    isActive: false,
    dltEntityId: "1201159100000000001",
    senderIds: ["ACMEPR"],
    templates: [
      {
        name: "Weekend sale",
        body: "Weekend sale! Flat {#var#}% off on all orders above Rs {#var#}. Shop now at acme.example. T&C apply. - Acme",
        category: "promotional",
        senderId: "ACMEPR",
        dltTemplateId: "1107160000000000004",
      },
    ],
  },
  {
    owner: "user",
    name: "Uday Alerts",
    provider: "Sandbox · transactional route",
    isActive: true,
    dltEntityId: "1201159100000000002",
    senderIds: ["UDAYAL"],
  },
  {
    owner: "globex",
    name: "Globex Logistics",
    provider: "Sandbox · transactional route",
    isActive: true,
    dltEntityId: "1201159100000000003",
    senderIds: ["GLOBEX", "GLXTRK"],
  },
  {
    owner: "priya",
    name: "Priya Notifications",
    provider: "Sandbox · service route",
    isActive: true,
    dltEntityId: "1201159100000000004",
    senderIds: ["PRIYAN"],
  },
  {
    owner: "rahul",
    name: "Rahul Updates",
    provider: "Sandbox · service route",
    isActive: false,
    dltEntityId: "",
    senderIds: [],
  },
];

/** Called from seedDemo with the new accounts' ids by username. */
export async function seedSmsAccounts(db: Db, ids: ReadonlyMap<string, string>): Promise<void> {
  for (const { owner, templates, ...account } of DEMO_SMS) {
    const userId = ids.get(owner);
    if (!userId) continue;
    const [row] = await db
      .insert(smsAccounts)
      .values({ ...account, userId })
      .returning({ id: smsAccounts.id });
    if (templates?.length)
      await db.insert(smsTemplates).values(templates.map((t) => ({ ...t, smsAccountId: row.id, createdBy: userId })));
  }
}
