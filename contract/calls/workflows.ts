import { RUN_STATUSES, type RunStatus } from "../domain/workflow-runs";
import { ALL } from "./access";
import { PageQuery } from "./pagination";
import { Confirmation, ID, pathParams, replies } from "./replies";
import { Type } from "./type";
import type { CallDef } from "./types";
import {
  ProblemRecord,
  RunDetailRecord,
  RunRecord,
  TriggerKindField,
  WorkflowDetailRecord,
  WorkflowDiffRecord,
  WorkflowRecord,
  WorkflowStatusField,
  WorkflowTemplateRecord,
  WorkflowVersionDetailRecord,
  WorkflowVersionRecord,
} from "./workflow-records";

const FLOW = "/api/flow/v1";
/** SPEC 6's AI rows (every role), each acting on its own account's workflows; no module gates them (SPEC 2). */
const WF = { access: ALL } as const;
const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
const Detail = ok({ data: WorkflowDetailRecord });
const VersionParams = Type.Object({
  id: Type.String({ minLength: 1 }),
  number: Type.String({ pattern: "^[0-9]{1,6}$" }),
});
const versionNumber = Type.Integer({ minimum: 1, maximum: 999999 });

/**
 * Ours: SPEC names Workflow Automation (workflows, workflows/editor, workflows/view) but no calls. They sit beside the
 * AI routes under /api/flow/v1. A workflow is edited as a draft; publishing checks the graph (contract/domain/
 * workflow-graph.ts) and makes a numbered version, which is what runs; runs keep the version they started with.
 * Runs are read, replayed and cancelled under /workflow-runs. The incoming-webhook trigger is the one public call:
 * its secret is in the path.
 */
