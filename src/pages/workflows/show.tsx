import { ArrowLeftOutlined, RedoOutlined, StopOutlined } from "@ant-design/icons";
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Collapse,
  Descriptions,
  Empty,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { nodeSpec, TRIGGER_KINDS, type TriggerKind } from "../../../contract/domain/workflow-nodes";
import { RUN_STATUSES, type ReplayFrom, type RunStatus } from "../../../contract/domain/workflow-runs";
import { formatDateTime } from "../../shell/format";
import { PageHeader } from "../common/page-header";
import { JsonEditor } from "./components/json-editor";
import { formatMs, RUN_STATUS, STEP_COLOR, TRIGGER_LABEL } from "./components/labels";
import { RunGraph } from "./components/run-graph";
import { useRuns, type RunDetail, type RunRow } from "./components/use-runs";

const json = (v: unknown) => (
  <pre
    style={{
      margin: 0,
      fontSize: 12,
      maxHeight: 240,
      overflow: "auto",
      whiteSpace: "pre-wrap",
      wordBreak: "break-all",
    }}
  >
    {JSON.stringify(v, null, 2)}
  </pre>
);

function Steps({ run, open, setOpen }: { run: RunDetail; open: string[]; setOpen: (keys: string[]) => void }) {
  return (
    <Collapse
      size="small"
      activeKey={open}
      onChange={(k) => setOpen(k as string[])}
      aria-label="Steps"
      items={run.steps.map((s) => ({
        key: s._id,
        label: (
          <Space wrap>
            <span
              style={{
                display: "inline-block",
                width: 10,
                height: 10,
                borderRadius: 5,
                background: STEP_COLOR[s.status],
              }}
              aria-hidden
            />
            <Typography.Text strong>{s.nodeId}</Typography.Text>
            <Typography.Text type="secondary">{nodeSpec(s.nodeType)?.label ?? s.nodeType}</Typography.Text>
            <Tag>{s.status}</Tag>
            {s.handle && s.handle !== "next" && <Tag color="cyan">→ {s.handle}</Tag>}
            <Typography.Text type="secondary">{formatMs(s.durationMs)}</Typography.Text>
          </Space>
        ),
        children: (
          <Space direction="vertical" style={{ width: "100%" }}>
            {s.error && <Alert type="error" showIcon message={s.error} />}
            {s.status === "skipped" && (
              <Alert
                type="info"
                showIcon
                message="Already done under the same step key (the original run): not done again."
              />
            )}
            {s.status === "waiting" && (
              <Alert type="info" showIcon message={`Waiting until ${formatDateTime(s.dueAt)}`} />
            )}
            <Descriptions
              size="small"
              column={2}
              items={[
                { key: "q", label: "Queued", children: formatDateTime(s.queuedAt) },
                { key: "s", label: "Started", children: s.startedAt ? formatDateTime(s.startedAt) : "—" },
                { key: "f", label: "Finished", children: s.finishedAt ? formatDateTime(s.finishedAt) : "—" },
                { key: "a", label: "Attempts", children: s.attempts },
              ]}
            />
            <Row gutter={12}>
              <Col xs={24} lg={12}>
                <Typography.Text type="secondary">Input</Typography.Text>
                {json(s.input)}
              </Col>
              <Col xs={24} lg={12}>
                <Typography.Text type="secondary">Output</Typography.Text>
                {json(s.output)}
              </Col>
            </Row>
          </Space>
        ),
      }))}
    />
  );
}

/**
 * workflows/view: runs (all, or one workflow's), and one run's path over its graph with each step's input, output,
 * timing and error.
 */
