import type { FastifyInstance } from "fastify";
import type { WorkflowGraph } from "../../../contract/domain/workflow-graph";
import { WORKFLOW_TEMPLATES } from "../../../contract/domain/workflow-templates";
import { callerOf } from "../../auth/guard";
import { WORKFLOW_STEPS_JOB } from "../../jobs/workflow-steps";
import { receiveHook, testRun } from "../../services/workflows/manual";
import { cancelRun, listRuns, replayRun, runDetail, runOut } from "../../services/workflows/runs";
import {
  createWorkflow,
  deleteWorkflow,
  diffWorkflow,
  findVersion,
  findWorkflow,
  listVersions,
  listWorkflows,
  problemRecords,
  publishWorkflow,
  rollbackWorkflow,
  rotateSecret,
  setWorkflowActive,
  updateWorkflow,
  workflowDetail,
} from "../../services/workflows/store";
import type { Handlers } from "../context";

/** New runs have a first step due now: the step loop starts it instead of waiting for its timer. */
const wake = (app: FastifyInstance) => void app.jobs.get(WORKFLOW_STEPS_JOB)?.tick();
/**
 * The body's graph, which Fastify validated against schemas/workflow-fields.ts (node data is checked by the graph
 * checks).
 */
const graphOf = (graph: unknown): WorkflowGraph | undefined => graph as WorkflowGraph | undefined;

// Every call acts on the caller's own workflows: findWorkflow / findRun answer 404 for anyone else's.
export const workflowHandlers: Handlers = {
  "workflows.list": async (request, _reply, { db }) => ({
    success: true,
    ...(await listWorkflows(db, callerOf(request).id, request.query)),
  }),
  "workflows.create": async (request, reply, { db }) => {
    const row = await createWorkflow(db, callerOf(request).id, { ...request.body, graph: graphOf(request.body.graph) });
    reply.status(201);
    return { success: true, data: await workflowDetail(db, row) };
  },
  "workflows.get": async (request, _reply, { db }) => {
    const row = await findWorkflow(db, callerOf(request).id, request.params.id);
    return { success: true, data: await workflowDetail(db, row), problems: await problemRecords(db, row) };
  },
  "workflows.update": async (request, _reply, { db }) => {
    const row = await findWorkflow(db, callerOf(request).id, request.params.id);
    const updated = await updateWorkflow(db, row, { ...request.body, graph: graphOf(request.body.graph) });
    return { success: true, data: await workflowDetail(db, updated), problems: await problemRecords(db, updated) };
  },
  "workflows.delete": async (request, _reply, { db }) => {
    const row = await findWorkflow(db, callerOf(request).id, request.params.id);
    await deleteWorkflow(db, row);
    return { success: true, message: `Workflow "${row.name}" deleted` };
  },
  "workflows.publish": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const row = await findWorkflow(db, caller.id, request.params.id);
    const { row: published, version } = await publishWorkflow(db, row, request.body.note?.trim() ?? "", caller.id);
    return { success: true, data: await workflowDetail(db, published), version };
  },
  "workflows.setStatus": async (request, _reply, { db }) => {
    const row = await findWorkflow(db, callerOf(request).id, request.params.id);
    return { success: true, data: await workflowDetail(db, await setWorkflowActive(db, row, request.body.active)) };
  },
  "workflows.versions": async (request, _reply, { db }) => {
    const row = await findWorkflow(db, callerOf(request).id, request.params.id);
    return { success: true, data: await listVersions(db, row) };
  },
  "workflows.version": async (request, _reply, { db }) => {
    const row = await findWorkflow(db, callerOf(request).id, request.params.id);
    const { version, record } = await findVersion(db, row, Number(request.params.number));
    return { success: true, data: { ...record, graph: version.graph } };
  },
  "workflows.rollback": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const row = await findWorkflow(db, caller.id, request.params.id);
    const { row: published, version } = await rollbackWorkflow(db, row, Number(request.params.number), caller.id);
    return { success: true, data: await workflowDetail(db, published), version };
  },
  "workflows.diff": async (request, _reply, { db }) => {
    const row = await findWorkflow(db, callerOf(request).id, request.params.id);
    return { success: true, data: await diffWorkflow(db, row, request.query.from, request.query.to) };
  },
  "workflows.testRun": async (request, reply, { db }) => {
    const caller = callerOf(request);
    const row = await findWorkflow(db, caller.id, request.params.id);
    const id = await testRun(db, row, request.body.payload as Record<string, unknown>);
    wake(request.server);
    reply.status(201);
    return { success: true, data: await runOut(db, caller.id, id) };
  },
  "workflows.rotateSecret": async (request, _reply, { db }) => {
    const row = await findWorkflow(db, callerOf(request).id, request.params.id);
    return { success: true, data: await workflowDetail(db, await rotateSecret(db, row)) };
  },
  "workflows.runs": async (request, _reply, { db }) => ({
    success: true,
    ...(await listRuns(db, callerOf(request).id, request.query)),
  }),
  "workflows.run": async (request, _reply, { db }) => ({
    success: true,
    data: await runDetail(db, callerOf(request).id, request.params.id),
  }),
  "workflows.replay": async (request, reply, { db }) => {
    const caller = callerOf(request);
    const id = await replayRun(db, caller.id, request.params.id, {
      ...request.body,
      payload: request.body.payload as Record<string, unknown> | undefined,
    });
    wake(request.server);
    reply.status(201);
    return { success: true, data: await runOut(db, caller.id, id) };
  },
  "workflows.cancelRun": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    await cancelRun(db, caller.id, request.params.id);
    return { success: true, data: await runOut(db, caller.id, request.params.id) };
  },
  "workflows.templates": async () => ({ success: true, data: [...WORKFLOW_TEMPLATES] }),
  "workflows.hook": async (request, _reply, { db }) => {
    const runId = await receiveHook(
      db,
      request.params.id,
      request.params.secret,
      request.body as Record<string, unknown>,
    );
    wake(request.server);
    return { success: true, runId, message: "Workflow started" };
  },
};
