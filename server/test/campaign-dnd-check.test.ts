// The DND list in the pre-send check and the start: each SMS category is scrubbed as operators scrub it
// (contract/domain/dnd.ts), the held-back recipients are counted, named, skipped with the reason "dnd", never sent
// nor held for, and listed with their rows in the excluded-rows download; balance = ledger after each flow.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SKIP_REASONS } from "../../contract/domain/campaigns";
import type { SmsCategory } from "../../contract/domain/sms";
import { campaignRecipients, campaigns, dndNumbers } from "../db/schema";
import { multipart } from "./media-fixtures";
import { xlsxBomb } from "./zip-bombs";
import type { Database } from "../db/client";
import { insertCampaign, numberAt, setBalance, smsSetup } from "./campaign-control-fixtures";
import { dispatchServer, until, type DispatchServer } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

let database: Database;
let s: DispatchServer;
let owner: string;
// Inside the promotional window (11:30 IST), so a promotional start sends at once.
const NOW = new Date("2026-12-07T06:00:00Z");
beforeAll(async () => {
  database = await freshDatabase();
  s = await dispatchServer(database, { config: { now: () => NOW } });
  owner = await s.id("manager");
});
afterAll(async () => {
  await s?.close();
  await database?.close();
});
afterEach(async () => expectLedgerBalanced(db()));

const db = () => database.db;
const call = async (method: "GET" | "POST", url: string) =>
  s.app.inject({ method, url, headers: { authorization: `Bearer ${await s.token("manager")}` } });

/**
 * Six recipients: first+1 fully blocked, first+2 blocks two categories, first+3 fully blocked with consent, the rest
 * not listed.
 */
async function campaignWith(category: SmsCategory, first: number) {
  const sms = await smsSetup(db(), owner, { category });
  const id = await insertCampaign(db(), {
    ownerId: owner,
    channel: "sms",
    templateId: sms.templateId,
    smsAccountId: sms.accountId,
    recipients: 6,
    firstNumber: first,
  });
  await db()
    .insert(dndNumbers)
    .values([
      { userId: owner, number: numberAt(first + 1), preferences: [0], source: "import" as const, detail: "scrub.csv" },
      {
        userId: owner,
        number: numberAt(first + 2),
        preferences: [1, 7],
        source: "import" as const,
        detail: "scrub.csv",
      },
      {
        userId: owner,
        number: numberAt(first + 3),
        preferences: [0],
        consent: true,
        source: "import" as const,
        detail: "scrub.csv",
      },
    ]);
  return id;
}

describe("the pre-send check scrubs by the template's category", () => {
  it.each<[SmsCategory, number[]]>([
    ["transactional", []],
    ["service-implicit", []],
    ["service-explicit", [1]],
    ["promotional", [1, 2]],
  ])("%s: held back as DND %o", async (category, held) => {
    const first =
      720_000 + ["transactional", "service-implicit", "service-explicit", "promotional"].indexOf(category) * 100;
    const id = await campaignWith(category, first);
    const check = (await call("GET", `/api/v1/campaign-control/${id}/check`)).json().data;
    expect(check.sendable).toBe(6 - held.length);
    expect(check.skipped.find((k: { reason: string }) => k.reason === "dnd")).toEqual({
      reason: "dnd",
      label: SKIP_REASONS.dnd,
      count: held.length,
    });
    expect(check.skippedNumbers).toEqual(
      held.map((i) => ({ number: numberAt(first + i), reason: "dnd", label: SKIP_REASONS.dnd, detail: null })),
    );
  });
});

describe("a promotional start", () => {
  it("skips the DND numbers with their reason, never sends or holds for them, and the download lists them with their rows", async () => {
    await setBalance(db(), owner, "100.00");
    const first = 730_000;
    const id = await campaignWith("promotional", first);
    const before = await call("GET", `/api/v1/campaign-control/${id}/rejected-rows`);
    expect(before.statusCode).toBe(200);
    const rowsOf = async (n: number) =>
      (
        await db()
          .select({ row: campaignRecipients.row })
          .from(campaignRecipients)
          .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.number, numberAt(first + n))))
      )[0].row;
    expect(before.body).toBe(
      `row,number,reason_code,reason\r\n${await rowsOf(1)},${numberAt(first + 1)},dnd,${SKIP_REASONS.dnd}\r\n${await rowsOf(2)},${numberAt(first + 2)},dnd,${SKIP_REASONS.dnd}\r\n`,
    );

    const res = await call("POST", `/api/sms/campaigns/${id}/start`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ counts: { skipped: 2 }, cost: { held: 1 } });
    await until(
      async () =>
        (await db().select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0].status,
      (st) => st === "completed",
      20_000,
    );
    const skipped = await db()
      .select({ number: campaignRecipients.number, reason: campaignRecipients.reason })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.state, "skipped")))
      .orderBy(asc(campaignRecipients.id));
    expect(skipped).toEqual([
      { number: numberAt(first + 1), reason: "dnd" },
      { number: numberAt(first + 2), reason: "dnd" },
    ]);
    expect(s.carrier.sent.map((m) => m.to)).not.toContain(numberAt(first + 1));
    expect(s.carrier.sent.map((m) => m.to)).not.toContain(numberAt(first + 2));
    expect(s.carrier.sent.map((m) => m.to)).toContain(numberAt(first + 3));
    // Once started, the download lists the recipients the start marked.
    const after = await call("GET", `/api/v1/campaign-control/${id}/rejected-rows`);
    expect(after.body).toBe(before.body);
  });
});

