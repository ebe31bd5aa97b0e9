import type { FastifyInstance } from "fastify";
import { and, eq, ne, or, sql } from "drizzle-orm";
import { TEMPLATE_STATUS_EVENT } from "../../../contract/domain/whatsapp-template-events";
import type { CarrierEvent } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { whatsappTemplates as t } from "../../db/schema";
import { userRoom } from "../../realtime";
import { toRecord, type TemplateDbRow } from "./record";

type TemplateEvent = Extract<CarrierEvent, { type: "template" }>;

/**
 * Applies a provider's template verdict (Meta's message_template_status_update webhook) to the template it names.
 * Nothing changes when the row already says so (a repeated verdict); REJECTED and DISABLED are final, so the review
 * job stops asking about them. Answers the changed row.
 */
export async function applyTemplateEvent(db: Db, event: TemplateEvent): Promise<TemplateDbRow | undefined> {
  const { status, category, reason } = event.review;
  const final = status === "REJECTED" || status === "DISABLED";
  const [row] = await db
    .update(t)
    .set({
      status,
      ...(category ? { category } : {}),
      reason: reason ?? null,
      updatedAt: event.at,
      ...(final ? { nextCheckAt: null } : {}),
    })
    .where(
      and(
        eq(t.providerTemplateId, event.providerTemplateId),
        or(
          ne(t.status, status),
          category ? ne(t.category, category) : sql`false`,
          sql`${t.reason} is distinct from ${reason ?? null}`,
        ),
      ),
    )
    .returning();
  return row;
}

/** Template verdicts from providers' webhooks, written and pushed to the owner's sockets as they come. */
export function startTemplateEvents(app: FastifyInstance): () => void {
  let chain: Promise<void> = Promise.resolve();
  return app.carrier.onEvent((event) => {
    if (event.type !== "template") return;
    chain = chain
      .then(async () => {
        const row = await applyTemplateEvent(app.database.db, event);
        if (row) app.io.to(userRoom(row.userId)).emit(TEMPLATE_STATUS_EVENT, toRecord(row));
      })
      .catch((err: unknown) => app.log.error({ err }, "template verdict not applied"));
  });
}
