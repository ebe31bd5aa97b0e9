import "@xyflow/react/dist/style.css";
import {
  ApartmentOutlined,
  BranchesOutlined,
  CloudUploadOutlined,
  CopyOutlined,
  ExperimentOutlined,
  HistoryOutlined,
  RedoOutlined,
  SaveOutlined,
  SnippetsOutlined,
  UndoOutlined,
} from "@ant-design/icons";
import { Background, Controls, MiniMap, ReactFlow, ReactFlowProvider, useReactFlow } from "@xyflow/react";
import { Alert, App, Badge, Button, Empty, Input, Modal, Result, Space, Spin, Tooltip, Typography } from "antd";
import { useEffect, useState, type DragEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { triggerOf } from "../../../contract/domain/workflow-graph";
import type { NodeType } from "../../../contract/domain/workflow-nodes";
import { JsonEditor } from "./components/json-editor";
import { NodePanel } from "./components/node-panel";
import { DRAG_TYPE, Palette } from "./components/palette";
import { ProblemList } from "./components/problem-list";
import { samplePayload } from "./components/sample-payload";
import { NODE_TYPES_MAP } from "./components/step-node";
import { useWorkflowCalls, useWorkflowEditor } from "./components/use-workflow-editor";
import { PageHeader } from "../common/page-header";
import { VersionsDrawer } from "./components/versions-drawer";

const MINIMAP_FROM_STEPS = 8;
const SHORTCUTS =
  "Ctrl+S save · Ctrl+Z / Ctrl+Shift+Z undo, redo · Ctrl+C / Ctrl+V copy, paste · Delete removes · Ctrl+L tidies the layout";
const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName));

