import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AttributeValue } from "../../contract/domain/contacts";
import type { SegmentCondition, SegmentDefinition } from "../../contract/domain/segments";
import { CAMPAIGN_INGEST_JOB } from "../jobs/campaign-ingest";
import {
  campaignRecipients,
  campaigns,
  consentEvents,
  contactAttributeDefs,
  contacts,
  linkClicks,
  segments,
} from "../db/schema";
import { segmentIds } from "../services/segments/count";
import { channelFixtures, type ChannelFixtures } from "./campaign-ingest-fixtures";
import { insertCampaign, insertRecipients } from "./campaign-read-fixtures";
import { startServer, type DemoName, type TestServer } from "./harness";

// Segments (issue 39, item 4): each operator's SQL against seeded contacts (the expected contacts by letter), AND/OR,
// who may work on whose segments, refusals that write nothing, and a segment read into a campaign's recipients.

let server: TestServer;
let fx: ChannelFixtures;
let owner: string;
const ids = new Map<string, string>();
let campaignX: string;
let campaignY: string;

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const isoDay = (days: number) => ago(days).toISOString().slice(0, 10);

interface Seed {
  letter: string;
  name: string;
  email: string;
  language: string;
  labels: string[];
  attributes: Record<string, AttributeValue>;
}
/** A: Delhi VIP, B: Chennai, C: O'Brien, D: New Delhi (no name); numbers 9000000001.. in that order. */
const SEED: Seed[] = [
  {
    letter: "A",
    name: "Asha",
    email: "asha@x.in",
    language: "hi",
    labels: ["vip", "delhi"],
    attributes: { city: "Delhi", score: 10, joined: "2024-01-10", vip: true, tier: "gold" },
  },
  {
    letter: "B",
    name: "Bala",
    email: "",
    language: "ta",
    labels: ["chennai"],
    attributes: { city: "Chennai", score: 25, joined: isoDay(3), vip: false, tier: "silver" },
  },
  { letter: "C", name: "O'Brien", email: "ob@y.com", language: "en", labels: [], attributes: { score: 40 } },
  {
    letter: "D",
    name: "",
    email: "",
    language: "",
    labels: ["vip"],
    attributes: { city: "New Delhi", tier: "bronze", joined: "2025-06-01" },
  },
];
const numberOf = (letter: string) => `+91900000000${"ABCD".indexOf(letter) + 1}`;

beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000 });
  const db = server.database.db;
  owner = await server.id("manager");
  fx = await channelFixtures(db, owner, "segments");
  // The demo seed gives the manager contacts, attributes and consent events: these tests count their own.
  await db.delete(consentEvents).where(eq(consentEvents.userId, owner));
  await db.delete(contacts).where(eq(contacts.userId, owner));
  await db.delete(contactAttributeDefs).where(eq(contactAttributeDefs.userId, owner));
  await db.insert(contactAttributeDefs).values([
    { userId: owner, key: "city", label: "City", type: "text" },
    { userId: owner, key: "score", label: "Score", type: "number" },
    { userId: owner, key: "joined", label: "Joined", type: "date" },
    { userId: owner, key: "vip", label: "VIP", type: "boolean" },
    { userId: owner, key: "tier", label: "Tier", type: "choice", choices: ["gold", "silver", "bronze"] },
  ]);
  for (const { letter, ...c } of SEED) {
    const [row] = await db
      .insert(contacts)
      .values({ ...c, userId: owner, number: numberOf(letter), source: "console" })
      .returning();
    ids.set(letter, row.id);
  }
  // Another account's contact with the same attributes is never selected.
  const globex = await server.id("globex");
  await db.insert(contacts).values({ userId: globex, number: numberOf("A"), labels: ["vip"], source: "console" });
  const consent = (number: string, channel: "sms" | "whatsapp" | "all", status: "opted_in" | "opted_out", at: Date) =>
    ({ userId: owner, number, channel, purpose: "any", status, method: "agent", createdAt: at }) as const;
  await db
    .insert(consentEvents)
    .values([
      consent(numberOf("A"), "whatsapp", "opted_in", ago(10)),
      consent(numberOf("B"), "all", "opted_out", ago(5)),
      consent(numberOf("C"), "sms", "opted_out", ago(9)),
      consent(numberOf("C"), "sms", "opted_in", ago(2)),
    ]);
  // X: the manager's; Y: the manager's user's (the same team); Z: another account's, never counted.
  campaignX = await insertCampaign(db, { userId: owner, channel: "sms" });
  const [inXa, inXb] = await insertRecipients(db, campaignX, owner, [
    { number: numberOf("A"), state: "read", sentAt: ago(2), deliveredAt: ago(2), readAt: ago(2) },
    { number: numberOf("B"), state: "delivered", sentAt: ago(40), deliveredAt: ago(40) },
  ]);
  const userId = await server.id("user");
  campaignY = await insertCampaign(db, { userId, channel: "sms" });
  const [inYc] = await insertRecipients(db, campaignY, userId, [
    { number: numberOf("C"), state: "read", sentAt: ago(1), repliedAt: ago(1) },
  ]);
  const z = await insertCampaign(db, { userId: globex, channel: "sms" });
  const [inZd] = await insertRecipients(db, z, globex, [
    { number: numberOf("D"), state: "delivered", sentAt: ago(1), repliedAt: ago(1) },
  ]);
  // Clicks: A a person's 2 days ago, B a person's 40 days ago, C only a link preview's (not a person), D's in another
  // account's campaign.
  const click = (campaignId: string, recipientId: number, machine: boolean, at: Date) =>
    ({ campaignId, recipientId, position: 1, device: machine ? "unknown" : "mobile", machine, clickedAt: at }) as const;
  await db
    .insert(linkClicks)
    .values([
      click(campaignX, inXa, false, ago(2)),
      click(campaignX, inXb, false, ago(40)),
      click(campaignY, inYc, true, ago(1)),
      click(z, inZd, false, ago(1)),
    ]);
}, 60_000);
afterAll(async () => server?.close());

