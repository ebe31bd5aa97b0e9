// Runs not started by a carrier event: a test run of the draft from the editor, and the incoming-webhook trigger.
import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { triggerOf } from "../../../contract/domain/workflow-graph";
import { triggerKindOf } from "../../../contract/domain/workflow-nodes";
import type { Db } from "../../db/client";
import { workflows, type WorkflowRow } from "../../db/schema";
import { HttpError, notFound } from "../../http/errors";
import { isUuid } from "../caller";
import { graphOfVersion } from "./graph-cache";
import { startRuns } from "./runs";
import { ownerProblems } from "./store";
import { contactOf, triggerPayload } from "./triggers";

/** A payload is kept in the run's row: bounded. */
export const PAYLOAD_MAX_BYTES = 64 * 1024;

function checkSize(payload: unknown): void {
  if (JSON.stringify(payload).length > PAYLOAD_MAX_BYTES)
    throw new HttpError(413, `The payload is over ${PAYLOAD_MAX_BYTES / 1024} KB`);
}

/** Runs the draft once with a sample payload (it really acts: sends go out). Refused while the draft has errors. */
export async function testRun(db: Db, row: WorkflowRow, sample: Record<string, unknown>): Promise<string> {
  checkSize(sample);
  const graph = row.draft;
  const errors = (await ownerProblems(db, row.ownerId, graph)).filter((p) => p.severity === "error");
  if (errors.length)
    throw new HttpError(
      422,
      "Fix the workflow's problems before a test run",
      errors.map((p) => ({ field: p.nodeId ?? "graph", message: p.message })),
    );
  const trigger = triggerOf(graph);
  const kind = trigger ? triggerKindOf(trigger.type) : null;
  if (!trigger || !kind) throw new HttpError(422, "Add a trigger first");
  const payload =
    trigger.type === "trigger.webhook" && !("body" in sample)
      ? { body: sample, receivedAt: new Date().toISOString() }
      : sample;
  const contact = contactOf(trigger, payload);
  const [id] = await startRuns(db, [
    {
      workflowId: row.id,
      ownerId: row.ownerId,
      versionId: null,
      testGraph: graph,
      graph,
      triggerKind: kind,
      trigger: triggerPayload(payload, contact),
      contact,
    },
  ]);
  if (!id) throw new HttpError(409, "The test run could not start");
  return id;
}

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const HOOK_NOT_FOUND = "No active workflow listens at this URL";

/**
 * The incoming-webhook trigger: the secret in the path must be the workflow's, and the workflow active with that
 * trigger.
 */
export async function receiveHook(
  db: Db,
  id: string,
  secret: string,
  body: Record<string, unknown>,
): Promise<string | null> {
  checkSize(body);
  if (!isUuid(id)) throw notFound(HOOK_NOT_FOUND);
  const [row] = await db.select().from(workflows).where(eq(workflows.id, id));
  if (
    !row ||
    !sameSecret(row.webhookSecret, secret) ||
    row.status !== "active" ||
    row.triggerKind !== "webhook" ||
    !row.publishedVersionId
  )
    throw notFound(HOOK_NOT_FOUND);
  const graph = await graphOfVersion(db, row.publishedVersionId);
  const trigger = triggerOf(graph);
  if (!trigger) throw notFound(HOOK_NOT_FOUND);
  const payload = { body, receivedAt: new Date().toISOString() };
  const contact = contactOf(trigger, payload);
  const [runId] = await startRuns(db, [
    {
      workflowId: row.id,
      ownerId: row.ownerId,
      versionId: row.publishedVersionId,
      testGraph: null,
      graph,
      triggerKind: "webhook",
      trigger: triggerPayload(payload, contact),
      contact,
    },
  ]);
  return runId ?? null;
}
