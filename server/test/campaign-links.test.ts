// Tracked links (issue 41, item 1) on the real server through the sandbox carrier: a campaign's URL values go out as
// per-recipient short links on SHORT_LINK_URL, counted at that length in the parts and in DLT's 30-character limit
// per {#var#} (a long URL that would be refused fits as its short link); GET /l/:code answers 302 to the recipient's
// own URL and stores the click, people apart from previews, HEADs and prefetches; the report counts them.
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LINK_CODE_LENGTH } from "../../contract/domain/links";
import type { Database } from "../db/client";
import { campaignRecipients, campaigns, linkClicks, smsAccounts } from "../db/schema";
import { receiveInbound } from "../services/chats/inbound";
import { linkCode, linkKeyOf } from "../services/links/code";
import { setBalance, smsSetup } from "./campaign-control-fixtures";
import { dispatchServer, until, type DispatchServer } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";
import { multipart } from "./media-fixtures";
import { reportDay } from "../../contract/domain/dashboards";

const ORIGIN = "https://s.in";
/** dispatchServer signs with jwtSecret "test-secret": the link key derives from it. */
const key = linkKeyOf("test-secret");
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const url = (n: number) => `https://shop.example.in/orders/${n}?token=${"t".repeat(60)}`;
const NUMBERS = ["+919876500001", "+919876500002", "+919876500003"];

let database: Database;
let s: DispatchServer;
let owner: string;
let sms: { accountId: string; templateId: string };
beforeAll(async () => {
  database = await freshDatabase();
  s = await dispatchServer(database, { config: { shortLinkUrl: ORIGIN } });
  owner = await s.id("manager");
  await setBalance(db(), owner, "100.00");
  sms = await smsSetup(db(), owner, { body: "Track your order at {#var#} - ACME" });
});
afterAll(async () => {
  await s?.close();
  await database?.close();
});
afterEach(async () => expectLedgerBalanced(db()));

const db = () => database.db;
const auth = async () => ({ authorization: `Bearer ${await s.token("manager")}` });
const statusOf = async (id: string) =>
  (await db().select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0].status;

