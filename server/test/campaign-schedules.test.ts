import { and, count, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { campaignScheduleRuns, campaignSchedules, campaigns } from "../db/schema";
import { CAMPAIGN_INGEST_JOB } from "../jobs/campaign-ingest";
import { CAMPAIGN_SCHEDULE_RUNS_JOB } from "../jobs/campaign-schedule-runs";
import { makeDueRuns } from "../services/campaign-schedules/runner";
import { SCHEDULE_NOT_FOUND } from "../services/campaign-schedules/reach";
import { rcsSetup, setBalance, smsSetup } from "./campaign-control-fixtures";
import { startServer, type DemoName, type TestServer } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

// Recurring campaigns (issue 41, item 5) over the call table and the runs job, on an injected clock: a due run makes
// exactly one campaign (even with two claims at once) that the ordinary ingest reads and the ordinary start holds
// money for; a paused schedule makes none and resuming makes up none; a balance short of the hold is the run's
// reason; who may work on which schedule; bad input writes nothing.

// 08:30 IST on Monday 7 December 2026.
let clock = new Date("2026-12-07T03:00:00Z");
let s: TestServer;
let sms: { accountId: string; templateId: string };
let otherSms: { accountId: string; templateId: string };

beforeAll(async () => {
  // Nothing here is meant to send: the dispatcher looks once at start and then not for an hour.
  s = await startServer({ now: () => clock, jobIntervalMs: 3_600_000 }, { dispatch: { idleMs: 3_600_000 } });
  sms = await smsSetup(db(), await s.id("manager"));
  otherSms = await smsSetup(db(), await s.id("globex"));
  await setBalance(db(), await s.id("manager"), "1000");
});
afterAll(async () => s?.close());
afterEach(async () => expectLedgerBalanced(db()));

const db = () => s.database.db;
const tick = async (name: string) => s.app.jobs.get(name)?.tick();
/** One round of runs, the ingest of what they made (one campaign per tick), and a round that starts them. */
async function runRound() {
  await tick(CAMPAIGN_SCHEDULE_RUNS_JOB);
  while ((await tick(CAMPAIGN_INGEST_JOB)) ?? 0) continue;
  await tick(CAMPAIGN_SCHEDULE_RUNS_JOB);
}

const body = (over: Record<string, unknown> = {}) => ({
  name: "Daily offers",
  channel: "sms",
  senderId: sms.accountId,
  templateId: sms.templateId,
  numbers: "9876543210, 9876543211",
  rule: { frequency: "daily", time: "09:00", timeZone: "Asia/Kolkata" },
  ...over,
});

async function create(as: DemoName, over: Record<string, unknown> = {}) {
  const res = await s.call({ method: "POST", url: "/api/v1/campaign-schedules", as, payload: body(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; nextRunAt: string; ruleText: string; status: string };
}

const runsOf = (id: string) => db().select().from(campaignScheduleRuns).where(eq(campaignScheduleRuns.scheduleId, id));
const scheduleCount = async () => (await db().select({ n: count() }).from(campaignSchedules))[0].n;

describe("a due run", () => {
  it("makes exactly one campaign of its own, even with two claims at once, and starts it with a hold", async () => {
    clock = new Date("2026-12-07T03:00:00Z");
    const created = await create("manager");
    expect(created.nextRunAt).toBe("2026-12-07T03:30:00.000Z");
    expect(created.ruleText).toBe("Every day at 09:00 IST");

    clock = new Date("2026-12-07T03:31:00Z");
    // Two processes' claims at once: the schedule row is taken by one, skipped by the other.
    const claims = await Promise.all(
      [1, 2].map(() => db().transaction((tx) => makeDueRuns(tx, clock, 10, "http://localhost"))),
    );
    expect(claims.flat()).toHaveLength(1);
    await runRound();

    const made = await db().select().from(campaigns).where(like(campaigns.name, "Daily offers · %"));
    expect(made.map((c) => c.name)).toEqual(["Daily offers · 7 Dec 2026, 09:00"]);
    expect(made[0].status).toBe("running");
    expect(made[0].validCount).toBe(2);
    expect(Number(made[0].heldPaise)).toBeGreaterThan(0);
    const runs = await runsOf(created.id);
    expect(runs.map((r) => [r.state, r.campaignId, r.plannedAt.toISOString()])).toEqual([
      ["started", made[0].id, "2026-12-07T03:30:00.000Z"],
    ]);

    const got = await s.call({ method: "GET", url: `/api/v1/campaign-schedules/${created.id}`, as: "manager" });
    const detail = got.json().data;
    expect(detail.nextRunAt).toBe("2026-12-08T03:30:00.000Z");
    expect(detail.nextRuns).toHaveLength(10);
    expect(detail.nextRuns[9]).toBe("2026-12-17T03:30:00.000Z");
    expect(detail.runs[0]).toMatchObject({ state: "started", campaignId: made[0].id, campaignStatus: "running" });

    // Another round at the same time makes nothing more.
    await runRound();
    expect(await runsOf(created.id)).toHaveLength(1);
  });

  it("is not made while paused; resuming plans from now and makes up no missed run; history stays", async () => {
    clock = new Date("2026-12-07T04:00:00Z");
    const created = await create("manager", { name: "Paused one" });
    const pause = await s.call({
      method: "POST",
      url: `/api/v1/campaign-schedules/${created.id}/pause`,
      as: "manager",
    });
    expect(pause.statusCode, pause.body).toBe(200);
    expect(pause.json().data).toMatchObject({ status: "paused", nextRunAt: null });

    clock = new Date("2026-12-09T05:00:00Z");
    await runRound();
    expect(await runsOf(created.id)).toHaveLength(0);

    const resume = await s.call({
      method: "POST",
      url: `/api/v1/campaign-schedules/${created.id}/resume`,
      as: "manager",
    });
    expect(resume.json().data).toMatchObject({ status: "active", nextRunAt: "2026-12-10T03:30:00.000Z" });
    await runRound();
    expect(await runsOf(created.id)).toHaveLength(0);

    clock = new Date("2026-12-10T03:30:00Z");
    await runRound();
    expect((await runsOf(created.id)).map((r) => r.state)).toEqual(["started"]);
    // Pausing again keeps the run and its campaign.
    await s.call({ method: "POST", url: `/api/v1/campaign-schedules/${created.id}/pause`, as: "manager" });
    const got = await s.call({ method: "GET", url: `/api/v1/campaign-schedules/${created.id}`, as: "manager" });
    expect(got.json().data.runs).toHaveLength(1);
    expect(got.json().data.nextRuns).toEqual([]);
  });

  it("records insufficient balance as the reason and discards its campaign", async () => {
    clock = new Date("2026-12-11T03:00:00Z");
    const created = await create("manager", { name: "Too dear" });
    await setBalance(db(), await s.id("manager"), "0");
    try {
      clock = new Date("2026-12-11T03:30:00Z");
      await runRound();
    } finally {
      await setBalance(db(), await s.id("manager"), "1000");
    }
    const [run] = await runsOf(created.id);
    expect(run).toMatchObject({ state: "not_run", reason: MSG.insufficientBalance });
    const [campaign] = await db()
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, run.campaignId ?? ""));
    expect(campaign.status).toBe("discarded");
    expect(Number(campaign.heldPaise)).toBe(0);
  });

  it("records a template deleted since the save as the reason, with no campaign", async () => {
    clock = new Date("2026-12-12T03:00:00Z");
    const own = await smsSetup(db(), await s.id("manager"));
    const created = await create("manager", {
      name: "Gone template",
      senderId: own.accountId,
      templateId: own.templateId,
    });
    await db().execute(`delete from sms_templates where id = '${own.templateId}'`);
    clock = new Date("2026-12-12T03:30:00Z");
    await runRound();
    expect((await runsOf(created.id)).map((r) => [r.state, r.reason, r.campaignId])).toEqual([
      ["not_run", "SMS template not found", null],
    ]);
  });

  it("deleting a schedule keeps the campaigns its runs made", async () => {
    clock = new Date("2026-12-13T03:00:00Z");
    const created = await create("manager", { name: "Short lived" });
    clock = new Date("2026-12-13T03:30:00Z");
    await runRound();
    const [run] = await runsOf(created.id);
    const del = await s.call({ method: "DELETE", url: `/api/v1/campaign-schedules/${created.id}`, as: "manager" });
    expect(del.statusCode).toBe(200);
    expect(await runsOf(created.id)).toHaveLength(0);
    const kept = await db()
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, run.campaignId ?? ""));
    expect(kept).toHaveLength(1);
  });
});