const one = (c: SegmentCondition): SegmentDefinition => ({ join: "and", groups: [{ join: "and", conditions: [c] }] });
const lettersOf = async (definition: SegmentDefinition) => {
  const found = new Set(await segmentIds(server.database.db, owner, definition));
  return [...ids].filter(([, id]) => found.has(id)).map(([letter]) => letter);
};

describe("segments: each operator's SQL", () => {
  const attr = (key: string, op: string, extra: Record<string, unknown> = {}) =>
    ({ kind: "attribute", key, op, ...extra }) as SegmentCondition;
  const CASES: [string, SegmentCondition, string[]][] = [
    ["text eq (any case)", attr("city", "eq", { value: "delhi" }), ["A"]],
    ["text neq (missing counts as not equal)", attr("city", "neq", { value: "Delhi" }), ["B", "C", "D"]],
    ["text contains", attr("city", "contains", { value: "Delhi" }), ["A", "D"]],
    ["text contains a LIKE wildcard literally", attr("city", "contains", { value: "%" }), []],
    ["text empty", attr("city", "empty"), ["C"]],
    ["number eq", attr("score", "eq", { value: 25 }), ["B"]],
    ["number gt", attr("score", "gt", { value: 20 }), ["B", "C"]],
    ["number lt", attr("score", "lt", { value: 20 }), ["A"]],
    ["number between (inclusive)", attr("score", "between", { value: 10, to: 25 }), ["A", "B"]],
    ["date before", attr("joined", "before", { value: "2025-01-01" }), ["A"]],
    ["date after", attr("joined", "after", { value: "2025-01-01" }), ["B", "D"]],
    ["date within the last 7 days", attr("joined", "within", { days: 7 }), ["B"]],
    ["boolean is true", attr("vip", "is", { value: true }), ["A"]],
    ["boolean is false", attr("vip", "is", { value: false }), ["B"]],
    ["choice in", attr("tier", "in", { values: ["gold", "bronze"] }), ["A", "D"]],
    ["name contains an apostrophe", { kind: "field", field: "name", op: "contains", value: "o'b" }, ["C"]],
    ["name empty", { kind: "field", field: "name", op: "empty" }, ["D"]],
    ["email eq (any case)", { kind: "field", field: "email", op: "eq", value: "ASHA@x.in" }, ["A"]],
    ["language neq", { kind: "field", field: "language", op: "neq", value: "ta" }, ["A", "C", "D"]],
    ["label has", { kind: "label", op: "has", label: "vip" }, ["A", "D"]],
    ["label has not", { kind: "label", op: "has_not", label: "vip" }, ["B", "C"]],
    ["consent whatsapp opted in", { kind: "consent", channel: "whatsapp", state: "opted_in" }, ["A"]],
    [
      "consent whatsapp opted out (STOP on every channel)",
      { kind: "consent", channel: "whatsapp", state: "opted_out" },
      ["B"],
    ],
    ["consent whatsapp no record", { kind: "consent", channel: "whatsapp", state: "none" }, ["C", "D"]],
    ["consent sms: the latest event wins", { kind: "consent", channel: "sms", state: "opted_in" }, ["C"]],
    ["consent sms opted out", { kind: "consent", channel: "sms", state: "opted_out" }, ["B"]],
    ["consent rcs no record", { kind: "consent", channel: "rcs", state: "none" }, ["A", "C", "D"]],
    ["received in 7 days (the team's campaigns only)", { kind: "engagement", event: "received", days: 7 }, ["A", "C"]],
    ["received in 60 days", { kind: "engagement", event: "received", days: 60 }, ["A", "B", "C"]],
    ["delivered in 7 days", { kind: "engagement", event: "delivered", days: 7 }, ["A"]],
    ["read in 7 days", { kind: "engagement", event: "read", days: 7 }, ["A"]],
    ["replied in 7 days", { kind: "engagement", event: "replied", days: 7 }, ["C"]],
    ["clicked in 7 days (people only, the team's campaigns)", { kind: "engagement", event: "clicked", days: 7 }, ["A"]],
    ["clicked in 60 days", { kind: "engagement", event: "clicked", days: 60 }, ["A", "B"]],
  ];
  it.each(CASES)("%s", async (_name, condition, expected) => {
    expect(await lettersOf(one(condition))).toEqual(expected);
  });

  it("engagement in one campaign", async () => {
    const c: SegmentCondition = { kind: "engagement", event: "received", days: 60, campaignId: campaignX };
    expect(await lettersOf(one(c))).toEqual(["A", "B"]);
  });

  it.each([
    ["X", () => campaignX, ["A", "B"]],
    ["Y (a link preview's fetch only)", () => campaignY, []],
  ])("clicked in campaign %s", async (_name, campaign, expected) => {
    const c: SegmentCondition = { kind: "engagement", event: "clicked", days: 60, campaignId: campaign() };
    expect(await lettersOf(one(c))).toEqual(expected);
  });

  it.each([
    [
      "OR of groups, AND within",
      {
        join: "or",
        groups: [
          { join: "and", conditions: [{ kind: "label", op: "has", label: "vip" }] },
          {
            join: "and",
            conditions: [
              { kind: "attribute", key: "score", op: "gt", value: 20 },
              { kind: "field", field: "language", op: "eq", value: "ta" },
            ],
          },
        ],
      },
      ["A", "B", "D"],
    ],
    [
      "AND of groups, OR within",
      {
        join: "and",
        groups: [
          {
            join: "or",
            conditions: [
              { kind: "attribute", key: "city", op: "eq", value: "Chennai" },
              { kind: "attribute", key: "tier", op: "in", values: ["gold"] },
            ],
          },
          { join: "and", conditions: [{ kind: "label", op: "has_not", label: "vip" }] },
        ],
      },
      ["B"],
    ],
  ] as [string, SegmentDefinition, string[]][])("%s", async (_name, definition, expected) => {
    expect(await lettersOf(definition)).toEqual(expected);
  });
});

