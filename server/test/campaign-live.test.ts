// A running campaign's live control room (issue 41, item 6) over the real dispatcher and the sandbox carrier: the
// throttle paces sends and a raise speeds them up while it runs; the figures come from the throughput buckets; the
// failure-rate and cost alerts fire once (bell, mail, webhook), re-arm on a changed threshold and can pause; who may
// read and who may change; refusals write nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignLiveRecord } from "../../contract/calls/campaign-live";
import type { CampaignStatus } from "../../contract/domain/campaigns";
import { ALERT_MESSAGES, THROUGHPUT_BUCKET_SECONDS } from "../../contract/domain/control-room";
import type { CampaignAlertData, WebhookEnvelope } from "../../contract/domain/webhooks";
import { webhookConfigFromEnv } from "../config";
import type { Database } from "../db/client";
import {
  campaignAlertsFired,
  campaignRecipients,
  campaigns,
  campaignThroughput,
  mailOutbox,
  notifications,
  users,
} from "../db/schema";
import { averageRate, campaignLive } from "../services/campaigns/live";
import { transition } from "../services/campaigns/status";
import { bucketOf } from "../services/campaigns/throughput";
import { createEndpoint } from "../services/webhooks/endpoints";
import {
  dispatchServer,
  insertCampaign,
  ordinaryNumbers,
  setBalance,
  until,
  whatsappTemplate,
  type DispatchServer,
} from "./campaign-fixtures";
import { freshDatabase, type DemoName } from "./harness";
import { startReceiver, type Receiver } from "./webhook-receiver";

let database: Database;
let server: DispatchServer;
let receiver: Receiver;
let owner: string;
beforeAll(async () => {
  database = await freshDatabase();
  server = await dispatchServer(database, {
    // The auto-pause rule out of the way (its own tests are elsewhere): these campaigns fail on purpose, below it.
    dispatch: { autoPause: { window: 500, rate: 0.95, minimum: 50 } },
    config: { webhooks: { ...webhookConfigFromEnv({}), allowPrivate: true } },
  });
  receiver = await startReceiver();
  owner = await server.id("manager");
  await setBalance(database.db, owner, "100000.00");
  await createEndpoint(
    database.db,
    owner,
    { url: receiver.url, events: ["campaign.alert"] },
    { allowPrivate: true, requireHttps: false },
  );
}, 60_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
  await receiver?.close();
});

