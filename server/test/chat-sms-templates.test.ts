// Which SMS templates an agent may answer with (the conversation's template list and what a send accepts): DLT
// scrubs the header and the template together, so a conversation with a header offers that header's templates, one
// with an SMS account's reply number that account's, and an address no SMS account names (a carrier channel's
// inbound number) all of the account's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { smsAccounts, smsTemplates } from "../db/schema";
import { quickReplies } from "../services/chats/templates";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let database: Database;
let manager = "";

/** Two SMS accounts of the manager: one with two headers and a reply number, one with a header and its own number. */
const ACCOUNTS = [
  { name: "Route one", senderIds: ["ONEAAA", "ONEBBB"], replyNumber: "+919876530001" },
  { name: "Route two", senderIds: ["TWOAAA"], replyNumber: "+919876530002" },
];
const TEMPLATES = [
  { account: 0, senderId: "ONEAAA", name: "T one A" },
  { account: 0, senderId: "ONEBBB", name: "T one B" },
  { account: 1, senderId: "TWOAAA", name: "T two A" },
];
const OURS = new Set(TEMPLATES.map((t) => t.name));

beforeAll(async () => {
  server = await startServer();
  database = server.database;
  manager = await server.id("manager");
  const ids: string[] = [];
  for (const a of ACCOUNTS) {
    const [account] = await database.db
      .insert(smsAccounts)
      .values({ userId: manager, provider: "Acme SMPP", dltEntityId: "1201159100000054321", ...a })
      .returning({ id: smsAccounts.id });
    ids.push(account.id);
  }
  await database.db.insert(smsTemplates).values(
    TEMPLATES.map((t, i) => ({
      smsAccountId: ids[t.account],
      name: t.name,
      body: `Dear {#var#}, your order has shipped. - Acme ${i}`,
      category: "transactional" as const,
      senderId: t.senderId,
      dltTemplateId: `110716000000009900${i}`,
    })),
  );
});

afterAll(async () => {
  await server?.close();
});

describe("SMS templates offered in a conversation", () => {
  it.each([
    ["a header: that header's only", "ONEAAA", ["T one A"]],
    ["the account's other header", "ONEBBB", ["T one B"]],
    ["another account's header", "TWOAAA", ["T two A"]],
    ["an account's reply number: that account's", "+919876530001", ["T one A", "T one B"]],
    ["the other account's reply number", "+919876530002", ["T two A"]],
    ["an address no SMS account names: all of the account's", "+919876539999", ["T one A", "T one B", "T two A"]],
  ])("%s", async (_, businessAddress, expected) => {
    const offered = await quickReplies(database.db, { channel: "sms", userId: manager, businessAddress });
    expect(offered.map((t) => t.name).filter((name) => OURS.has(name))).toEqual(expected);
  });

  it("another account's templates are never offered", async () => {
    const offered = await quickReplies(database.db, {
      channel: "sms",
      userId: await server.id("globex"),
      businessAddress: "+919876539999",
    });
    expect(offered.filter((t) => OURS.has(t.name))).toEqual([]);
  });
});