async function create(trackLinks: boolean): Promise<string> {
  const csv = ["phone,link", ...NUMBERS.map((n, i) => `${n.slice(3)},${url(i)}`)].join("\n");
  const form = await multipart(
    {
      campaignName: trackLinks ? "Tracked orders" : "Untracked orders",
      smsAccountId: sms.accountId,
      templateId: sms.templateId,
      variables: JSON.stringify(["{{link}}"]),
      ...(trackLinks ? { trackLinks: "true" } : {}),
    },
    { field: "file", bytes: Buffer.from(csv), name: "orders.csv", type: "text/csv" },
  );
  const res = await s.app.inject({
    method: "POST",
    url: "/api/sms/campaigns/create",
    headers: { ...(await auth()), ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data._id as string;
  await until(
    () => statusOf(id),
    (st) => st === "ready" || st === "failed",
  );
  return id;
}

const click = async (code: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
  s.app.inject({ method, url: `/l/${code}`, headers });

describe("tracked links", () => {
  let tracked: string;
  let codes: string[];

  it("a long URL over DLT's limit is refused untracked and fits as its short link, counted at that length", async () => {
    const untracked = await create(false);
    expect(await db().select().from(campaigns).where(eq(campaigns.id, untracked))).toMatchObject([
      { status: "failed", linkOrigin: null, invalidCount: 3 },
    ]);
    tracked = await create(true);
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, tracked));
    expect(row).toMatchObject({ status: "ready", linkOrigin: ORIGIN, validCount: 3 });
    // "Track your order at https://s.in/l/<12> - ACME" is one part; the stored value stays the long URL (the target).
    const recipients = await db()
      .select({ variables: campaignRecipients.variables, parts: campaignRecipients.smsParts })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, tracked))
      .orderBy(asc(campaignRecipients.row));
    expect(recipients).toEqual(NUMBERS.map((_, i) => ({ variables: [url(i)], parts: 1 })));
    const check = await s.app.inject({
      method: "GET",
      url: `/api/v1/campaign-control/${tracked}/check`,
      headers: await auth(),
    });
    expect(check.json().data).toMatchObject({ valid: 3, sendable: 3, estimate: { total: 0.75 } });
  });

  it("each recipient is sent its own short link on the configured origin", async () => {
    const start = await s.app.inject({
      method: "POST",
      url: `/api/sms/campaigns/${tracked}/start`,
      headers: await auth(),
    });
    expect(start.statusCode, start.body).toBe(200);
    await until(
      () => statusOf(tracked),
      (st) => st === "completed",
      20_000,
    );
    const texts = NUMBERS.map((n) => s.carrier.sent.find((m) => m.to === n));
    codes = texts.map((m) => {
      const text = m?.content.kind === "text" ? m.content.text : "";
      const match = new RegExp(`^Track your order at ${ORIGIN}/l/([0-9A-Za-z]{${LINK_CODE_LENGTH}}) - ACME$`).exec(
        text,
      );
      expect(match, text).not.toBeNull();
      return match?.[1] ?? "";
    });
    expect(new Set(codes).size).toBe(3);
  });

  it("a click answers 302 to the recipient's own URL; previews, HEADs and prefetches are stored as machines", async () => {
    const person = await click(codes[1], { "user-agent": ANDROID });
    expect(person.statusCode).toBe(302);
    expect(person.headers.location).toBe(url(1));
    expect(person.headers["cache-control"]).toContain("no-store");
    const preview = await click(codes[0], { "user-agent": "WhatsApp/2.23.20.0 A" });
    expect(preview.headers.location).toBe(url(0));
    expect((await click(codes[0], { "user-agent": ANDROID }, "HEAD")).statusCode).toBe(302);
    expect((await click(codes[2], { "user-agent": ANDROID, "sec-purpose": "prefetch" })).statusCode).toBe(302);
    await click(codes[1], { "user-agent": ANDROID });
    const rows = await until(
      () => db().select().from(linkClicks).where(eq(linkClicks.campaignId, tracked)),
      (r) => r.length === 5,
    );
    expect(rows.filter((r) => !r.machine).map((r) => [r.position, r.device])).toEqual([
      [0, "mobile"],
      [0, "mobile"],
    ]);
    const report = await s.app.inject({
      method: "GET",
      url: `/api/reports/campaignStatus/${tracked}`,
      headers: await auth(),
    });
    expect(report.json().data.links).toEqual({
      clickers: 1,
      clicks: 2,
      machineFetches: 3,
      devices: [{ device: "mobile", clicks: 2 }],
    });
    // The same clicks per India day, through the recorder's insert and the rollup's trigger: one person, two clicks.
    const clickedAt = rows.find((r) => !r.machine)?.clickedAt ?? new Date();
    expect(report.json().data.engagementDays).toEqual([
      { day: reportDay(clickedAt), clicks: 2, clickers: 1, conversions: 0, revenuePaise: 0 },
    ]);
  });

  it("the message log, its export, the inbox thread and the timeline show the text as sent, with where each link goes", async () => {
    const sentText = (n: string) => {
      const m = s.carrier.sent.find((x) => x.to === n);
      return m?.content.kind === "text" ? m.content.text : "";
    };
    const shortOf = (i: number) => `${ORIGIN}/l/${codes[i]}`;
    const log = await s.app.inject({
      method: "GET",
      url: `/api/v1/message-log?campaignId=${tracked}`,
      headers: await auth(),
    });
    expect(log.statusCode, log.body).toBe(200);
    const rows = log.json().data as { to: string; body: string; links?: unknown }[];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const i = NUMBERS.indexOf(row.to);
      expect(row.body).toBe(sentText(row.to));
      expect(row.body).toContain(shortOf(i));
      expect(row.body).not.toContain("shop.example.in");
      expect(row.links).toEqual([{ short: shortOf(i), url: url(i) }]);
    }
    const csv = await s.app.inject({
      method: "GET",
      url: `/api/v1/message-log/export?campaignId=${tracked}`,
      headers: await auth(),
    });
    expect(csv.body).toContain(shortOf(0));
    expect(csv.body).not.toContain("shop.example.in");

    // The customer answers: the thread and the timeline show the campaign message as it was sent.
    const replyNumber = "+919111100088";
    await db().update(smsAccounts).set({ replyNumber }).where(eq(smsAccounts.id, sms.accountId));
    const [answer] = await receiveInbound(db(), [
      { type: "inbound", channel: "sms", from: NUMBERS[0], to: replyNumber, text: "Where is it?", at: new Date() },
    ]);
    const chatId = answer?.conversation.id ?? "";
    const expected = { text: sentText(NUMBERS[0]), links: [{ short: shortOf(0), url: url(0) }] };
    const thread = await s.app.inject({
      method: "GET",
      url: `/api/v1/chats/${chatId}/messages`,
      headers: await auth(),
    });
    expect(thread.statusCode, thread.body).toBe(200);
    expect(thread.json().data[0]).toMatchObject({ direction: "out", campaignId: tracked, ...expected });
    const sync = await s.app.inject({
      method: "GET",
      url: `/api/v1/chats/${chatId}/messages?after=0`,
      headers: await auth(),
    });
    expect(sync.json().data[0]).toMatchObject(expected);
    const timeline = await s.app.inject({
      method: "GET",
      url: `/api/v1/chats/${chatId}/timeline`,
      headers: await auth(),
    });
    expect(timeline.statusCode, timeline.body).toBe(200);
    const campaignLine = (timeline.json().data as { kind: string }[]).find((l) => l.kind === "campaign");
    expect(campaignLine).toMatchObject(expected);
  });

  it("a code altered, made with another key, or of a campaign not tracked (any more) opens nothing", async () => {
    const altered = codes[0].slice(0, -1) + (codes[0].endsWith("a") ? "b" : "a");
    const [first] = await db()
      .select({ id: campaignRecipients.id })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, tracked))
      .orderBy(asc(campaignRecipients.row))
      .limit(1);
    const refused = async (code: string) => {
      const res = await click(code, { "user-agent": ANDROID });
      expect(res.statusCode, code).toBe(404);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.headers.location).toBeUndefined();
    };
    for (const code of [altered, linkCode(linkKeyOf("another"), first.id, 0), "short", linkCode(key, first.id, 1)])
      await refused(code);
    // The code is this installation's, for the first recipient: it opens only while the campaign is tracked.
    expect(linkCode(key, first.id, 0)).toBe(codes[0]);
    await db().update(campaigns).set({ linkOrigin: null }).where(eq(campaigns.id, tracked));
    await refused(codes[0]);
    await db().update(campaigns).set({ linkOrigin: ORIGIN }).where(eq(campaigns.id, tracked));
    expect((await click(codes[0], { "user-agent": ANDROID })).statusCode).toBe(302);
  });
});