export function WorkflowsShow() {
  const [params, setParams] = useSearchParams();
  const workflowId = params.get("workflowId");
  const runId = params.get("runId");
  const navigate = useNavigate();
  const runs = useRuns(workflowId, runId);
  const [open, setOpen] = useState<string[]>([]);
  const [replaying, setReplaying] = useState<{
    from: ReplayFrom;
    payload: Record<string, unknown> | null;
    redo: boolean;
    latest: boolean;
  } | null>(null);
  const pick = (id: string) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.set("runId", id);
      return n;
    });
  const run = runs.run;
  const failedStep = run?.steps.find((s) => s.status === "failed");

  return (
    <>
      <PageHeader
        description="Every run with the path it took. Open one to see each step's input, output, timing and error; replay a failed run after a fix."
        extra={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate("..", { relative: "path" })}>
              Workflows
            </Button>
            {workflowId && (
              <Button onClick={() => navigate(`../editor?id=${workflowId}`, { relative: "path" })}>
                Open in editor
              </Button>
            )}
          </>
        }
      />
      <Row gutter={16}>
        <Col xs={24} xl={run ? 9 : 24}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Select<RunStatus | "all">
              aria-label="Run status"
              style={{ width: 150 }}
              value={runs.status ?? "all"}
              onChange={(v) => runs.setStatus(v === "all" ? undefined : v)}
              options={[
                { value: "all", label: "Any status" },
                ...RUN_STATUSES.map((s) => ({ value: s, label: RUN_STATUS[s].label })),
              ]}
            />
            <Select<TriggerKind | "all">
              aria-label="Trigger"
              style={{ width: 180 }}
              value={runs.trigger ?? "all"}
              onChange={(v) => runs.setTrigger(v === "all" ? undefined : v)}
              options={[
                { value: "all", label: "Any trigger" },
                ...TRIGGER_KINDS.map((t) => ({ value: t, label: TRIGGER_LABEL[t] })),
              ]}
            />
          </Space>
          {runs.error && (
            <Alert
              type="error"
              showIcon
              message={runs.error}
              action={<Button onClick={runs.refetch}>Retry</Button>}
              style={{ marginBottom: 12 }}
            />
          )}
          <Table<RunRow>
            rowKey="_id"
            size="small"
            loading={runs.loading}
            dataSource={runs.rows}
            scroll={{ x: 560 }}
            rowClassName={(r) => (r._id === runId ? "ant-table-row-selected" : "")}
            onRow={(r) => ({ onClick: () => pick(r._id), style: { cursor: "pointer" } })}
            locale={{
              emptyText: (
                <Empty description="No runs yet. Runs appear when the trigger fires, or after a test run from the editor." />
              ),
            }}
            pagination={{
              current: runs.page,
              pageSize: runs.pageSize,
              total: runs.total,
              onChange: runs.setPage,
              size: "small",
              showTotal: (n) => `${n} runs`,
            }}
            columns={[
              { title: "Started", dataIndex: "createdAt", width: 150, render: (v: string) => formatDateTime(v) },
              {
                title: "Workflow",
                dataIndex: "workflowName",
                render: (n: string, r) => (
                  <>
                    {n} {r.test ? <Tag>test</Tag> : r.versionNumber ? <Tag>v{r.versionNumber}</Tag> : null}
                    {r.replayOf && <Tag color="purple">replay</Tag>}
                  </>
                ),
              },
              {
                title: "Status",
                dataIndex: "status",
                width: 110,
                render: (s: RunStatus) => <Tag color={RUN_STATUS[s].color}>{RUN_STATUS[s].label}</Tag>,
              },
              {
                title: "Trigger",
                dataIndex: "triggerKind",
                width: 140,
                responsive: ["md"],
                render: (k: TriggerKind, r) => (
                  <>
                    {TRIGGER_LABEL[k]}
                    {r.contact ? (
                      <div>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {r.contact}
                        </Typography.Text>
                      </div>
                    ) : null}
                  </>
                ),
              },
              { title: "Took", dataIndex: "durationMs", width: 80, render: (v: number | null) => formatMs(v) },
            ]}
          />
        </Col>
        {runId && (
          <Col xs={24} xl={15}>
            {runs.runLoading && <Spin style={{ display: "block", margin: 40 }} />}
            {runs.runError && <Alert type="error" showIcon message={runs.runError} />}
            {run && (
              <Card
                size="small"
                aria-label="Run"
                title={
                  <Space wrap>
                    Run of {run.workflowName}
                    <Tag color={RUN_STATUS[run.status].color}>{RUN_STATUS[run.status].label}</Tag>
                    {run.test ? <Tag>test</Tag> : <Tag>v{run.versionNumber}</Tag>}
                  </Space>
                }
                extra={
                  <Space>
                    {(run.status === "running" || run.status === "waiting") && (
                      <Popconfirm
                        title="Cancel this run?"
                        description="Its waiting step is dropped; what it did stays done."
                        okText="Cancel run"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => runs.cancel(run._id)}
                      >
                        <Button size="small" danger icon={<StopOutlined />}>
                          Cancel
                        </Button>
                      </Popconfirm>
                    )}
                    {run.status !== "running" && run.status !== "waiting" && (
                      <Button
                        size="small"
                        type="primary"
                        icon={<RedoOutlined />}
                        onClick={() =>
                          setReplaying({
                            from: failedStep ? "failed" : "start",
                            payload: run.trigger,
                            redo: false,
                            latest: false,
                          })
                        }
                      >
                        Replay
                      </Button>
                    )}
                  </Space>
                }
              >
                {run.error && <Alert type="error" showIcon message={run.error} style={{ marginBottom: 12 }} />}
                <Descriptions
                  size="small"
                  column={{ xs: 1, md: 3 }}
                  style={{ marginBottom: 12 }}
                  items={[
                    { key: "t", label: "Trigger", children: TRIGGER_LABEL[run.triggerKind] },
                    { key: "c", label: "Contact", children: run.contact ?? "—" },
                    { key: "d", label: "Took", children: formatMs(run.durationMs) },
                  ]}
                />
                <div
                  style={{
                    height: 340,
                    border: "1px solid var(--ant-color-border-secondary, #f0f0f0)",
                    borderRadius: 8,
                    marginBottom: 12,
                  }}
                  data-testid="run-graph"
                >
                  <RunGraph
                    graph={run.graph}
                    steps={run.steps}
                    onPick={(nodeId) => setOpen(run.steps.filter((s) => s.nodeId === nodeId).map((s) => s._id))}
                  />
                </div>
                <Steps run={run} open={open} setOpen={setOpen} />
                <Typography.Text type="secondary" style={{ display: "block", marginTop: 8, fontSize: 12 }}>
                  Trigger payload
                </Typography.Text>
                {json(run.trigger)}
              </Card>
            )}
          </Col>
        )}
      </Row>
      <Modal
        open={replaying !== null}
        title="Replay run"
        okText="Replay"
        onCancel={() => setReplaying(null)}
        okButtonProps={{ disabled: !replaying?.payload, loading: runs.busy }}
        onOk={async () => {
          if (!run || !replaying?.payload) return;
          const started = await runs.replay(run._id, {
            from: replaying.from,
            payload: replaying.payload,
            redo: replaying.redo,
            version: replaying.latest ? "latest" : "original",
          });
          setReplaying(null);
          pick(started._id);
        }}
      >
        {replaying && run && (
          <Space direction="vertical" style={{ width: "100%" }}>
            <Radio.Group
              value={replaying.from}
              onChange={(e) => setReplaying({ ...replaying, from: e.target.value as ReplayFrom })}
              aria-label="Replay from"
            >
              <Radio value="start">From the start</Radio>
              <Radio value="failed" disabled={!failedStep}>
                From the failed step{failedStep ? ` (${failedStep.nodeId})` : ""}
              </Radio>
            </Radio.Group>
            <Checkbox
              checked={replaying.latest}
              onChange={(e) => setReplaying({ ...replaying, latest: e.target.checked })}
              disabled={run.test}
            >
              Use the version published now (after a fix), not v{run.versionNumber ?? "—"}
            </Checkbox>
            <Checkbox checked={replaying.redo} onChange={(e) => setReplaying({ ...replaying, redo: e.target.checked })}>
              Do again what this run already did (messages, calls); otherwise those steps are skipped
            </Checkbox>
            <Typography.Text type="secondary">Trigger payload (edit to replay with other values)</Typography.Text>
            <JsonEditor
              key={run._id}
              label="Trigger payload"
              value={run.trigger}
              onChange={(payload) => setReplaying({ ...replaying, payload })}
              rows={8}
            />
          </Space>
        )}
      </Modal>
    </>
  );
}