function Editor({ id }: { id: string }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const ed = useWorkflowEditor(id);
  const calls = useWorkflowCalls(id, ed.refetch);
  const flow = useReactFlow();
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [publishing, setPublishing] = useState<string | null>(null);
  const [testing, setTesting] = useState<Record<string, unknown> | null>(null);
  const [sample, setSample] = useState<Record<string, unknown> | null>(null);
  const step = ed.selected.length === 1 ? ed.selected[0] : undefined;
  const errors = ed.problems.filter((p) => p.severity === "error");
  const webhookUrl = ed.workflow ? `${window.location.origin}${ed.workflow.webhookPath}` : null;

  const save = async () => {
    await calls.save({ name: ed.name.trim() || "Untitled workflow", graph: ed.graph });
    ed.markSaved();
  };
  const add = (type: NodeType, at?: { x: number; y: number }) => {
    const bottom = ed.nodes.reduce((y, n) => Math.max(y, n.position.y), -130);
    ed.addStep(type, at ?? { x: ed.nodes[0]?.position.x ?? 0, y: bottom + 130 });
  };

  // Keyboard shortcuts of the canvas (not while typing in a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.key.toLowerCase() === "s") {
        e.preventDefault();
        void save();
        return;
      }
      if (isTyping(e.target) || !mod) return;
      const key = e.key.toLowerCase();
      if (key === "z" && !e.shiftKey) ed.undo();
      else if ((key === "z" && e.shiftKey) || key === "y") ed.redo();
      else if (key === "c") ed.copy();
      else if (key === "v") ed.paste();
      else if (key === "l") ed.layout();
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });
  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!ed.dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [ed.dirty]);

  if (ed.loading) return <Spin style={{ display: "block", margin: 80 }} />;
  if (ed.error || !ed.workflow)
    return (
      <Result
        status="404"
        title={ed.error ?? "Workflow not found"}
        extra={<Button onClick={() => navigate("..", { relative: "path" })}>Back to workflows</Button>}
      />
    );

  const onDrop = (e: DragEvent) => {
    const type = e.dataTransfer.getData(DRAG_TYPE) as NodeType;
    if (!type) return;
    e.preventDefault();
    add(type, flow.screenToFlowPosition({ x: e.clientX - 115, y: e.clientY - 30 }));
  };
  const trigger = triggerOf(ed.graph);

  return (
    <div style={{ display: "flex", flexDirection: "column", height: "calc(100vh - 170px)", minHeight: 560 }}>
      <Space wrap style={{ justifyContent: "space-between", width: "100%", marginBottom: 8 }}>
        <Space wrap>
          <Input
            aria-label="Workflow name"
            value={ed.name}
            onChange={(e) => ed.setName(e.target.value)}
            style={{ width: 280, fontWeight: 600 }}
            maxLength={100}
          />
          <Typography.Text type="secondary">
            {ed.workflow.publishedVersion ? `Live: v${ed.workflow.publishedVersion}` : "Not published"}
            {ed.dirty ? " · unsaved changes" : ""}
          </Typography.Text>
        </Space>
        <Space wrap>
          <Tooltip title="Undo (Ctrl+Z)">
            <Button icon={<UndoOutlined />} aria-label="Undo" disabled={!ed.canUndo} onClick={ed.undo} />
          </Tooltip>
          <Tooltip title="Redo (Ctrl+Shift+Z)">
            <Button icon={<RedoOutlined />} aria-label="Redo" disabled={!ed.canRedo} onClick={ed.redo} />
          </Tooltip>
          <Tooltip title="Copy selected steps (Ctrl+C)">
            <Button
              icon={<CopyOutlined />}
              aria-label="Copy"
              disabled={!ed.selected.length}
              onClick={() => message.info(`Copied ${ed.copy()} step(s)`)}
            />
          </Tooltip>
          <Tooltip title="Paste (Ctrl+V)">
            <Button icon={<SnippetsOutlined />} aria-label="Paste" onClick={ed.paste} />
          </Tooltip>
          <Tooltip title="Tidy the layout (Ctrl+L)">
            <Button
              icon={<ApartmentOutlined />}
              aria-label="Auto-layout"
              onClick={() => {
                ed.layout();
                setTimeout(() => void flow.fitView({ duration: 300 }), 50);
              }}
            />
          </Tooltip>
          <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)}>
            Versions
          </Button>
          <Button
            icon={<BranchesOutlined />}
            onClick={() => navigate(`../view?workflowId=${id}`, { relative: "path" })}
          >
            Runs
          </Button>
          <Button
            icon={<ExperimentOutlined />}
            disabled={errors.length > 0}
            onClick={() => {
              const s = samplePayload(trigger?.type, trigger?.data);
              setTesting(s);
              setSample(s);
            }}
          >
            Test run
          </Button>
          <Button icon={<SaveOutlined />} loading={calls.busy} disabled={!ed.dirty} onClick={() => void save()}>
            Save
          </Button>
          <Badge count={errors.length} size="small">
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              disabled={errors.length > 0}
              onClick={() => setPublishing("")}
            >
              Publish
            </Button>
          </Badge>
        </Space>
      </Space>
      <div
        style={{
          display: "flex",
          flex: 1,
          minHeight: 0,
          border: "1px solid var(--ant-color-border, #d9d9d9)",
          borderRadius: 8,
          overflow: "hidden",
        }}
      >
        <aside
          aria-label="Steps palette"
          style={{
            width: 210,
            overflowY: "auto",
            padding: 8,
            borderRight: "1px solid var(--ant-color-border-secondary, #f0f0f0)",
          }}
        >
          <Palette onAdd={(t) => add(t)} />
        </aside>
        <div
          style={{ flex: 1, position: "relative" }}
          onDragOver={(e) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = "move";
          }}
          onDrop={onDrop}
          data-testid="workflow-canvas"
        >
          {ed.nodes.length === 0 && (
            <Empty
              style={{ position: "absolute", top: "35%", left: 0, right: 0, zIndex: 5, pointerEvents: "none" }}
              description="Drag a trigger from the palette to start (or press Enter on one)"
            />
          )}
          <ReactFlow
            nodes={ed.nodes}
            edges={ed.edges}
            nodeTypes={NODE_TYPES_MAP}
            onNodesChange={ed.onNodesChange}
            onEdgesChange={ed.onEdgesChange}
            onConnect={ed.onConnect}
            fitView
            fitViewOptions={{ maxZoom: 1 }}
            deleteKeyCode={["Delete", "Backspace"]}
            multiSelectionKeyCode={["Shift", "Meta", "Control"]}
            defaultEdgeOptions={{ type: "smoothstep" }}
            proOptions={{ hideAttribution: true }}
            minZoom={0.2}
          >
            <Background gap={16} />
            <Controls />
            {/* A map helps find one's way in a large workflow; in a small one it only covers steps of the narrow canvas. */}
            {ed.nodes.length > MINIMAP_FROM_STEPS && <MiniMap pannable zoomable ariaLabel="Minimap" />}
          </ReactFlow>
        </div>
        <aside
          aria-label="Step settings"
          style={{
            width: 340,
            overflowY: "auto",
            padding: 12,
            borderLeft: "1px solid var(--ant-color-border-secondary, #f0f0f0)",
          }}
        >
          {step ? (
            <NodePanel
              key={step.id}
              step={step}
              graph={ed.graph}
              problems={ed.problems.filter((p) => p.nodeId === step.id)}
              webhookUrl={webhookUrl}
              templates={ed.templates}
              onChange={(patch) => ed.updateStep(step.id, patch)}
              onRename={(to) => ed.renameStep(step.id, to)}
              onRemove={ed.removeSelected}
            />
          ) : (
            <>
              <ProblemList
                problems={ed.problems}
                onPick={(nodeId) => {
                  ed.select(nodeId);
                  const n = ed.nodes.find((x) => x.id === nodeId);
                  if (n) void flow.setCenter(n.position.x + 115, n.position.y + 38, { zoom: 1, duration: 300 });
                }}
              />
              <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 16 }}>
                Select a step to edit it. {SHORTCUTS}.
              </Typography.Paragraph>
            </>
          )}
        </aside>
      </div>
      <VersionsDrawer
        id={id}
        open={versionsOpen}
        onClose={() => setVersionsOpen(false)}
        busy={calls.busy}
        onRollback={(n) => calls.rollback(n)}
      />
      <Modal
        open={publishing !== null}
        title="Publish"
        okText="Publish"
        onCancel={() => setPublishing(null)}
        okButtonProps={{ loading: calls.busy }}
        onOk={async () => {
          if (ed.dirty) await save();
          const res = await calls.publish(publishing ?? "");
          setPublishing(null);
          void message.success(`Published version ${res.version?.number ?? ""}: new runs use it`);
        }}
      >
        <Typography.Paragraph>
          The draft becomes the next version and the workflow turns on. Runs already under way keep their version.
        </Typography.Paragraph>
        {ed.problems.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={`${ed.problems.length} warning(s): see the problem list`}
          />
        )}
        <Input.TextArea
          aria-label="What changed"
          placeholder="What changed (optional)"
          maxLength={300}
          value={publishing ?? ""}
          onChange={(e) => setPublishing(e.target.value)}
        />
      </Modal>
      <Modal
        open={testing !== null}
        title="Test run with a sample payload"
        okText="Run"
        onCancel={() => setTesting(null)}
        okButtonProps={{ disabled: !sample, loading: calls.busy }}
        onOk={async () => {
          if (!sample) return;
          if (ed.dirty) await save();
          const res = await calls.testRun(sample);
          setTesting(null);
          navigate(`../view?workflowId=${id}&runId=${res.data._id}`, { relative: "path" });
        }}
      >
        <Typography.Paragraph type="secondary">
          The draft runs once as if its trigger had fired with this payload. It really acts: messages go out.
        </Typography.Paragraph>
        {testing && (
          <JsonEditor key={JSON.stringify(testing)} label="Sample payload" value={testing} onChange={setSample} />
        )}
      </Modal>
    </div>
  );
}

/** workflows/editor?id=…: the flow editor of one workflow (xyflow; this page's chunk only). */
export function WorkflowsEdit() {
  const [params] = useSearchParams();
  const id = params.get("id");
  const navigate = useNavigate();
  if (!id) {
    // Opened without a workflow (a bookmark, the address bar): the page's title, and the way to the list.
    return (
      <>
        <PageHeader title="Workflow Editor" description="Build a workflow's steps, check them and publish a version." />
        <Result
          status="info"
          title="Pick a workflow to edit"
          extra={<Button onClick={() => navigate("..", { relative: "path" })}>Workflows</Button>}
        />
      </>
    );
  }
  return (
    <ReactFlowProvider>
      <Editor id={id} />
    </ReactFlowProvider>
  );
}