describe("who may work on which schedule", () => {
  it.each<[DemoName, number]>([
    ["admin", 403],
    ["reseller", 403],
    ["manager", 200],
    ["user", 200],
    ["depthead", 200],
  ])("%s lists schedules: %i", async (as, status) => {
    const res = await s.call({ method: "GET", url: "/api/v1/campaign-schedules", as });
    expect(res.statusCode).toBe(status);
  });

  it("a department head schedules SMS for its organization and sees only its own; others' answer 404", async () => {
    clock = new Date("2026-12-14T03:00:00Z");
    const mine = await create("depthead", { name: "Dept SMS" });
    const [row] = await db().select().from(campaignSchedules).where(eq(campaignSchedules.id, mine.id));
    expect(row.userId).toBe(await s.id("manager"));
    expect(row.createdBy).toBe(await s.id("depthead"));
    const listed = (await s.call({ method: "GET", url: "/api/v1/campaign-schedules", as: "depthead" })).json().data;
    expect(listed.map((r: { name: string }) => r.name)).toEqual(["Dept SMS"]);
    for (const as of ["user", "globex"] as const) {
      const res = await s.call({ method: "GET", url: `/api/v1/campaign-schedules/${mine.id}`, as });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SCHEDULE_NOT_FOUND);
      const paused = await s.call({ method: "POST", url: `/api/v1/campaign-schedules/${mine.id}/pause`, as });
      expect(paused.statusCode).toBe(404);
    }
    await s.call({ method: "DELETE", url: `/api/v1/campaign-schedules/${mine.id}`, as: "depthead" });
  });

  it("a department head cannot schedule another channel", async () => {
    const rcs = await rcsSetup(db(), await s.id("depthead"));
    const before = await scheduleCount();
    const res = await s.call({
      method: "POST",
      url: "/api/v1/campaign-schedules",
      as: "depthead",
      payload: body({ channel: "rcs", senderId: rcs.botId, templateId: rcs.templateId }),
    });
    expect(res.statusCode).toBe(403);
    expect(await scheduleCount()).toBe(before);
  });
});

