// Parts of the scale scenario beside the campaign and the chat, each with checks of its own:
//   public-API sends through the balancer: every send with an Idempotency-Key, retried with the same key when its
//     answer is lost (a process killed, a 502), is one message, sent to the carrier once, and ends in a final state;
//   report generation: every report queued while the campaign runs (and a process dies) ends ready, with rows.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rowsOf } from "../../db/sql";
import { readSendLog } from "../crash-child";

export interface PartContext {
  base: string;
  database: Database;
  tokens: { manager: string; user: string; admin: string };
  ids: { manager: string; user: string };
  /** The sandbox's send log shared by every process: one line per message the provider accepted. */
  sendLog: string;
  log(message: string): void;
  retried(
    url: string,
    init: { method?: string; token?: string; body?: unknown },
  ): Promise<{ status: number; body: unknown; backend: number; attempts: number }>;
}

export interface ScenarioPart {
  name: string;
  /** Before the run (keys, templates). */
  prepare(ctx: PartContext): Promise<void>;
  /** While the campaign runs (and the kill happens). */
  run(ctx: PartContext): Promise<void>;
  /** After the run: what is wrong, if anything. */
  check(ctx: PartContext): Promise<string[]>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FINAL_WAIT_MS = 120_000;

interface PublicTemplate {
  id: string;
  channel: string;
  variables: number;
}

/** How many of a part's requests, one every `everyMs`, so that they span the campaign and the kill. */
export interface Pace {
  count: number;
  everyMs: number;
}

/** Public-API sends by the demo `user` (it has the api module): N messages, each with its own Idempotency-Key. */
export function publicApiSends({ count, everyMs }: Pace): ScenarioPart {
  let key = "";
  let keyId = "";
  let template: PublicTemplate | undefined;
  /** Every message id answered for each Idempotency-Key (one, however many times it was retried). */
  const answers = new Map<string, string[]>();
  let retriedSends = 0;
  return {
    name: "public API sends",
    async prepare(ctx) {
      const created = await ctx.retried(`${ctx.base}/api/ums/v1/api-keys`, {
        token: ctx.tokens.user,
        body: { name: `scale-${Date.now()}`, scopes: ["messages:send", "reports:read", "templates:manage"] },
      });
      const issued = (created.body as { data?: { key?: string; apiKey?: { id?: string } } }).data;
      key = issued?.key ?? "";
      keyId = issued?.apiKey?.id ?? "";
      if (!key || !keyId) throw new Error(`api key not created: ${created.status} ${JSON.stringify(created.body)}`);
      const res = await fetch(`${ctx.base}/api/public/v1/templates?channel=rcs`, {
        headers: { authorization: `Bearer ${key}` },
      });
      template = ((await res.json()) as { data?: PublicTemplate[] }).data?.[0];
      if (!template) throw new Error(`the user has no RCS template for the public API (${res.status})`);
    },
    async run(ctx) {
      if (!template) return;
      const content = {
        channel: template.channel,
        templateId: template.id,
        variables: Array.from({ length: template.variables }, (_, i) => `v${i}`),
      };
      for (let i = 0; i < count; i++) {
        const idempotencyKey = `scale-${i}-${Math.random().toString(36).slice(2)}`;
        const to = `+9196${String(10_000_000 + i).slice(-8)}`;
        for (let attempt = 0; attempt < 40; attempt++) {
          if (attempt > 0) retriedSends++;
          const res = await fetch(`${ctx.base}/api/public/v1/messages`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              authorization: `Bearer ${key}`,
              "idempotency-key": idempotencyKey,
            },
            body: JSON.stringify({ ...content, to }),
          }).catch(() => null);
          const message = res && res.status < 300 ? ((await res.json()) as { data: { id: string } }).data : null;
          if (message) answers.set(idempotencyKey, [...(answers.get(idempotencyKey) ?? []), message.id]);
          if (res && res.status < 500 && res.status !== 429) break;
          await sleep(250);
        }
        await sleep(everyMs);
      }
    },
    async check(ctx) {
      const problems: string[] = [];
      if (answers.size < count) problems.push(`${count - answers.size} of ${count} sends never accepted`);
      for (const [k, ids] of answers)
        if (new Set(ids).size !== 1)
          problems.push(`Idempotency-Key ${k} answered ${new Set(ids).size} different messages`);
      const answered = new Set([...answers.values()].map((ids) => ids[0]));
      // The dispatcher sends them after the answers: wait for every one to leave queued and sending.
      const { db } = ctx.database;
      let rows: { id: string; state: string; reason: string | null }[] = [];
      for (const end = Date.now() + FINAL_WAIT_MS; ; await sleep(500)) {
        rows = await rowsOf(db, sql`select id::text, state, reason from api_messages where api_key_id = ${keyId}`);
        if (rows.every((r) => !["queued", "sending"].includes(r.state)) || Date.now() > end) break;
      }
      if (rows.length !== answered.size)
        problems.push(`${rows.length} messages stored for ${answered.size} accepted sends`);
      const open = rows.filter((r) => ["queued", "sending", "unknown"].includes(r.state));
      if (open.length)
        problems.push(`${open.length} messages left ${[...new Set(open.map((r) => r.state))].join(", ")}`);
      // A message the carrier took (sent, delivered, read) is in its send log once; one it refused failed with a
      // reason.
      const sent = readSendLog(ctx.sendLog).accepted.filter(
        (id) => id.startsWith("api:") && answered.has(id.split(":")[1]),
      );
      const times = new Map<string, number>();
      for (const id of sent) times.set(id.split(":")[1], (times.get(id.split(":")[1]) ?? 0) + 1);
      const taken = rows.filter((r) => ["sent", "delivered", "read"].includes(r.state));
      const missing = taken.filter((r) => !times.has(r.id)).length;
      if (missing)
        problems.push(
          `${missing} messages marked ${[...new Set(taken.map((r) => r.state))].join(", ")} never reached the carrier`,
        );
      const twice = [...times.values()].filter((n) => n > 1).length;
      if (twice) problems.push(`${twice} messages reached the carrier twice`);
      const failed = rows.filter((r) => r.state === "failed");
      if (failed.some((r) => !r.reason)) problems.push("a failed message has no reason");
      ctx.log(
        `public API: ${answered.size} messages accepted (${retriedSends} sends retried), ${times.size} taken by the carrier once each, ${failed.length} refused (${[...new Set(failed.map((r) => r.reason))].join("; ")})`,
      );
      return problems;
    },
  };
}

