import type { HttpError } from "@refinedev/core";
import {
  applyEdgeChanges,
  applyNodeChanges,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
} from "@xyflow/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { MSG, type CallReply } from "../../../../contract";
import { checkGraph, edgeHandle } from "../../../../contract/domain/workflow-graph";
import { headerMediaProblems } from "../../../../contract/domain/workflow-header-media";
import { NODE_SPECS, type NodeType } from "../../../../contract/domain/workflow-nodes";
import { useCall, useCallMutation } from "../../../api";
import {
  autoLayout,
  defaultsOf,
  edgeLabel,
  fromGraph,
  newStepId,
  pasteSteps,
  renameStep,
  toGraph,
  type StepNode,
} from "./flow-model";
import { useWaTemplates } from "./use-wa-templates";

type Detail = CallReply<"workflows.get">["data"];
interface Snapshot {
  nodes: StepNode[];
  edges: Edge[];
}

const HISTORY_MAX = 100;
const strip = (nodes: StepNode[]): StepNode[] =>
  nodes.map(({ selected: _s, dragging: _d, ...n }) => ({ ...n, data: { ...n.data, problems: undefined } }));

/**
 * The flow editor's state: the draft's steps and connections as xyflow nodes and edges, undo/redo (snapshots of
 * every change that is not a mere selection), copy and paste, auto-layout, the problem list from the shared graph
 * checks, and the calls (save, publish, test run). Changes are the editor's until saved.
 */
export function useWorkflowEditor(id: string | null) {
  const got = useCall(
    "workflows.get",
    { params: { id: id ?? "" } },
    { errorNotification: false, queryOptions: { enabled: Boolean(id) } },
  );
  const workflow: Detail | undefined = got.query.data?.data.data;
  const [nodes, setNodes] = useState<StepNode[]>([]);
  const [edges, setEdges] = useState<Edge[]>([]);
  const [name, setName] = useState("");
  const [dirty, setDirty] = useState(false);
  const past = useRef<Snapshot[]>([]);
  const future = useRef<Snapshot[]>([]);
  const clip = useRef<Snapshot | null>(null);
  const [, bump] = useState(0);
  const loadedKey = useRef("");

  // A loaded (or reloaded after publish) draft replaces the canvas, once per version of it.
  useEffect(() => {
    if (!workflow) return;
    const key = `${workflow._id}:${workflow.updatedAt}`;
    if (loadedKey.current === key) return;
    loadedKey.current = key;
    const flow = fromGraph(workflow.draft);
    setNodes(flow.nodes);
    setEdges(flow.edges);
    setName(workflow.name);
    setDirty(false);
    past.current = [];
    future.current = [];
  }, [workflow]);

  const graph = useMemo(() => toGraph(nodes, edges), [nodes, edges]);
  // The shared graph checks, and the header media a Send template step's WhatsApp template needs (the server checks
  // both again on publish).
  const templates = useWaTemplates();
  const problems = useMemo(() => [...checkGraph(graph), ...headerMediaProblems(graph, templates)], [graph, templates]);

  /** Records the state before a change, for undo. */
  const remember = useCallback(() => {
    past.current = [...past.current.slice(-HISTORY_MAX + 1), { nodes: strip(nodes), edges }];
    future.current = [];
    setDirty(true);
    bump((n) => n + 1);
  }, [nodes, edges]);

  const change = useCallback(
    (next: Partial<Snapshot>) => {
      remember();
      if (next.nodes) setNodes(next.nodes);
      if (next.edges) setEdges(next.edges);
    },
    [remember],
  );

  const restore = (from: React.RefObject<Snapshot[]>, to: React.RefObject<Snapshot[]>) => {
    const snap = from.current.at(-1);
    if (!snap) return;
    from.current = from.current.slice(0, -1);
    to.current = [...to.current, { nodes: strip(nodes), edges }];
    setNodes(snap.nodes);
    setEdges(snap.edges);
    setDirty(true);
    bump((n) => n + 1);
  };

  const onNodesChange = useCallback(
    (changes: NodeChange<StepNode>[]) => {
      // Moves and removals are history; selection and measuring are not. A drag is remembered once, when it starts.
      if (
        changes.some(
          (c) =>
            c.type === "remove" || (c.type === "position" && c.dragging && !nodes.find((n) => n.id === c.id)?.dragging),
        )
      )
        remember();
      setNodes((cur) => applyNodeChanges(changes, cur));
    },
    [nodes, remember],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      if (changes.some((c) => c.type === "remove")) remember();
      setEdges((cur) => applyEdgeChanges(changes, cur));
    },
    [remember],
  );

  const onConnect = useCallback(
    (c: Connection) => {
      if (!c.source || !c.target) return;
      const type = nodes.find((n) => n.id === c.source)?.data.type;
      const handle = edgeHandle({ id: "", source: c.source, target: c.target, sourceHandle: c.sourceHandle }, type);
      // One edge per output: connecting an output again moves its edge.
      const kept = edges.filter(
        (e) =>
          !(
            e.source === c.source &&
            edgeHandle({ id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle }, type) === handle
          ),
      );
      const label = type
        ? edgeLabel({ nodes: nodes.map((n) => ({ id: n.id, type: n.data.type })) }, c.source, handle)
        : undefined;
      change({
        edges: [
          ...kept,
          {
            id: `${c.source}-${handle ?? "next"}-${c.target}`,
            source: c.source,
            target: c.target,
            sourceHandle: handle,
            label,
          },
        ],
      });
    },
    [nodes, edges, change],
  );

  const addStep = useCallback(
    (type: NodeType, position: { x: number; y: number }) => {
      const stepId = newStepId(type, new Set(nodes.map((n) => n.id)));
      change({
        nodes: [
          ...nodes.map((n) => ({ ...n, selected: false })),
          {
            id: stepId,
            type: "step",
            position,
            selected: true,
            data: { type, settings: defaultsOf(NODE_SPECS[type].schema) },
          },
        ],
      });
      return stepId;
    },
    [nodes, change],
  );

  const selected = nodes.filter((n) => n.selected);

  return {
    loading: got.query.isLoading,
    error: got.query.error
      ? got.query.error.statusCode === 404
        ? "This workflow does not exist, or is not yours."
        : "Failed to fetch the workflow"
      : null,
    workflow,
    name,
    setName: (v: string) => {
      setName(v);
      setDirty(true);
    },
    nodes: nodes.map((n) => ({ ...n, data: { ...n.data, problems: problems.filter((p) => p.nodeId === n.id) } })),
    edges,
    graph,
    problems,
    dirty,
    selected,
    templates,
    onNodesChange,
    onEdgesChange,
    onConnect,
    addStep,
    updateStep: (stepId: string, patch: { settings?: Record<string, unknown>; label?: string }) =>
      change({
        nodes: nodes.map((n) =>
          n.id === stepId
            ? {
                ...n,
                data: {
                  ...n.data,
                  ...(patch.settings ? { settings: patch.settings } : {}),
                  ...(patch.label !== undefined ? { label: patch.label } : {}),
                },
              }
            : n,
        ),
      }),
    renameStep: (from: string, to: string) => change(renameStep(nodes, edges, from, to)),
    removeSelected: () => {
      const gone = new Set(selected.map((n) => n.id));
      change({
        nodes: nodes.filter((n) => !gone.has(n.id)),
        edges: edges.filter((e) => !gone.has(e.source) && !gone.has(e.target)),
      });
    },
    select: (stepId: string | null) => setNodes((cur) => cur.map((n) => ({ ...n, selected: n.id === stepId }))),
    canUndo: past.current.length > 0,
    canRedo: future.current.length > 0,
    undo: () => restore(past, future),
    redo: () => restore(future, past),
    copy: () => {
      const ids = new Set(selected.map((n) => n.id));
      clip.current = ids.size
        ? { nodes: strip(selected), edges: edges.filter((e) => ids.has(e.source) && ids.has(e.target)) }
        : clip.current;
      return ids.size;
    },
    paste: () => {
      if (!clip.current) return 0;
      const pasted = pasteSteps(clip.current, new Set(nodes.map((n) => n.id)));
      change({
        nodes: [...nodes.map((n) => ({ ...n, selected: false })), ...pasted.nodes],
        edges: [...edges, ...pasted.edges],
      });
      return pasted.nodes.length;
    },
    layout: () => change({ nodes: autoLayout(nodes, edges) }),
    refetch: () => void got.query.refetch(),
    markSaved: () => setDirty(false),
  };
}