export const WORKFLOW_CALLS = {
  "workflows.list": {
    method: "GET",
    path: `${FLOW}/workflows`,
    ...WF,
    query: Type.Object({
      ...PageQuery.properties,
      q: Type.Optional(Type.String({ maxLength: 100 })),
      status: Type.Optional(WorkflowStatusField),
    }),
    response: replies({
      200: ok({ data: Type.Array(WorkflowRecord), total: Type.Integer(), totalPages: Type.Integer() }),
    }),
    summary: "The caller's workflows, last changed first, with run counts",
  },
  "workflows.create": {
    method: "POST",
    path: `${FLOW}/workflows`,
    ...WF,
    bodySchema: "workflow-create",
    response: replies({ 201: Detail }),
    summary: "A new workflow (a draft): empty, from a ready-made template, or from a graph",
  },
  "workflows.get": {
    method: "GET",
    path: `${FLOW}/workflows/:id`,
    ...WF,
    params: ID,
    response: replies({ 200: ok({ data: WorkflowDetailRecord, problems: Type.Array(ProblemRecord) }) }),
    summary: "A workflow with its draft graph and the draft's problems",
  },
  "workflows.update": {
    method: "PUT",
    path: `${FLOW}/workflows/:id`,
    ...WF,
    params: ID,
    bodySchema: "workflow-update",
    response: replies({ 200: ok({ data: WorkflowDetailRecord, problems: Type.Array(ProblemRecord) }) }),
    summary: "Save the draft (name, description, graph); the published version is not touched",
  },
  "workflows.delete": {
    method: "DELETE",
    path: `${FLOW}/workflows/:id`,
    ...WF,
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Delete a workflow with its versions and run history",
  },
  "workflows.publish": {
    method: "POST",
    path: `${FLOW}/workflows/:id/publish`,
    ...WF,
    params: ID,
    bodySchema: "workflow-publish",
    response: replies({ 200: ok({ data: WorkflowDetailRecord, version: WorkflowVersionRecord }) }),
    summary:
      "Check the draft and publish it as the next numbered version (422 with the problems when it has errors); turns it on",
  },
  "workflows.setStatus": {
    method: "POST",
    path: `${FLOW}/workflows/:id/status`,
    ...WF,
    params: ID,
    bodySchema: "workflow-status",
    response: replies({ 200: Detail }),
    summary: "Turn a published workflow on or off (runs under way finish)",
  },
  "workflows.versions": {
    method: "GET",
    path: `${FLOW}/workflows/:id/versions`,
    ...WF,
    params: ID,
    response: replies({ 200: ok({ data: Type.Array(WorkflowVersionRecord) }) }),
    summary: "Published versions, newest first",
  },
  "workflows.version": {
    method: "GET",
    path: `${FLOW}/workflows/:id/versions/:number`,
    ...WF,
    params: VersionParams,
    response: replies({ 200: ok({ data: WorkflowVersionDetailRecord }) }),
    summary: "One version with its graph",
  },
  "workflows.rollback": {
    method: "POST",
    path: `${FLOW}/workflows/:id/versions/:number/rollback`,
    ...WF,
    params: VersionParams,
    response: replies({ 200: ok({ data: WorkflowDetailRecord, version: WorkflowVersionRecord }) }),
    summary: "Publish an older version again as the next version, and make it the draft",
  },
  "workflows.diff": {
    method: "GET",
    path: `${FLOW}/workflows/:id/diff`,
    ...WF,
    params: ID,
    query: Type.Object({ from: versionNumber, to: Type.Optional(versionNumber) }),
    response: replies({ 200: ok({ data: WorkflowDiffRecord }) }),
    summary: "What changed from one version to another (without `to`: to the draft, shown as 0)",
  },
  "workflows.testRun": {
    method: "POST",
    path: `${FLOW}/workflows/:id/test-run`,
    ...WF,
    params: ID,
    bodySchema: "workflow-test-run",
    response: replies({ 201: ok({ data: RunRecord }) }),
    summary: "Run the draft once with a sample trigger payload (really: it sends), before publishing",
  },
  "workflows.rotateSecret": {
    method: "POST",
    path: `${FLOW}/workflows/:id/rotate-secret`,
    ...WF,
    params: ID,
    response: replies({ 200: Detail }),
    summary: "A new incoming-webhook secret; the old URL stops working",
  },
  "workflows.runs": {
    method: "GET",
    path: `${FLOW}/workflow-runs`,
    ...WF,
    query: Type.Object({
      ...PageQuery.properties,
      workflowId: Type.Optional(Type.String({ maxLength: 64 })),
      status: Type.Optional(Type.Unsafe<RunStatus>({ type: "string", enum: [...RUN_STATUSES] })),
      trigger: Type.Optional(TriggerKindField),
      test: Type.Optional(Type.Boolean()),
    }),
    response: replies({ 200: ok({ data: Type.Array(RunRecord), total: Type.Integer(), totalPages: Type.Integer() }) }),
    summary: "Runs of the caller's workflows, newest first, by workflow, status, trigger and test",
  },
  "workflows.run": {
    method: "GET",
    path: `${FLOW}/workflow-runs/:id`,
    ...WF,
    params: ID,
    response: replies({ 200: ok({ data: RunDetailRecord }) }),
    summary: "One run: its graph, path and each step's input, output, timing and error",
  },
  "workflows.replay": {
    method: "POST",
    path: `${FLOW}/workflow-runs/:id/replay`,
    ...WF,
    params: ID,
    bodySchema: "workflow-replay",
    response: replies({ 201: ok({ data: RunRecord }) }),
    summary:
      "Replay a finished run from the start or from its failed step, optionally with an edited payload; done sends are skipped unless redo",
  },
  "workflows.cancelRun": {
    method: "POST",
    path: `${FLOW}/workflow-runs/:id/cancel`,
    ...WF,
    params: ID,
    response: replies({ 200: ok({ data: RunRecord }) }),
    summary: "Stop a running or waiting run",
  },
  "workflows.templates": {
    method: "GET",
    path: `${FLOW}/workflow-templates`,
    ...WF,
    response: replies({ 200: ok({ data: Type.Array(WorkflowTemplateRecord) }) }),
    summary: "Ready-made workflows to start from",
  },
  "workflows.hook": {
    method: "POST",
    path: `${FLOW}/hooks/:id/:secret`,
    access: "public",
    params: pathParams("id", "secret"),
    bodySchema: "workflow-hook",
    response: replies({ 200: ok({ runId: Type.Union([Type.String(), Type.Null()]), message: Type.String() }) }),
    summary:
      "Incoming-webhook trigger: another system posts JSON here (the secret is in the path) and the workflow runs",
  },
} as const satisfies Record<string, CallDef>;