/** Reports generated by the manager while the campaign runs: each must end ready, with its rows counted. */
export function reportGeneration({ count, everyMs }: Pace): ScenarioPart {
  const ids: string[] = [];
  return {
    name: "report generation",
    async prepare() {},
    async run(ctx) {
      const day = new Date().toISOString().slice(0, 10);
      for (let i = 0; i < count; i++) {
        const res = await ctx.retried(
          `${ctx.base}/api/v1/reports/generate/${day}/${day}/all/all?detailedCampaignReport=true`,
          { method: "POST", token: ctx.tokens.manager, body: {} },
        );
        const id = (res.body as { data?: { _id?: string } }).data?._id;
        if (id) ids.push(id);
        await sleep(everyMs);
      }
    },
    async check(ctx) {
      const problems: string[] = [];
      if (ids.length < count) problems.push(`${count - ids.length} of ${count} reports not queued`);
      const end = Date.now() + FINAL_WAIT_MS;
      let rows = 0;
      for (const id of ids) {
        for (;;) {
          const res = await ctx.retried(`${ctx.base}/api/v1/reports/details/${id}`, { token: ctx.tokens.manager });
          const report = (res.body as { data?: { status?: string; rowsDone?: number } }).data;
          if (report?.status === "ready") {
            if (!report.rowsDone) problems.push(`report ${id} is ready with no rows, during a campaign`);
            rows += report.rowsDone ?? 0;
            break;
          }
          if (report?.status === "failed" || Date.now() > end) {
            problems.push(`report ${id} ended ${report?.status ?? res.status}`);
            break;
          }
          await sleep(500);
        }
      }
      ctx.log(`reports: ${ids.length} generated, ${rows} rows in all`);
      return problems;
    },
  };
}

/** The parts that run beside the campaign and the chat. */
export const scenarioParts = (scale: { apiSends: Pace; reports: Pace }): ScenarioPart[] => [
  publicApiSends(scale.apiSends),
  reportGeneration(scale.reports),
];
