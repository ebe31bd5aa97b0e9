// The pause journey on the built server (the bundle `npm start` runs), over an SMPP provider whose SMSC is the local
// stand-in, where every submit_sm is counted per number: the provider's view, not the console's. An SMS campaign is
// paused twice mid-run; after each pause at most the dispatcher's in-flight window (DISPATCH_CONCURRENCY) more
// messages may reach the SMSC; resumed, it completes with every recipient submitted exactly once, and the account paid
// exactly what the campaign spent. The owner and the sender may be different processes: then only NOTIFY can tell
// the sending process that the campaign was paused.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import type { CampaignRecord } from "../../contract/calls";
import { buildApp } from "../app";
import type { Smsc } from "../carriers/smpp/stand-in";
import { waitFor } from "./crash-child";
import { restoreDataDir } from "../../scripts/restore.mjs";
import { DEMO_PASSWORD, freshDatabase } from "./harness";
import { PGLITE_TEMPLATE_ENV } from "./template-env";

/**
 * What the processes are started with (besides the database). The status read that stops a dispatcher should a stop
 * signal be lost is made rare (DISPATCH_STATUS_MS), so that only the signals can pass the test.
 */
export const PAUSE_JOURNEY_ENV = {
  DEMO_PASSWORD,
  JWT_SECRET: "pause-journey",
  RATE_LIMIT_LOGIN_PER_IP: "100000",
  JOB_INTERVAL_MS: "250",
  CARRIER_ALLOW_PRIVATE: "true",
  DISPATCH_CONCURRENCY: "8",
  DISPATCH_IDLE_MS: "100",
  DISPATCH_STATUS_MS: "10000",
} as const;
export const CONCURRENCY = Number(PAUSE_JOURNEY_ENV.DISPATCH_CONCURRENCY);
export const SMSC_USER = { systemId: "acmepause", password: "Pa-use-42" };

interface Reply {
  status: number;
  body: { success?: boolean; message?: string; data?: unknown; balances?: { balance: number }[] };
}

function client(base: string) {
  return async (method: string, path: string, token?: string, body?: unknown): Promise<Reply> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Reply["body"]) : {} };
  };
}

const ok = (reply: Reply, what: string): Reply["body"] => {
  if (reply.status >= 300) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
};

export interface PauseFigures {
  /** Per pause: submits that had reached the SMSC when the pause was made, and those that reached it after. */
  pauses: { before: number; after: number }[];
  total: number;
}

export interface JourneyPlan {
  /** The port of the process the owner pauses and resumes through. */
  pauseVia: number;
  /** The port of the process that sends (the test's processes are set up so that no other one does). */
  sendVia: number;
  recipients: number;
  /** The SMPP channel's throughput (its messages_per_second), which the dispatcher paces the campaign to. */
  perSecond: number;
  /** SMSC counts at which the campaign is paused: between two of the dispatcher's batches (perSecond each) it idles. */
  pauseAt: number[];
  /**
   * When "after the pause" begins. "move": the campaign's own time of the move to paused (its row's updatedAt, on
   * this machine's clock), however long the answer then took: the process that moves it stops its own sends first.
   * "answer": when the pause answered, for a sender in another process, which hears of the move by NOTIFY as it
   * commits; the pause answers once its notification has come back to its own process, so the sender has it too.
   */
  from: "move" | "answer";
}