const URL_ = "/api/v1/contacts/segments";
const save = (as: DemoName, payload: Record<string, unknown>) =>
  server.call({ method: "POST", url: URL_, as, payload });
const VIP = one({ kind: "label", op: "has", label: "vip" });

describe("segments: calls, roles and ownership", () => {
  beforeEach(async () => {
    await server.database.db.delete(segments);
  });

  it("saves, lists, counts, samples, renames and deletes; the manager's users and department heads share them", async () => {
    const res = await save("user", { name: "VIPs", description: "Top customers", definition: VIP });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    for (const as of ["manager", "depthead"] as const) {
      const listed = (await server.call({ method: "GET", url: URL_, as })).json();
      expect(listed.data.map((s: { name: string }) => s.name)).toEqual(["VIPs"]);
    }
    const counted = await server.call({ method: "GET", url: `${URL_}/${id}/count`, as: "manager" });
    expect(counted.json().count).toBe(2);
    const sample = (await server.call({ method: "GET", url: `${URL_}/${id}/sample`, as: "depthead" })).json();
    expect(sample.data.map((c: { number: string }) => c.number)).toEqual([numberOf("A"), numberOf("D")]);
    const preview = await server.call({
      method: "POST",
      url: `${URL_}/preview`,
      as: "manager",
      payload: { definition: one({ kind: "label", op: "has_not", label: "vip" }) },
    });
    expect(preview.json()).toMatchObject({ count: 2 });
    const renamed = await server.call({
      method: "PUT",
      url: `${URL_}/${id}`,
      as: "manager",
      payload: { name: "Very important", definition: VIP },
    });
    expect(renamed.json().data.name).toBe("Very important");
    expect((await server.call({ method: "DELETE", url: `${URL_}/${id}`, as: "depthead" })).statusCode).toBe(200);
    expect(await server.database.db.select().from(segments)).toHaveLength(0);
  });

  it("keeps accounts apart: another account's segment answers 404 and is never changed", async () => {
    const id = (await save("manager", { name: "Mine", definition: VIP })).json().data.id as string;
    const tries = [
      { method: "GET" as const, url: `${URL_}/${id}` },
      { method: "GET" as const, url: `${URL_}/${id}/count` },
      { method: "GET" as const, url: `${URL_}/${id}/sample` },
      { method: "PUT" as const, url: `${URL_}/${id}`, payload: { name: "Stolen", definition: VIP } },
      { method: "DELETE" as const, url: `${URL_}/${id}` },
    ];
    for (const t of tries) expect((await server.call({ ...t, as: "globex" })).statusCode, t.method).toBe(404);
    // globex's own preview counts its own contacts only (its one VIP), never the manager's two.
    const preview = await server.call({
      method: "POST",
      url: `${URL_}/preview`,
      as: "globex",
      payload: { definition: VIP },
    });
    expect(preview.json().count).toBe(1);
    const [row] = await server.database.db.select().from(segments).where(eq(segments.id, id));
    expect(row.name).toBe("Mine");
    await server.database.db.delete(segments);
  });

  it.each(["admin", "reseller"] as const)("%s may not call segments (403, nothing written)", async (as) => {
    expect((await save(as, { name: "X", definition: VIP })).statusCode).toBe(403);
    expect(await server.database.db.select().from(segments)).toHaveLength(0);
  });
});