/** The editor's calls: save the draft, publish it, test-run it, and read and roll back versions. */
export function useWorkflowCalls(id: string | null, onChanged: () => void) {
  const update = useCallMutation("workflows.update");
  const publish = useCallMutation("workflows.publish");
  const testRun = useCallMutation("workflows.testRun");
  const rollback = useCallMutation("workflows.rollback");
  const rotateSecret = useCallMutation("workflows.rotateSecret");
  const params = { id: id ?? "" };
  /** A toast on success (when `success` is given) and on failure, with the fields the server refused. */
  const notify = (success?: string) => ({
    successNotification: success ? () => ({ type: "success" as const, message: success }) : (false as const),
    errorNotification: (err?: HttpError) => ({
      type: "error" as const,
      message: err?.message || MSG.somethingWrong,
      description: err?.errors ? Object.values(err.errors).flat().join("; ") : undefined,
    }),
  });
  const changed = async <T>(reply: Promise<T>) => {
    const res = await reply;
    onChanged();
    return res;
  };
  return {
    busy: [update, publish, testRun, rollback, rotateSecret].some((m) => m.isPending),
    save: (values: { name?: string; graph?: object }) =>
      changed(update.mutateAsync({ params, body: values, ...notify("Draft saved") })),
    publish: (note: string) => changed(publish.mutateAsync({ params, body: { note }, ...notify() })),
    testRun: (payload: Record<string, unknown>) =>
      changed(testRun.mutateAsync({ params, body: { payload }, ...notify("Test run started") })),
    rollback: (number: number) =>
      changed(
        rollback.mutateAsync({
          params: { ...params, number: String(number) },
          ...notify(`Rolled back to version ${number}`),
        }),
      ),
    rotateSecret: () =>
      changed(rotateSecret.mutateAsync({ params, ...notify("New webhook secret: the old URL no longer works") })),
  };
}