const db = () => database.db;
const base = (id: string) => `/api/v1/campaign-control/${id}`;
async function call(as: DemoName, method: "GET" | "PUT", url: string, payload?: Record<string, unknown>) {
  return server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${await server.token(as)}` } });
}
const live = async (id: string, as: DemoName = "manager") =>
  (await call(as, "GET", `${base(id)}/live`)).json().data as CampaignLiveRecord;
const row = async (id: string) => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
const sentTimes = async (id: string) =>
  (
    await db()
      .select({ at: campaignRecipients.sentAt })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id))
  )
    .map((r) => r.at?.getTime())
    .filter((t): t is number => t !== undefined)
    .sort((a, b) => a - b);
const alertsOf = (type: "campaign.alert") =>
  receiver.received
    .map((r) => JSON.parse(r.body) as WebhookEnvelope)
    .filter((e) => e.type === type)
    .map((e) => e.data as CampaignAlertData);
const firedOf = (id: string) =>
  db().select().from(campaignAlertsFired).where(eq(campaignAlertsFired.campaignId, id)).orderBy(campaignAlertsFired.id);

/** A WhatsApp campaign of the manager, paused until `go` (so throttle and alerts are set before a send). */
async function campaign(numbers: readonly string[]) {
  const template = await whatsappTemplate(db(), owner);
  return insertCampaign(db(), {
    userId: owner,
    templateId: template.id,
    templateName: template.name,
    numbers,
    holdPaise: 50_000,
    status: "paused",
  });
}
const go = (id: string) => transition(db(), id, "running", { statusReason: null }, ["paused"]);
const ALERTS_OFF = {
  failureRatePercent: null,
  costLimit: null,
  pauseOnAlert: false,
  targets: ["bell", "mail", "webhook"],
};

describe("throttle", () => {
  it.each([
    // [what, perSecond, status]
    ["below the minimum", 0, 400],
    ["not a whole number", 2.5, 400],
    ["the slowest", 1, 200],
    ["none (the sender's limit)", null, 200],
  ] as const)("%s: %s → %i", async (_what, perSecond, status) => {
    const id = await campaign(ordinaryNumbers(3, 900));
    const before = await row(id);
    const res = await call("manager", "PUT", `${base(id)}/throttle`, { perSecond });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200) expect(res.json().data.throttle.perSecond).toBe(perSecond);
    else expect(await row(id)).toEqual(before);
  });

  it("above the sender's limit: 400 naming the field, nothing written", async () => {
    const id = await campaign(ordinaryNumbers(3, 950));
    const { max } = (await live(id)).throttle;
    const before = await row(id);
    const res = await call("manager", "PUT", `${base(id)}/throttle`, { perSecond: max + 1 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain("perSecond");
    expect(await row(id)).toEqual(before);
    const ok = await call("manager", "PUT", `${base(id)}/throttle`, { perSecond: max });
    expect(ok.json().data.throttle).toMatchObject({ perSecond: max, effective: max, min: 1, max });
  });

  it("5 a second paces 15 sends over at least two seconds", async () => {
    const numbers = ordinaryNumbers(15, 1000);
    const id = await campaign(numbers);
    await call("manager", "PUT", `${base(id)}/throttle`, { perSecond: 5 });
    await go(id);
    await until(
      () => row(id),
      (r) => r.status === "completed",
      20_000,
    );
    expect(await sentTimes(id)).toHaveLength(15);
    // The pace as the carrier saw the sends (the rows' sent_at is their batch's write, which load can delay by
    // hundreds of ms: two batches' writes may fall within one second while their sends did not).
    const times = server.carrier.sent
      .filter((m) => numbers.includes(m.to))
      .map((m) => server.carrier.sentAt.get(m.id)!)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(15);
    // 5 at once, 5 a second later, 5 a second after that: two seconds at least (a little slack for timer jitter).
    const span = times.at(-1)! - times[0]!;
    expect(span).toBeGreaterThanOrEqual(1_800);
    expect(span).toBeLessThan(8_000);
    // No second holds more than five (the pacer's window is exact on its own clock; the hand-over to the carrier
    // after it may lag by a few ms, so the window looked at here is a little shorter).
    for (const t of times) expect(times.filter((u) => u >= t && u < t + 950).length).toBeLessThanOrEqual(5);
  });

  it("raised while it runs, it speeds up within about a second", async () => {
    const id = await campaign(ordinaryNumbers(60, 2000));
    await call("manager", "PUT", `${base(id)}/throttle`, { perSecond: 2 });
    await go(id);
    await until(sentTimes.bind(null, id), (t) => t.length >= 3, 10_000);
    const raisedAt = Date.now();
    const res = await call("manager", "PUT", `${base(id)}/throttle`, { perSecond: 50 });
    expect(res.json().data.throttle).toMatchObject({ perSecond: 50, effective: 50 });
    await until(
      () => row(id),
      (r) => r.status === "completed",
      10_000,
    );
    // At 2 a second the rest would take half a minute; at 50 about a second after the change reaches the dispatcher.
    expect(Date.now() - raisedAt).toBeLessThan(5_000);
    const times = await sentTimes(id);
    expect(times.filter((t) => t < raisedAt).length).toBeLessThan(10);
  });
});

describe("live figures", () => {
  it.each<[string, { status: CampaignStatus; ranMs: number; since: number | null }, number, number]>([
    // what, the row's clock (since: ms before `at`), done, messages a second
    ["running: 40 s of spells and 5 s of this one", { status: "running", ranMs: 40_000, since: 5_000 }, 360, 8],
    ["paused: its spells only (the pause does not count)", { status: "paused", ranMs: 40_000, since: null }, 360, 9],
    ["completed", { status: "completed", ranMs: 25_000, since: null }, 50, 2],
    ["a third of a second", { status: "completed", ranMs: 3_000, since: null }, 1, 0.33],
    ["never ran", { status: "scheduled", ranMs: 0, since: null }, 0, 0],
    ["running with no spell recorded", { status: "running", ranMs: 0, since: null }, 10, 0],
    ["a spell stamped ahead of the clock counts nothing", { status: "running", ranMs: 10_000, since: -2_000 }, 20, 2],
  ])("average: %s", (_what, clock, done, average) => {
    const at = new Date("2026-12-07T15:00:00Z");
    const runningSince = clock.since === null ? null : new Date(at.getTime() - clock.since);
    expect(averageRate(done, { status: clock.status, ranMs: clock.ranMs, runningSince }, at)).toBe(average);
  });

  it("the running clock: each spell adds to ran_ms, paused time does not", async () => {
    const id = await campaign(ordinaryNumbers(60, 30_000));
    // 1 a second: it is still sending when the test pauses it.
    await call("manager", "PUT", `${base(id)}/throttle`, { perSecond: 1 });
    expect(await row(id)).toMatchObject({ ranMs: 0, runningSince: null });
    const started = Date.now();
    await go(id);
    const running = await row(id);
    expect(running.runningSince!.getTime()).toBeGreaterThanOrEqual(started - 5);
    await new Promise((r) => setTimeout(r, 400));
    await transition(db(), id, "paused", { statusReason: "test" }, ["running"]);
    const paused = await row(id);
    expect(paused.runningSince).toBeNull();
    expect(paused.ranMs).toBeGreaterThanOrEqual(400);
    expect(paused.ranMs).toBeLessThan(Date.now() - started + 5);
    await new Promise((r) => setTimeout(r, 300));
    await go(id);
    const resumed = await row(id);
    // The pause added nothing; a new spell began.
    expect(resumed.ranMs).toBe(paused.ranMs);
    expect(resumed.runningSince!.getTime()).toBeGreaterThan(paused.runningSince?.getTime() ?? started + 400);
    // running → running (a no-op move) keeps the spell.
    await transition(db(), id, "running", {}, ["running"]);
    expect((await row(id)).runningSince).toEqual(resumed.runningSince);
    await transition(db(), id, "discarded", {}, ["running"]);
    const ended = await row(id);
    expect(ended.runningSince).toBeNull();
    expect(ended.ranMs).toBeGreaterThan(paused.ranMs);
  });

  it("series, now, average and ETA from the buckets", async () => {
    const id = await campaign(ordinaryNumbers(500, 5000));
    const at = new Date(bucketOf(Date.now()).getTime() + 5_000);
    const bucket = (back: number) =>
      new Date(bucketOf(at.getTime()).getTime() - back * THROUGHPUT_BUCKET_SECONDS * 1000);
    // Three whole buckets of the last 30 s (100 + 50 + 150 outcomes), one from ten minutes ago (outside the chart),
    // and the filling one (not in "now"): 5 s into it.
    await db()
      .insert(campaignThroughput)
      .values([
        { campaignId: id, bucket: bucket(70), sent: 40, failed: 0 },
        { campaignId: id, bucket: bucket(3), sent: 90, failed: 10 },
        { campaignId: id, bucket: bucket(2), sent: 50, failed: 0 },
        { campaignId: id, bucket: bucket(1), sent: 140, failed: 10 },
        { campaignId: id, bucket: bucket(0), sent: 20, failed: 0 },
      ]);
    const r = { ...(await row(id)), status: "running" as const };
    const figures = await campaignLive(db(), r, { senderLimit: 80, from: "phone-1", at });
    expect(figures.throughput.series).toHaveLength(60);
    expect(figures.throughput.series.at(-1)).toEqual({ at: bucket(0).toISOString(), sent: 20, failed: 0 });
    expect(figures.throughput.series.at(-2)).toEqual({ at: bucket(1).toISOString(), sent: 140, failed: 10 });
    expect(figures.throughput.series.filter((b) => b.sent + b.failed > 0)).toHaveLength(4);
    expect(figures.throughput.now).toBe(10); // 300 outcomes / 30 s
    // The average is the campaign's own outcomes over its running time, not the buckets': none done yet here.
    expect(figures.throughput.average).toBe(0);
    // The recipients are all waiting (nothing was sent for real): 500 at 10 a second.
    expect(figures).toMatchObject({ total: 500, waiting: 500, done: 0, etaSeconds: 50 });
    expect(figures.throttle).toEqual({ perSecond: null, effective: 80, min: 1, max: 80 });
    // Paused: no ETA.
    expect((await campaignLive(db(), await row(id), { senderLimit: 80, from: "phone-1", at })).etaSeconds).toBeNull();
  });

  it("a real run: its buckets add up to its outcomes, and the routes say what failed", async () => {
    // Ten numbers WhatsApp refuses at submit (131026), among fifty.
    const failing = Array.from({ length: 10 }, (_, i) => `+91900000001${i}`);
    const id = await campaign([...ordinaryNumbers(40, 8000), ...failing]);
    await go(id);
    await until(
      () => row(id),
      (r) => r.status === "completed",
      15_000,
    );
    const figures = await live(id);
    const inSeries = figures.throughput.series.reduce((sum, b) => sum + b.sent + b.failed, 0);
    expect(inSeries).toBe(50);
    expect(figures).toMatchObject({ status: "completed", total: 50, waiting: 0, done: 50, etaSeconds: null });
    const [primary] = figures.routes;
    expect(primary.route).toBe("primary");
    expect(primary.failed).toBeGreaterThanOrEqual(10);
    expect(primary.errorRate).toBeCloseTo(primary.failed / 50, 5);
    // The sandbox's terse text, read through Meta's code table; its own words stay as the detail.
    expect(primary.topErrors[0]).toMatchObject({
      reason: "Message undeliverable (131026): the number may not be on WhatsApp or cannot receive this message",
      detail: "Message undeliverable",
    });
    expect(figures.cost.spent).toBeGreaterThan(0);
    // Its 50 outcomes over the one spell it ran (started by go, ended by its completion).
    const { ranMs } = await row(id);
    expect(ranMs).toBeGreaterThan(0);
    expect(figures.throughput.average).toBe(Math.round((50 / (ranMs / 1000)) * 100) / 100);
  });
});

describe("alerts", () => {
  it("bad input writes nothing", async () => {
    const id = await campaign(ordinaryNumbers(3, 12_000));
    const before = await row(id);
    for (const bad of [
      { ...ALERTS_OFF, failureRatePercent: 0 },
      { ...ALERTS_OFF, failureRatePercent: 101 },
      { ...ALERTS_OFF, costLimit: -1 },
      { ...ALERTS_OFF, costLimit: 1.234 },
      { ...ALERTS_OFF, targets: ["sms"] },
      { ...ALERTS_OFF, pauseOnAlert: undefined },
    ]) {
      const res = await call("manager", "PUT", `${base(id)}/alerts`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await row(id)).toEqual(before);
  });

  it("failure rate: fires once to the bell, mail and webhook, and again after its threshold changes", async () => {
    // One number in twelve refused at submit (131026): about 8 % of the newest outcomes, past an alert at 5 %.
    const numbers = ordinaryNumbers(120, 20_000);
    for (let i = 0; i < 10; i++) numbers[i * 12 + 5] = `+91900000001${i}`;
    const id = await campaign(numbers);
    await call("manager", "PUT", `${base(id)}/throttle`, { perSecond: 20 });
    const saved = await call("manager", "PUT", `${base(id)}/alerts`, { ...ALERTS_OFF, failureRatePercent: 5 });
    expect(saved.json()).toMatchObject({ message: "Alerts saved", data: { alerts: { failureRatePercent: 5 } } });
    await go(id);
    const [first] = await until(
      () => firedOf(id),
      (f) => f.length >= 1,
      15_000,
    );
    expect(first).toMatchObject({ kind: "failure-rate", paused: false, rearmedAt: null });
    expect(first.message).toMatch(/% of the latest messages failed \(alert at 5 %\)$/);
    // The bell (owner = creator here: one), the mail and the webhook: written after the fired row, so awaited.
    const bells = await until(
      () =>
        db()
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, owner), eq(notifications.kind, "campaign_alert"))),
      (rows) => rows.some((b) => b.body === first.message),
    );
    expect(bells.map((b) => b.body)).toContain(first.message);
    const [me] = await db().select({ email: users.email }).from(users).where(eq(users.id, owner));
    const mails = await until(
      () => db().select().from(mailOutbox).where(eq(mailOutbox.to, me.email)),
      (rows) => rows.some((m) => m.body.includes(first.message)),
    );
    expect(mails.some((m) => m.body.includes(first.message))).toBe(true);
    await until(
      async () => alertsOf("campaign.alert").filter((a) => a.campaignId === id),
      (a) => a.length >= 1,
    );
    expect(alertsOf("campaign.alert").find((a) => a.campaignId === id)).toMatchObject({
      kind: "failure-rate",
      threshold: 5,
      paused: false,
      message: first.message,
    });
    // Failures keep coming: it does not fire again while its threshold stands.
    await new Promise((r) => setTimeout(r, 1200));
    expect(await firedOf(id)).toHaveLength(1);
    // A new threshold re-arms it: it fires once more at that figure.
    expect((await row(id)).status).toBe("running");
    await call("manager", "PUT", `${base(id)}/alerts`, { ...ALERTS_OFF, failureRatePercent: 6 });
    const both = await until(
      () => firedOf(id),
      (f) => f.length >= 2,
      15_000,
    );
    expect(both[0].rearmedAt).not.toBeNull();
    expect(both[1].message).toMatch(/\(alert at 6 %\)$/);
    expect((await live(id)).fired.map((f) => f.kind)).toEqual(["failure-rate", "failure-rate"]);
    await until(
      () => row(id),
      (r) => r.status === "completed",
      15_000,
    );
  });

  it("cost with pause-on-alert: pauses the campaign with the reason, once", async () => {
    const id = await campaign(ordinaryNumbers(200, 30_000));
    await call("manager", "PUT", `${base(id)}/throttle`, { perSecond: 20 });
    await call("manager", "PUT", `${base(id)}/alerts`, {
      ...ALERTS_OFF,
      costLimit: 1,
      pauseOnAlert: true,
      targets: ["webhook"],
    });
    await go(id);
    const paused = await until(
      () => row(id),
      (r) => r.status === "paused",
      15_000,
    );
    expect(paused.statusReason).toMatch(new RegExp(`^${ALERT_MESSAGES.paused}: .*past the alert at ₹1\\.00$`));
    expect(paused.spentPaise).toBeGreaterThan(100);
    // The fired row is marked paused just after the status moves.
    const fired = await until(
      () => firedOf(id),
      (f) => f[0]?.paused === true,
    );
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ kind: "cost", paused: true });
    const figures = await live(id);
    expect(figures).toMatchObject({ status: "paused", alerts: { costLimit: 1, pauseOnAlert: true } });
    expect(figures.fired[0]).toMatchObject({ kind: "cost", paused: true });
    expect(figures.waiting).toBeGreaterThan(0);
    // Bell and mail were not chosen.
    expect(
      (await db().select().from(notifications).where(eq(notifications.kind, "campaign_alert"))).some((n) =>
        n.body.includes(paused.name),
      ),
    ).toBe(false);
    await until(
      async () => alertsOf("campaign.alert").filter((a) => a.campaignId === id),
      (a) => a.length === 1,
    );
    expect(alertsOf("campaign.alert").find((a) => a.campaignId === id)).toMatchObject({
      kind: "cost",
      threshold: 1,
      paused: true,
    });
  });
});

describe("roles", () => {
  it.each([
    // [who, read, write]: admins and resellers read their customers' campaigns; only the sender changes them.
    ["manager", 200, 200],
    ["admin", 200, 403],
    ["reseller", 200, 403],
    ["globex", 404, 404],
    ["user", 404, 404],
    ["rahul", 403, 403],
  ] as const)("%s: read %i, write %i", async (who, read, write) => {
    const id = await campaign(ordinaryNumbers(3, 40_000));
    expect((await call(who, "GET", `${base(id)}/live`)).statusCode).toBe(read);
    const before = await row(id);
    const throttle = await call(who, "PUT", `${base(id)}/throttle`, { perSecond: 3 });
    const alerts = await call(who, "PUT", `${base(id)}/alerts`, { ...ALERTS_OFF, failureRatePercent: 50 });
    expect([throttle.statusCode, alerts.statusCode]).toEqual([write, write]);
    if (write !== 200) expect(await row(id)).toEqual(before);
  });

  it("an ended campaign refuses changes (409) and writes nothing", async () => {
    const id = await campaign(ordinaryNumbers(3, 41_000));
    await db().update(campaigns).set({ status: "completed" }).where(eq(campaigns.id, id));
    const before = await row(id);
    const res = await call("manager", "PUT", `${base(id)}/throttle`, { perSecond: 3 });
    expect(res.statusCode, res.body).toBe(409);
    expect((await call("manager", "PUT", `${base(id)}/alerts`, ALERTS_OFF)).statusCode).toBe(409);
    expect(await row(id)).toEqual(before);
    expect((await live(id)).status).toBe("completed");
  });
});
