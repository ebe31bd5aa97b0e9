// The WhatsApp template review job: asks the carrier about templates whose check is due and records the verdict.
// Webhooks get lost, so polling is the source of truth; a template PENDING when the server stopped is simply due
// when it starts again.
import { and, eq, inArray, lte } from "drizzle-orm";
import type { WaTemplateRow } from "../../contract/calls/whatsapp-template-records";
import type { WaTemplateStatus } from "../../contract/domain/whatsapp-template";
import type { Carrier } from "../carriers";
import type { Db } from "../db/client";
import { whatsappTemplates as t } from "../db/schema";
import { toRecord, type TemplateDbRow } from "../services/whatsapp-templates/record";
import type { ClaimJob } from "../db/claim-loop";

/** States after which the provider may still change its mind (quality pauses); REJECTED and DISABLED are final. */
const WATCHED: WaTemplateStatus[] = ["PENDING", "APPROVED", "PAUSED"];

export interface TemplateReviewOptions {
  carrier: Carrier;
  /** How soon a PENDING template is asked about again. */
  recheckMs: number;
  /** How often an approved or paused template is looked at for a quality change, and for how long after submission. */
  watchEveryMs: number;
  watchForMs: number;
  /** How long a claimed row stays away from other processes while it is worked on. */
  leaseMs: number;
  announce(userId: string, record: WaTemplateRow): void;
}

export function templateReviewJob(db: Db, options: TemplateReviewOptions): ClaimJob<TemplateDbRow> {
  const nextCheck = (row: TemplateDbRow, status: WaTemplateStatus, now: Date): Date | null => {
    if (status === "PENDING") return new Date(now.getTime() + options.recheckMs);
    if (!WATCHED.includes(status) || now.getTime() - row.submittedAt.getTime() > options.watchForMs) return null;
    return new Date(now.getTime() + options.watchEveryMs);
  };

  return {
    name: "template-review",
    claim: async (tx, now, limit) => {
      const rows = await tx
        .select()
        .from(t)
        .where(and(lte(t.nextCheckAt, now), inArray(t.status, WATCHED)))
        .orderBy(t.nextCheckAt)
        .limit(limit)
        .for("update", { skipLocked: true });
      if (rows.length) {
        await tx
          .update(t)
          .set({ nextCheckAt: new Date(now.getTime() + options.leaseMs) })
          .where(
            inArray(
              t.id,
              rows.map((r) => r.id),
            ),
          );
      }
      return rows;
    },
    release: async (db, rows) => {
      await db
        .update(t)
        .set({ nextCheckAt: new Date() })
        .where(
          inArray(
            t.id,
            rows.map((r) => r.id),
          ),
        );
    },
    process: async (row) => {
      const review = await options.carrier.templateStatus({
        providerTemplateId: row.providerTemplateId,
        submission: {
          channel: "whatsapp",
          wabaId: row.wabaId,
          name: row.name,
          language: row.language,
          category: row.requestedCategory,
          components: row.components,
        },
        submittedAt: row.submittedAt,
      });
      const now = new Date();
      const category = review.category ?? row.category;
      const reason = review.reason ?? null;
      const changed = review.status !== row.status || category !== row.category || reason !== row.reason;
      // Only the state it was claimed in is overwritten: a row deleted meanwhile stays deleted.
      const [updated] = await db
        .update(t)
        .set({
          status: review.status,
          category,
          reason,
          nextCheckAt: nextCheck(row, review.status, now),
          ...(changed ? { updatedAt: now } : {}),
        })
        .where(and(eq(t.id, row.id), eq(t.status, row.status)))
        .returning();
      if (updated && changed) options.announce(updated.userId, toRecord(updated));
    },
  };
}
