// A customer's answer to a campaign: the conversation's thread shows the campaign message they answer above their
// reply (as sent: the template filled with their values, its time and its ticks), once however often they write,
// and the conversation carries the name the audience file gave them.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/sql";
import { businessAddresses } from "../services/chats/addresses";
import { receiveInbound, type Inbound } from "../services/chats/inbound";
import { smsTemplate, whatsappTemplate } from "./campaign-fixtures";
import { insertCampaign, insertRecipients } from "./campaign-read-fixtures";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let owner = "";
beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000 });
  owner = await server.id("manager");
});
afterAll(async () => server?.close());

const db = () => server.database.db;
const sentAt = new Date(Date.now() - 3_600_000);
const deliveredAt = new Date(sentAt.getTime() + 2000);

interface Case {
  channel: "whatsapp" | "sms";
  number: string;
  name: string | null;
  /** The campaign, its template and where the customer's answer arrives. */
  setUp: () => Promise<{ campaignId: string; to: string; text: string; templateName: string | null }>;
}

const cases: Case[] = [
  {
    channel: "whatsapp",
    number: "+917310000001",
    name: "Asha Rao",
    setUp: async () => {
      const t = await whatsappTemplate(db(), owner, { name: "order_ready" });
      const to = (await businessAddresses(db(), owner)).find((a) => a.channel === "whatsapp")?.address ?? "";
      const campaignId = await insertCampaign(db(), {
        userId: owner,
        channel: "whatsapp",
        templateId: t.id,
        templateName: t.name,
        sender: to,
        variables: ["{{name}}"],
        status: "completed",
      });
      return { campaignId, to, text: "Hello Asha Rao", templateName: "order_ready" };
    },
  },
  {
    channel: "sms",
    number: "+917310000002",
    name: null,
    setUp: async () => {
      const t = await smsTemplate(db(), owner, "Dear {#var#}, your code is {#var#}. - ACME", "+919111100077");
      const campaignId = await insertCampaign(db(), {
        userId: owner,
        channel: "sms",
        templateId: t.id,
        templateName: t.name,
        sender: t.senderId,
        smsAccountId: t.accountId,
        variables: ["{{name}}", "4821"],
        status: "completed",
      });
      return { campaignId, to: t.replyNumber, text: "Dear Ravi, your code is 4821. - ACME", templateName: null };
    },
  },
];

describe.each(cases)("a $channel campaign answered", ({ channel, number, name, setUp }) => {
  it("shows the campaign message above the reply, once, with its ticks, and the customer's name", async () => {
    const { campaignId, to, text, templateName } = await setUp();
    const firstName = channel === "whatsapp" ? "Asha Rao" : "Ravi";
    const [recipientId] = await insertRecipients(db(), campaignId, owner, [
      { number, state: "delivered", sentAt, deliveredAt },
    ]);
    await db().execute(
      sql`update campaign_recipients set variables = ${`{"${firstName}"}`}::text[], name = ${name} where id = ${recipientId}`,
    );
    const reply = (text: string, second: number): Inbound => ({
      type: "inbound",
      channel,
      from: number,
      to,
      text,
      at: new Date(Date.now() + second * 1000),
    });

    const [first] = await receiveInbound(db(), [reply("Is it ready?", 0)]);
    await receiveInbound(db(), [reply("Hello?", 1)]);
    const chatId = first?.conversation.id ?? "";

    const thread = await server.call({ method: "GET", url: `/api/v1/chats/${chatId}/messages`, as: "manager" });
    expect(thread.statusCode, thread.body).toBe(200);
    const messages = thread.json().data as Record<string, unknown>[];
    expect(messages.map((m) => [m.direction, m.text])).toEqual([
      ["out", text],
      ["in", "Is it ready?"],
      ["in", "Hello?"],
    ]);
    expect(messages[0]).toMatchObject({
      messageType: channel === "whatsapp" ? "template" : "text",
      templateName,
      status: "delivered",
      campaignId,
      createdAt: sentAt.toISOString(),
    });

    // Ticks are the recipient's: a read receipt reaching the campaign shows in the thread.
    await db().execute(sql`update campaign_recipients set state = 'read', read_at = now() where id = ${recipientId}`);
    const again = await server.call({ method: "GET", url: `/api/v1/chats/${chatId}/messages`, as: "manager" });
    expect((again.json().data as { status: string }[])[0]?.status).toBe("read");
    // The catch-up after a reconnect renders it the same way.
    const sync = await server.call({ method: "GET", url: `/api/v1/chats/${chatId}/messages?after=0`, as: "manager" });
    expect((sync.json().data as { text: string }[])[0]?.text).toBe(text);

    const list = await server.call({
      method: "GET",
      url: `/api/v1/chats?channel=${channel}&q=${encodeURIComponent(number)}`,
      as: "manager",
    });
    expect(list.json().data).toMatchObject([{ _id: chatId, customerNumber: number, customerName: name }]);
  });
});

describe("a campaign older than the thread", () => {
  it("is not slipped under messages written since", async () => {
    const number = "+917310000003";
    const t = await whatsappTemplate(db(), owner, { name: "old_offer" });
    const to = (await businessAddresses(db(), owner)).find((a) => a.channel === "whatsapp")?.address ?? "";
    const [first] = await receiveInbound(db(), [
      { type: "inbound", channel: "whatsapp", from: number, to, text: "hi", at: new Date(Date.now() - 7 * 86_400_000) },
    ]);
    // A campaign message of a month ago the thread never showed (say, imported afterwards): the next answer is to the
    // thread, not to it.
    const campaignId = await insertCampaign(db(), {
      userId: owner,
      channel: "whatsapp",
      templateId: t.id,
      templateName: t.name,
      sender: to,
      variables: ["x"],
      status: "completed",
    });
    await insertRecipients(db(), campaignId, owner, [
      { number, state: "delivered", sentAt: new Date(Date.now() - 30 * 86_400_000) },
    ]);
    await receiveInbound(db(), [
      { type: "inbound", channel: "whatsapp", from: number, to, text: "again", at: new Date() },
    ]);
    const rows = await rowsOf<{ direction: string; text: string }>(
      db(),
      sql`select direction, text from chat_messages where conversation_id = ${first?.conversation.id} order by id`,
    );
    expect(rows).toEqual([
      { direction: "in", text: "hi" },
      { direction: "in", text: "again" },
    ]);
  });
});
