import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from "@ant-design/icons";
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Input,
  Modal,
  Popconfirm,
  Row,
  Segmented,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { formatDateTime } from "../../shell/format";
import { PageHeader } from "../common/page-header";
import { TRIGGER_LABEL, WORKFLOW_STATUS } from "./components/labels";
import { useWorkflowsList, type WorkflowRow } from "./components/use-workflows-list";

const BLANK = "blank";

/**
 * Workflow Automation: the account's workflows, on or off, with their runs; new ones start blank or from a template.
 */
export function WorkflowsList() {
  const list = useWorkflowsList();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState("");
  const [template, setTemplate] = useState<string>(BLANK);
  const open = (id: string) => navigate(`editor?id=${id}`, { relative: "path" });

  const create = async () => {
    const res = await list.create({
      name: name.trim() || "Untitled workflow",
      ...(template !== BLANK ? { templateId: template } : {}),
    });
    setCreating(false);
    if (res?.data?._id) open(res.data._id);
  };

  return (
    <>
      <PageHeader
        description="Automate what happens around your messages: a trigger, conditions and actions, drawn as a flow. Runs are kept with every step."
        extra={
          <>
            <Button icon={<HistoryOutlined />} onClick={() => navigate("view", { relative: "path" })}>
              All runs
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setName("");
                setTemplate(BLANK);
                setCreating(true);
              }}
            >
              New workflow
            </Button>
          </>
        }
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          aria-label="Search workflows"
          placeholder="Search by name or description"
          onSearch={list.search}
          style={{ width: 320 }}
        />
        <Segmented
          aria-label="Status"
          value={list.status ?? "all"}
          onChange={(v) => list.setStatus(v === "all" ? undefined : (v as WorkflowRow["status"]))}
          options={[
            { label: "All", value: "all" },
            { label: "Active", value: "active" },
            { label: "Off", value: "paused" },
            { label: "Drafts", value: "draft" },
          ]}
        />
      </Space>
      {list.error && (
        <Alert
          type="error"
          showIcon
          message={list.error}
          action={<Button onClick={list.refetch}>Retry</Button>}
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<WorkflowRow>
        rowKey="_id"
        loading={list.loading}
        dataSource={list.rows}
        scroll={{ x: 950 }}
        locale={{
          emptyText: <Empty description="No workflows yet. Start from a template: a keyword reply takes a minute." />,
        }}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: list.total,
          onChange: list.setPage,
          showTotal: (n) => `${n} workflows`,
        }}
        columns={[
          {
            title: "Workflow",
            dataIndex: "name",
            width: 180,
            render: (n: string, w) => (
              <Space direction="vertical" size={0}>
                <Typography.Link strong onClick={() => open(w._id)}>
                  {n}
                </Typography.Link>
                {w.description && (
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
                    {w.description}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: "Status",
            dataIndex: "status",
            width: 120,
            render: (s: WorkflowRow["status"], w) => (
              <Space>
                <Tag color={WORKFLOW_STATUS[s].color}>{WORKFLOW_STATUS[s].label}</Tag>
                {w.unpublishedChanges && w.publishedVersion !== null && <Tag color="gold">Edited</Tag>}
              </Space>
            ),
          },
          {
            title: "Trigger",
            dataIndex: "triggerKind",
            width: 150,
            render: (k: WorkflowRow["triggerKind"]) => (k ? TRIGGER_LABEL[k] : "—"),
          },
          {
            title: "Version",
            dataIndex: "publishedVersion",
            width: 80,
            render: (v: number | null) => (v ? `v${v}` : "—"),
          },
          {
            title: "Runs",
            dataIndex: "runs",
            width: 110,
            align: "right",
            render: (n: number, w) => (
              <Typography.Link onClick={() => navigate(`view?workflowId=${w._id}`, { relative: "path" })}>
                {n}
                {w.failedRuns ? <Typography.Text type="danger"> ({w.failedRuns} failed)</Typography.Text> : null}
              </Typography.Link>
            ),
          },
          {
            title: "Last run",
            dataIndex: "lastRunAt",
            width: 160,
            render: (v: string | null) => (v ? formatDateTime(v) : "—"),
          },
          {
            title: "On",
            key: "on",
            width: 60,
            render: (_, w) => (
              <Switch
                size="small"
                aria-label={`Turn ${w.name} ${w.status === "active" ? "off" : "on"}`}
                checked={w.status === "active"}
                disabled={w.publishedVersion === null}
                onChange={(on) => void list.setActive(w._id, on)}
              />
            ),
          },
          {
            title: "",
            key: "actions",
            width: 90,
            fixed: "right",
            render: (_, w) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`Edit ${w.name}`}
                  onClick={() => open(w._id)}
                />
                <Popconfirm
                  title={`Delete ${w.name}?`}
                  description="Its versions and run history go too."
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => list.remove(w._id)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${w.name}`} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={creating}
        title="New workflow"
        width={760}
        okText="Create and open"
        onOk={() => void create()}
        onCancel={() => setCreating(false)}
        okButtonProps={{ loading: list.saving }}
        destroyOnHidden
      >
        <Input
          autoFocus
          aria-label="Workflow name"
          placeholder="Name, e.g. Order status on WhatsApp"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={100}
          style={{ marginBottom: 16 }}
        />
        <Typography.Text type="secondary">Start from</Typography.Text>
        <Row gutter={[12, 12]} style={{ marginTop: 8 }} role="radiogroup" aria-label="Start from">
          {[
            { id: BLANK, name: "Blank", description: "An empty canvas: add a trigger from the palette." },
            ...list.templates,
          ].map((t) => (
            <Col xs={24} sm={12} key={t.id}>
              <Card
                size="small"
                hoverable
                role="radio"
                aria-checked={template === t.id}
                tabIndex={0}
                onClick={() => setTemplate(t.id)}
                onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && setTemplate(t.id)}
                style={{
                  height: "100%",
                  borderColor: template === t.id ? "#1677ff" : undefined,
                  boxShadow: template === t.id ? "0 0 0 1px #1677ff" : undefined,
                }}
              >
                <Typography.Text strong>{t.name}</Typography.Text>
                <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0", fontSize: 13 }}>
                  {t.description}
                </Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      </Modal>
    </>
  );
}
