// Published versions never change, so their graphs are read once per process and kept (a bounded map: the oldest
// read is dropped first). The step loop reads a run's graph for every step; this keeps that off the database.
import { eq } from "drizzle-orm";
import type { WorkflowGraph } from "../../../contract/domain/workflow-graph";
import type { Db } from "../../db/client";
import { workflowVersions } from "../../db/schema";

const MAX = 1000;
const cache = new Map<string, WorkflowGraph>();

export async function graphOfVersion(db: Db, versionId: string): Promise<WorkflowGraph> {
  const hit = cache.get(versionId);
  if (hit) return hit;
  const [row] = await db
    .select({ graph: workflowVersions.graph })
    .from(workflowVersions)
    .where(eq(workflowVersions.id, versionId));
  if (!row) throw new Error(`workflow version ${versionId} not found`);
  if (cache.size >= MAX) cache.delete(cache.keys().next().value as string);
  cache.set(versionId, row.graph);
  return row.graph;
}