describe("operators' DND refusals in receipts", () => {
  it.each([
    ["DND", true],
    ["NDNC", true],
    ["UNDELIV", false],
  ])("a failed receipt with code %s → on the DND list as an operator rejection: %s", async (code, learnt) => {
    const first = 740_000 + ["DND", "NDNC", "UNDELIV"].indexOf(code) * 10;
    const sms = await smsSetup(db(), owner, { category: "transactional" });
    const id = await insertCampaign(db(), {
      ownerId: owner,
      channel: "sms",
      templateId: sms.templateId,
      smsAccountId: sms.accountId,
      recipients: 1,
      firstNumber: first,
    });
    const pmid = `pm-dnd-${code}-${first}`;
    await db()
      .update(campaignRecipients)
      .set({ state: "sent", providerMessageId: pmid, sentAt: new Date() })
      .where(eq(campaignRecipients.campaignId, id));
    s.carrier.inject({
      type: "receipt",
      providerMessageId: pmid,
      status: "failed",
      code,
      reason: "Refused by the operator",
      at: new Date(),
    });
    await until(
      async () =>
        (
          await db()
            .select({ state: campaignRecipients.state })
            .from(campaignRecipients)
            .where(eq(campaignRecipients.campaignId, id))
        )[0].state,
      (st) => st === "failed",
      10_000,
    );
    const listed = await db()
      .select({ source: dndNumbers.source, detail: dndNumbers.detail, preferences: dndNumbers.preferences })
      .from(dndNumbers)
      .where(and(eq(dndNumbers.userId, owner), eq(dndNumbers.number, numberAt(first))));
    expect(listed).toEqual(learnt ? [{ source: "operator", detail: code, preferences: [] }] : []);
  });
});

describe("importing a scrub file", () => {
  const importFile = async (bytes: Buffer, name: string, as: "manager" | "user" = "manager") => {
    const form = await multipart({}, { field: "file", bytes, name, type: "text/csv" });
    return s.app.inject({
      method: "POST",
      url: "/api/v1/dnd/import",
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${await s.token(as)}` },
    });
  };
  const list = async (q: string) => (await call("GET", `/api/v1/dnd?q=${encodeURIComponent(q)}`)).json();

  it("reads numbers, preferences and consent; a newer file replaces an entry; the list counts by source", async () => {
    const csv =
      'Mobile,Preference,Consent\n98111 22001,0,no\n9811122002,"1,7",\n+91 98111 22003,Fully blocked,yes\nnot-a-number,1,no\n';
    const res = await importFile(Buffer.from(csv), "scrub-2026-12.csv");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ added: 3, invalid: [{ row: 5, value: "not-a-number", kind: "invalid" }] });
    const body = await list("981112200");
    expect(
      body.data
        .map((r: { number: string; preferences: number[]; consent: boolean; source: string; detail: string }) => [
          r.number,
          r.preferences,
          r.consent,
          r.source,
          r.detail,
        ])
        .sort(),
    ).toEqual([
      ["+919811122001", [0], false, "import", "scrub-2026-12.csv"],
      ["+919811122002", [1, 7], false, "import", "scrub-2026-12.csv"],
      ["+919811122003", [0], true, "import", "scrub-2026-12.csv"],
    ]);
    expect(body.counts.import).toBeGreaterThanOrEqual(3);
    // The customer changed their mind: the next file's entry replaces the old one.
    expect((await importFile(Buffer.from("phone,preference\n9811122002,3\n"), "scrub-2027-01.csv")).statusCode).toBe(
      201,
    );
    expect((await list("9811122002")).data).toMatchObject([{ preferences: [3], detail: "scrub-2027-01.csv" }]);
  });

  it.each([
    ["a file of no numbers", Buffer.from("phone\nabc\n"), "none.csv", 400],
    ["another kind of file", Buffer.from("9811122009"), "scrub.pdf", 400],
  ])("%s is refused (%s) and nothing is written", async (_label, bytes, name, status) => {
    const before = await db().select({ id: dndNumbers.id }).from(dndNumbers).where(eq(dndNumbers.userId, owner));
    expect((await importFile(bytes, name)).statusCode).toBe(status);
    expect(await db().select({ id: dndNumbers.id }).from(dndNumbers).where(eq(dndNumbers.userId, owner))).toEqual(
      before,
    );
  });

  it("a workbook bomb is refused by the file readers' zip limits and nothing is written", async () => {
    const before = await db().select({ id: dndNumbers.id }).from(dndNumbers).where(eq(dndNumbers.userId, owner));
    const res = await importFile(xlsxBomb(), "scrub.xlsx");
    expect([413, 422]).toContain(res.statusCode);
    expect(await db().select({ id: dndNumbers.id }).from(dndNumbers).where(eq(dndNumbers.userId, owner))).toEqual(
      before,
    );
  });

  it("another account's list is its own", async () => {
    const theirs = (
      await s.app.inject({
        method: "GET",
        url: "/api/v1/dnd?q=9811122001",
        headers: { authorization: `Bearer ${await s.token("user")}` },
      })
    ).json();
    expect(theirs.data).toEqual([]);
  });
});