describe("segments: bad definitions are refused, naming the field, writing nothing", () => {
  beforeEach(async () => {
    await server.database.db.delete(segments);
  });

  const cond = (c: Record<string, unknown>) => ({ join: "and", groups: [{ join: "and", conditions: [c] }] });
  const BAD: [string, unknown, string][] = [
    [
      "an unknown attribute",
      cond({ kind: "attribute", key: "nope", op: "eq", value: "x" }),
      "definition.groups[0].conditions[0].key",
    ],
    [
      "a text operator on a number",
      cond({ kind: "attribute", key: "score", op: "contains", value: "1" }),
      "definition.groups[0].conditions[0].op",
    ],
    [
      "text for a number",
      cond({ kind: "attribute", key: "score", op: "gt", value: "ten" }),
      "definition.groups[0].conditions[0].value",
    ],
    [
      "between upside down",
      cond({ kind: "attribute", key: "score", op: "between", value: 9, to: 1 }),
      "definition.groups[0].conditions[0].to",
    ],
    [
      "an impossible date",
      cond({ kind: "attribute", key: "joined", op: "before", value: "2025-02-30" }),
      "definition.groups[0].conditions[0].value",
    ],
    [
      "a choice the attribute lacks",
      cond({ kind: "attribute", key: "tier", op: "in", values: ["platinum"] }),
      "definition.groups[0].conditions[0].values",
    ],
    ["an empty label", cond({ kind: "label", op: "has", label: " " }), "definition.groups[0].conditions[0].label"],
    ["0 days", cond({ kind: "engagement", event: "read", days: 0 }), "definition.groups[0].conditions[0].days"],
    ["366 days", cond({ kind: "engagement", event: "read", days: 366 }), "definition.groups[0].conditions[0].days"],
    [
      "a campaign id that is not one",
      cond({ kind: "engagement", event: "read", days: 3, campaignId: "x" }),
      "definition.groups[0].conditions[0].campaignId",
    ],
    ["no groups", { join: "and", groups: [] }, "definition.groups"],
    [
      "21 conditions",
      {
        join: "or",
        groups: [
          { join: "and", conditions: Array.from({ length: 11 }, () => ({ kind: "label", op: "has", label: "a" })) },
          { join: "and", conditions: Array.from({ length: 10 }, () => ({ kind: "label", op: "has", label: "b" })) },
        ],
      },
      "definition.groups",
    ],
  ];
  it.each(BAD)("%s", async (_name, definition, field) => {
    const res = await save("manager", { name: "Bad", definition });
    expect(res.statusCode, res.body).toBe(400);
    const fields = (res.json().errors ?? []).map((e: { field: string }) => e.field.replace(/^\//, ""));
    const named = fields.some(
      (f: string) => f === field || f.replace(/\//g, ".") === field.replace(/\[(\d+)\]/g, ".$1"),
    );
    expect(named, `${JSON.stringify(res.json())} names ${field}`).toBe(true);
    expect(await server.database.db.select().from(segments)).toHaveLength(0);
  });

  it("a duplicate name answers 409 and keeps one", async () => {
    expect((await save("manager", { name: "Twice", definition: VIP })).statusCode).toBe(201);
    expect((await save("user", { name: "Twice", definition: VIP })).statusCode).toBe(409);
    expect(await server.database.db.select().from(segments)).toHaveLength(1);
    await server.database.db.delete(segments);
  });
});

describe("segments: a campaign's audience", () => {
  const tick = () => (server.app.jobs.get(CAMPAIGN_INGEST_JOB) as { tick(): Promise<number> }).tick();

  it("freezes the segment's contacts into the recipients when the audience is read, with {{name}} filled", async () => {
    const db = server.database.db;
    const segment = (
      await save("manager", {
        name: "Delhi",
        definition: one({ kind: "attribute", key: "city", op: "contains", value: "delhi" }),
      })
    ).json().data;
    // A department head sends SMS for its manager, whose contacts and segments it works on.
    const created = await server.call({
      method: "POST",
      url: "/api/sms/campaigns/create",
      as: "depthead",
      payload: {
        campaignName: "From a segment",
        smsAccountId: fx.plainSmsAccountId,
        templateId: fx.plainSmsTemplateId,
        variables: ["{{name}}"],
        segmentId: segment.id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    const counted = (await server.call({ method: "GET", url: `${URL_}/${segment.id}/count`, as: "manager" })).json();
    await tick();
    // A contact added after the read is not a recipient.
    await db.insert(contacts).values({
      userId: owner,
      number: "+919000000009",
      name: "Late",
      attributes: { city: "Delhi" },
      source: "console",
    });
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row).toMatchObject({ status: "ready", sourceKind: "segment", segmentId: segment.id, validCount: 2 });
    const recipients = await db
      .select({
        number: campaignRecipients.number,
        variables: campaignRecipients.variables,
        name: campaignRecipients.name,
      })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id))
      .orderBy(asc(campaignRecipients.number));
    expect(recipients).toHaveLength(counted.count);
    expect(recipients).toEqual([
      { number: numberOf("A"), variables: ["Asha"], name: "Asha" },
      { number: numberOf("D"), variables: [""], name: null },
    ]);
    const now = (await server.call({ method: "GET", url: `${URL_}/${segment.id}/count`, as: "manager" })).json();
    expect(now.count).toBe(counted.count + 1);
    await db.delete(contacts).where(eq(contacts.number, "+919000000009"));
  });

  it.each([
    ["another account's segment", "globex", 400],
    ["a segment beside pasted numbers", "numbers", 400],
  ] as const)("refuses %s, creating no campaign", async (_name, how, status) => {
    const db = server.database.db;
    const mine = (await save("manager", { name: `S ${how}`, definition: VIP })).json().data;
    const before = (await db.select().from(campaigns)).length;
    const base = {
      campaignName: "Refused",
      smsAccountId: fx.plainSmsAccountId,
      templateId: fx.plainSmsTemplateId,
      variables: ["x"],
    };
    const theirs =
      how === "globex" ? (await save("globex", { name: "Theirs", definition: VIP })).json().data.id : mine.id;
    const payload =
      how === "numbers" ? { ...base, segmentId: mine.id, numbers: "9000000001" } : { ...base, segmentId: theirs };
    const res = await server.call({ method: "POST", url: "/api/sms/campaigns/create", as: "manager", payload });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().errors?.[0]?.field).toBe("segmentId");
    expect((await db.select().from(campaigns)).length).toBe(before);
  });
});
