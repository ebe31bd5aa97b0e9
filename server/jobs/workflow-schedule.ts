// The schedule trigger: workflows whose next firing time has come start a run and get their next time (in the
// trigger's time zone). Times missed while the server was down fire once, not once per missed slot; the dedupe key
// (the slot's time) keeps two processes from firing one slot twice.
import { sql } from "drizzle-orm";
import { triggerOf } from "../../contract/domain/workflow-graph";
import type { Db } from "../db/client";
import { rowsOf } from "../db/sql";
import { graphOfVersion } from "../services/workflows/graph-cache";
import { startRuns } from "../services/workflows/runs";
import { nextFireAt } from "../services/workflows/schedule-time";
import { contactOf, triggerPayload } from "../services/workflows/triggers";
import type { ClaimJob } from "../db/claim-loop";

interface Due {
  id: string;
  owner_id: string;
  version_id: string;
  fire_at: Date;
}

export const WORKFLOW_SCHEDULE_JOB = "workflow-schedule";

export function workflowScheduleJob(db: Db, options: { leaseMs: number; onStarted(): void }): ClaimJob<Due> {
  return {
    name: WORKFLOW_SCHEDULE_JOB,
    claim: async (tx, now, limit) => {
      const rows = await rowsOf<Due & { fire_at: string | Date }>(
        tx,
        sql`select id::text as id, owner_id::text as owner_id, published_version_id::text as version_id, next_fire_at as fire_at from workflows
            where status = 'active' and trigger_kind = 'schedule' and next_fire_at <= ${now}
            order by next_fire_at limit ${limit} for update skip locked`,
      );
      if (rows.length) {
        await tx.execute(
          sql`update workflows set next_fire_at = ${new Date(now.getTime() + options.leaseMs)} where id in ${rows.map((r) => r.id)}`,
        );
      }
      return rows.map((r) => ({ ...r, fire_at: new Date(r.fire_at) }));
    },
    process: async (due) => {
      const graph = await graphOfVersion(db, due.version_id);
      const trigger = triggerOf(graph);
      if (!trigger || trigger.type !== "trigger.schedule") return;
      const payload = { firedAt: due.fire_at.toISOString() };
      const contact = contactOf(trigger, payload);
      await startRuns(db, [
        {
          workflowId: due.id,
          ownerId: due.owner_id,
          versionId: due.version_id,
          testGraph: null,
          graph,
          triggerKind: "schedule",
          trigger: triggerPayload(payload, contact),
          contact,
          dedupeKey: `schedule:${payload.firedAt}`,
        },
      ]);
      const next = nextFireAt(
        String(trigger.data.cron),
        String(trigger.data.timezone),
        new Date(Math.max(Date.now(), due.fire_at.getTime())),
      );
      await db.execute(sql`update workflows set next_fire_at = ${next} where id = ${due.id} and status = 'active'`);
      options.onStarted();
    },
  };
}
