import "@xyflow/react/dist/style.css";
import { Background, Controls, ReactFlow, ReactFlowProvider, type Edge } from "@xyflow/react";
import { useMemo } from "react";
import { edgeHandle, type WorkflowGraph } from "../../../../contract/domain/workflow-graph";
import { fromGraph, type StepNode } from "./flow-model";
import { STEP_COLOR } from "./labels";
import { NODE_TYPES_MAP } from "./step-node";

interface Step {
  nodeId: string;
  status: string;
  handle: string | null;
  seq: number;
}

/** A run's path over its graph: each step it took in its status colour, the edges it followed drawn bold and moving. */
export function RunGraph({
  graph,
  steps,
  onPick,
}: {
  graph: WorkflowGraph;
  steps: readonly Step[];
  onPick: (nodeId: string) => void;
}) {
  const { nodes, edges } = useMemo(() => {
    const flow = fromGraph(graph);
    const last = new Map<string, Step>();
    for (const s of steps) last.set(s.nodeId, s);
    const taken = new Set(steps.filter((s) => s.handle).map((s) => `${s.nodeId}|${s.handle}`));
    const ns: StepNode[] = flow.nodes.map((n) => ({
      ...n,
      draggable: false,
      connectable: false,
      data: { ...n.data, status: last.get(n.id)?.status },
    }));
    const es: Edge[] = flow.edges.map((e) => {
      const type = graph.nodes.find((n) => n.id === e.source)?.type;
      const on =
        taken.has(
          `${e.source}|${edgeHandle({ id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle }, type)}`,
        ) && last.has(e.target);
      return {
        ...e,
        type: "smoothstep",
        animated: on,
        style: on ? { stroke: STEP_COLOR.succeeded, strokeWidth: 3 } : { stroke: "#d9d9d9" },
      };
    });
    return { nodes: ns, edges: es };
  }, [graph, steps]);
  return (
    <ReactFlowProvider>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES_MAP}
        fitView
        fitViewOptions={{ maxZoom: 1 }}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable
        onNodeClick={(_, n) => onPick(n.id)}
        proOptions={{ hideAttribution: true }}
        minZoom={0.2}
      >
        <Background gap={16} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </ReactFlowProvider>
  );
}