/** Runs the journey; answers the figures it measured. */
export async function pauseJourney(
  smsc: Smsc,
  { pauseVia, sendVia, recipients, perSecond, pauseAt, from }: JourneyPlan,
  log: (m: string) => void,
): Promise<PauseFigures> {
  const owner = client(`http://127.0.0.1:${pauseVia}`);
  const sender = client(`http://127.0.0.1:${sendVia}`);
  const login = ok(
    await owner("POST", "/api/v1/auth/login", undefined, { email: "manager", password: DEMO_PASSWORD }),
    "login",
  ).data as { token: string };
  const token = login.token;

  // The manager's SMPP provider for the seeded transactional header, then the seeded DLT template on it.
  ok(
    await owner("POST", "/api/v1/channels/smpp", token, {
      name: "Pause SMSC",
      sender_ids: ["ACMEOT"],
      host: "127.0.0.1",
      port: smsc.port,
      system_id: SMSC_USER.systemId,
      password: SMSC_USER.password,
      messages_per_second: perSecond,
      dlt_entity_id: "1201159100000000001",
    }),
    "connect smpp",
  );
  const templates = ok(await owner("GET", "/api/sms/templates", token), "templates").data as {
    id: string;
    smsAccountId: string;
    name: string;
  }[];
  const otp = templates.find((t) => t.name === "Login OTP");
  if (!otp) throw new Error("the seeded Login OTP template is missing");
  const numbers = Array.from({ length: recipients }, (_, i) => `+9197${String(31_000_000 + i).padStart(8, "0")}`);
  const created = ok(
    await owner("POST", "/api/sms/campaigns/create", token, {
      campaignName: "Pause journey",
      smsAccountId: otp.smsAccountId,
      templateId: otp.id,
      numbers: numbers.join("\n"),
      variables: ["123456"],
    }),
    "create",
  ).data as { _id: string };
  const id = created._id;
  const campaign = async (via = owner) =>
    ok(await via("GET", `/api/v1/campaigns/${id}`, token), "campaign").data as CampaignRecord;
  await waitFor(async () => (await campaign()).status === "ready", 30_000, "the audience read");
  log("campaign ready");
  const balance = async () =>
    Number(ok(await owner("GET", "/api/v1/balance/getBalance", token), "balance").balances?.[0]?.balance);
  const before = await balance();

  const digits = new Set(numbers.map((n) => n.slice(1)));
  const ours = () => smsc.submitted.filter((s) => digits.has(s.to));
  const atCarrier = () => ours().length;
  ok(await sender("POST", `/api/sms/campaigns/${id}/start`, token), "start");

  const pauses: PauseFigures["pauses"] = [];
  for (const at of pauseAt) {
    await waitFor(() => atCarrier() >= at, 30_000, `${at} submits at the SMSC`);
    const paused = ok(await owner("POST", `/api/v1/campaign-control/${id}/pause`, token), "pause")
      .data as CampaignRecord;
    const pausedAt = from === "move" ? Date.parse(paused.updatedAt) : Date.now();
    // Settled: paused with nothing in flight (the sending process's view), and the SMSC hears nothing more.
    await waitFor(
      async () => {
        const c = await campaign(sender);
        return c.status === "paused" && c.counts.sending === 0;
      },
      30_000,
      "the pause settled",
    );
    await new Promise((r) => setTimeout(r, 500));
    const before = ours().filter((s) => s.at <= pausedAt).length;
    const after = atCarrier() - before;
    pauses.push({ before, after });
    log(
      `paused at ${before} submits; ${after} more reached the SMSC after the pause's ${from} (window ${CONCURRENCY})`,
    );
    ok(await owner("POST", `/api/v1/campaign-control/${id}/resume`, token), "resume");
  }
  await waitFor(async () => (await campaign()).status === "completed", 60_000, "completed");

  // Every recipient reached the SMSC exactly once.
  const perNumber = new Map<string, number>();
  for (const s of smsc.submitted) if (digits.has(s.to)) perNumber.set(s.to, (perNumber.get(s.to) ?? 0) + 1);
  const twice = [...perNumber].filter(([, n]) => n > 1);
  const never = [...digits].filter((d) => !perNumber.has(d));
  expect({ twice: twice.length, never: never.length }).toEqual({ twice: 0, never: 0 });

  // Money: the account paid what the campaign spent, and the campaign spent one message's price per recipient.
  const done = await campaign();
  const after = await balance();
  expect(done.counts.sent + done.counts.delivered).toBe(recipients);
  expect(Math.round((before - after) * 100)).toBe(Math.round(done.cost.spent * 100));
  expect(done.cost.spent).toBeGreaterThan(0);
  expect(Math.round(done.cost.spent * 100) % recipients).toBe(0);
  for (const p of pauses)
    expect(p.after, `submits after the pause (${JSON.stringify(pauses)})`).toBeLessThanOrEqual(CONCURRENCY);
  return { pauses, total: atCarrier() };
}

/**
 * The database the processes share: on PostgreSQL a fresh one, seeded here first (so processes starting together do
 * not race to seed it); on PGlite a data directory the one process creates and seeds itself.
 */
export async function journeyDatabase(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "pause-journey-"));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.DATABASE_URL) {
    // The migrated copy global-setup.ts made, restored as `npm run restore` does: the server then starts as after a
    // restart (no initdb, no migrations; it seeds the demo accounts), seconds sooner on a busy machine.
    const template = process.env[PGLITE_TEMPLATE_ENV];
    if (template) await restoreDataDir(template, dataDir);
    return { env: { DATA_DIR: dataDir }, close: async () => removeDir() };
  }
  const database = await freshDatabase();
  const seeder = await buildApp({
    database,
    logger: false,
    config: {
      demoPassword: DEMO_PASSWORD,
      webRoot: "./.no-web-root",
      jwtSecret: PAUSE_JOURNEY_ENV.JWT_SECRET,
      dataDir,
    },
  });
  await seeder.ready();
  await seeder.close();
  return {
    env: { DATABASE_URL: database.url ?? "", DATA_DIR: dataDir, SEED_DEMO: "false" },
    close: async () => {
      await database.close();
      removeDir();
    },
  };
}
