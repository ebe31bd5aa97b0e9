// A customer's answer to an RCS campaign reaches the inbox. A campaign is sent from its registered bot's provider id
// (campaigns/create.ts), so the answer arrives addressed there, while chats and the inbox know the bot by our id: the
// answer opens (or joins) the one conversation at our id, as a message written to our id does.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/sql";
import { receiveInbound, type Inbound } from "../services/chats/inbound";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let bot = { id: "", providerBotId: "" };
beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000 });
  const owner = await server.id("manager");
  [bot] = await rowsOf<typeof bot>(
    server.database.db,
    sql`select id::text, provider_bot_id as "providerBotId" from rcs_bots where user_id = ${owner} and provider_bot_id is not null limit 1`,
  );
});
afterAll(async () => server?.close());

const inbound = (to: string, from: string, text: string): Inbound => ({
  type: "inbound",
  channel: "rcs",
  from,
  to,
  text,
  at: new Date(),
});

describe("an answer to an RCS campaign", () => {
  it("addressed to the bot's provider id opens the conversation at our bot id", async () => {
    expect(bot.providerBotId).not.toBe(bot.id);
    const [received] = await receiveInbound(server.database.db, [
      inbound(bot.providerBotId, "+917320000001", "Yes please"),
    ]);
    expect(received?.conversation).toMatchObject({ channel: "rcs", businessAddress: bot.id });
  });

  it("joins the thread the inbox writes to: one conversation whichever id the customer's message came to", async () => {
    const number = "+917320000002";
    const first = await receiveInbound(server.database.db, [inbound(bot.id, number, "Hi")]);
    const second = await receiveInbound(server.database.db, [inbound(bot.providerBotId, number, "About the offer")]);
    expect(second[0]?.conversation.id).toBe(first[0]?.conversation.id);
    const [{ n }] = await rowsOf<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from conversations where channel = 'rcs' and customer_number = ${number}`,
    );
    expect(n).toBe(1);
  });

  it("addressed to an id no bot has, reaches no inbox", async () => {
    expect(await receiveInbound(server.database.db, [inbound("someone-elses-agent", "+917320000003", "Hi")])).toEqual(
      [],
    );
  });
});
