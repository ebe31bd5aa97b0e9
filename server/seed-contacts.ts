import type { AttributeValue } from "../contract/domain/contacts";
import type { ConsentChannel, ConsentMethod, ConsentStatus } from "../contract/domain/consent";
import type { Db } from "./db/client";
import { consentEvents, contactAttributeDefs, contacts } from "./db/schema";

// Demo contacts on a fresh install (issue 39), so the manager's Contacts screen, its consent area and the campaign
// wizard's contact fields show something: a few people with attributes and labels, two of them the numbers of the
// seeded WhatsApp conversations (seed-chats.ts), and their consent history. No money moves here.

const HOUR = 60 * 60 * 1000;

const ATTRIBUTES = [
  { key: "city", label: "Town", type: "text" as const, choices: [] },
  { key: "tier", label: "Loyalty tier", type: "choice" as const, choices: ["bronze", "silver", "gold"] },
  { key: "orders", label: "Orders", type: "number" as const, choices: [] },
  { key: "birthday", label: "Birthday", type: "date" as const, choices: [] },
];

interface DemoContact {
  number: string;
  name: string;
  email: string;
  language: string;
  labels: string[];
  attributes: Record<string, AttributeValue>;
  /** [channel, status, method, proof, hours ago], oldest first. */
  consent: [ConsentChannel, ConsentStatus, ConsentMethod, string, number][];
}

export const DEMO_CONTACTS: DemoContact[] = [
  {
    number: "+919810000101",
    name: "Asha Verma",
    email: "asha.verma@example.in",
    language: "hi",
    labels: ["vip", "pune"],
    attributes: { city: "Pune", tier: "gold", orders: 14, birthday: "1990-08-14" },
    consent: [["whatsapp", "opted_in", "form", "Checkout page opt-in box", 24 * 40]],
  },
  {
    number: "+919810000102",
    name: "Ravi Kumar",
    email: "ravi.k@example.in",
    language: "en",
    labels: ["pune"],
    attributes: { city: "Pune", tier: "silver", orders: 3 },
    consent: [["whatsapp", "opted_in", "import", "Store sign-up sheet, March", 24 * 20]],
  },
  {
    number: "+919810000111",
    name: "Meera Iyer",
    email: "meera@example.in",
    language: "ta",
    labels: ["diwali"],
    attributes: { city: "Chennai", tier: "bronze", orders: 1 },
    consent: [
      ["sms", "opted_in", "form", "Loyalty card form", 24 * 60],
      ["sms", "opted_out", "keyword", "", 24 * 2],
    ],
  },
  {
    number: "+919810000112",
    name: "Imran Shaikh",
    email: "",
    language: "en",
    labels: ["vip"],
    attributes: { city: "Mumbai", tier: "gold", orders: 22 },
    consent: [["all", "opted_in", "agent", "Confirmed on a call", 24 * 10]],
  },
  {
    number: "+919810000113",
    name: "",
    email: "",
    language: "",
    labels: [],
    attributes: {},
    consent: [],
  },
];

export async function seedContactsDemo(db: Db, ownerId: string): Promise<void> {
  await db.insert(contactAttributeDefs).values(ATTRIBUTES.map((a) => ({ ...a, userId: ownerId })));
  await db.insert(contacts).values(
    DEMO_CONTACTS.map((c) => ({
      userId: ownerId,
      number: c.number,
      name: c.name,
      email: c.email,
      language: c.language,
      labels: c.labels,
      attributes: c.attributes,
      source: "console" as const,
    })),
  );
  const now = Date.now();
  const events = DEMO_CONTACTS.flatMap((c) =>
    c.consent.map(([channel, status, method, proof, hoursAgo]) => ({
      userId: ownerId,
      number: c.number,
      channel,
      purpose: "marketing" as const,
      status,
      method,
      proof,
      actorId: method === "keyword" ? null : ownerId,
      createdAt: new Date(now - hoursAgo * HOUR),
    })),
  );
  if (events.length) await db.insert(consentEvents).values(events);
}