describe("bad input writes nothing", () => {
  const rule = (over: Record<string, unknown>) => ({
    rule: { frequency: "daily", time: "09:00", timeZone: "Asia/Kolkata", ...over },
  });
  it.each<[string, () => Record<string, unknown>, number, string]>([
    ["weekly without days", () => rule({ frequency: "weekly", daysOfWeek: [] }), 400, "rule.daysOfWeek"],
    ["monthly without a day", () => rule({ frequency: "monthly" }), 400, "rule.dayOfMonth"],
    ["an unknown zone", () => rule({ timeZone: "Mars/Base" }), 400, "rule.timeZone"],
    ["a time past 23:59", () => rule({ time: "24:00" }), 400, "time"],
    ["an end date already past", () => rule({ endDate: "2026-01-01" }), 400, "rule.endDate"],
    ["two audiences", () => ({ segmentId: "00000000-0000-0000-0000-000000000000" }), 400, "segmentId"],
    ["no audience", () => ({ numbers: undefined }), 400, "segmentId"],
    ["another account's template", () => ({ senderId: otherSms.accountId, templateId: otherSms.templateId }), 404, ""],
    ["a wrong count of variables", () => ({ variables: ["x"] }), 400, "variables"],
    [
      "a campaign without a file as the file",
      () => ({ numbers: undefined, fileFromCampaignId: "00000000-0000-0000-0000-000000000000" }),
      400,
      "fileFromCampaignId",
    ],
    ["no name", () => ({ name: " " }), 400, "name"],
  ])("%s", async (_name, over, status, field) => {
    clock = new Date("2026-12-15T03:00:00Z");
    const before = await scheduleCount();
    const res = await s.call({
      method: "POST",
      url: "/api/v1/campaign-schedules",
      as: "manager",
      payload: body(over()),
    });
    expect(res.statusCode, res.body).toBe(status);
    if (field) expect(res.body).toContain(field);
    expect(await scheduleCount()).toBe(before);
  });

  it("an update refused leaves the schedule as it was", async () => {
    clock = new Date("2026-12-15T03:00:00Z");
    const created = await create("manager", { name: "Keep me" });
    const res = await s.call({
      method: "PUT",
      url: `/api/v1/campaign-schedules/${created.id}`,
      as: "manager",
      payload: body({ name: "Changed", ...rule({ frequency: "weekly", daysOfWeek: [] }) }),
    });
    expect(res.statusCode).toBe(400);
    const [row] = await db()
      .select()
      .from(campaignSchedules)
      .where(and(eq(campaignSchedules.id, created.id)));
    expect(row.name).toBe("Keep me");
    expect(row.rule.frequency).toBe("daily");
  });
});
