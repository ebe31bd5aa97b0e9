import { DeleteOutlined, FileTextOutlined, InboxOutlined } from "@ant-design/icons";
import {
  Alert,
  Button,
  Card,
  Col,
  Drawer,
  Empty,
  Input,
  List,
  Popconfirm,
  Progress,
  Row,
  Segmented,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from "antd";
import { useState } from "react";
import { AI_LIMITS } from "../../../../contract/domain/ai";
import { formatDateTime } from "../../../shell/format";
import { LazySchemaForm } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import { KnowledgeSearch } from "./knowledge-search";
import type { AgentRecord } from "./use-agent";
import { useKnowledge, type KnowledgeEntry } from "./use-knowledge";

type Kind = "text" | "faq" | "file";
const KIND_LABEL: Record<KnowledgeEntry["kind"], string> = { text: "Text", faq: "Q&A", file: "File" };
const TEXT_UI = {
  content: { "ui:widget": "textarea", "ui:options": { rows: 8 } },
  intent: { "ui:help": "Optional: passages tagged with an intent answer it first." },
};
const FAQ_UI = {
  faqs: {
    items: { answer: { "ui:widget": "textarea", "ui:options": { rows: 2 } } },
    "ui:options": { orderable: false },
  },
  intent: TEXT_UI.intent,
};

/** What the agent knows: add text, Q&A pairs or a file (with upload progress), see the passages, and try a question. */
export function KnowledgeTab({ agent, onChange }: { agent: AgentRecord; onChange: () => void }) {
  const k = useKnowledge(agent._id, onChange);
  const [kind, setKind] = useState<Kind>("text");
  const [title, setTitle] = useState("");

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card size="small" title="Teach it">
          <Segmented<Kind>
            block
            value={kind}
            onChange={setKind}
            options={[
              { value: "text", label: "Text" },
              { value: "faq", label: "Questions and answers" },
              { value: "file", label: "File" },
            ]}
            style={{ marginBottom: 16 }}
          />
          {kind === "file" ? (
            <Space direction="vertical" style={{ width: "100%" }}>
              <Input
                aria-label="Title of the file"
                placeholder="Title (default: the file's name)"
                value={title}
                onChange={(e) => setTitle(e.target.value)}
              />
              <Upload.Dragger
                accept=".pdf,.docx,.txt,.csv"
                showUploadList={false}
                disabled={k.progress !== null}
                beforeUpload={(file) => {
                  void k
                    .upload(file, { title: title.trim() || undefined })
                    .then(() => setTitle(""))
                    .catch(() => undefined);
                  return false;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">
                  Drop a PDF, Word (DOCX), text or CSV file here, or click to choose one
                </p>
                <p className="ant-upload-hint">
                  Up to {AI_LIMITS.knowledgeFileMaxBytes / 1024 / 1024} MB. A CSV with question and answer columns
                  becomes Q&A pairs.
                </p>
              </Upload.Dragger>
              {k.progress !== null && (
                <Progress
                  percent={k.progress}
                  status="active"
                  aria-label="Upload progress"
                  format={(p) => (p === 100 ? "Reading…" : `${p} %`)}
                />
              )}
            </Space>
          ) : (
            <LazySchemaForm
              key={kind}
              schema={kind === "text" ? FORM_SCHEMAS.aiKnowledgeText : FORM_SCHEMAS.aiKnowledgeFaq}
              uiSchema={kind === "text" ? TEXT_UI : FAQ_UI}
              formData={kind === "faq" ? { faqs: [{ question: "", answer: "" }] } : undefined}
              submitText={kind === "text" ? "Learn this text" : "Learn these answers"}
              submitting={k.saving}
              onSubmit={(values) => void k.add(values, kind).catch(() => undefined)}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <KnowledgeSearch k={k} />
      </Col>
      <Col span={24}>
        {k.error && (
          <Alert
            type="error"
            showIcon
            message="Could not load the knowledge"
            description={k.error.message}
            style={{ marginBottom: 12 }}
          />
        )}
        <Table<KnowledgeEntry>
          rowKey="_id"
          size="middle"
          loading={k.loading}
          dataSource={k.entries}
          scroll={{ x: 800 }}
          pagination={{
            current: k.page,
            pageSize: k.pageSize,
            total: k.total,
            onChange: k.setPage,
            hideOnSinglePage: true,
          }}
          locale={{
            emptyText: (
              <Empty description="It knows nothing yet. Paste your delivery, returns or pricing policy above, or upload your FAQ: it answers only from what it is taught." />
            ),
          }}
          columns={[
            {
              title: "Knowledge",
              dataIndex: "title",
              render: (t: string, e) => (
                <Space direction="vertical" size={0}>
                  <Button type="link" style={{ padding: 0, height: "auto" }} onClick={() => k.open(e._id)}>
                    {t}
                  </Button>
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 480 }}>
                    {e.excerpt}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: "Kind",
              dataIndex: "kind",
              width: 90,
              render: (v: KnowledgeEntry["kind"]) => <Tag>{KIND_LABEL[v]}</Tag>,
            },
            { title: "Passages", dataIndex: "passages", width: 100, align: "right" },
            {
              title: "For",
              key: "for",
              width: 150,
              render: (_, e) => (e.agentId ? <Tag color="blue">this agent</Tag> : <Tag>every agent</Tag>),
            },
            {
              title: "Intent",
              dataIndex: "intent",
              width: 150,
              render: (v: string | null) => (v ? <Tag>{v}</Tag> : "—"),
            },
            { title: "Updated", dataIndex: "updatedAt", width: 180, render: (v: string) => formatDateTime(v) },
            {
              title: "",
              key: "actions",
              width: 60,
              fixed: "right",
              render: (_, e) => (
                <Popconfirm
                  title={`Delete “${e.title}”?`}
                  description="The agent forgets its passages at once."
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => k.remove(e._id).catch(() => undefined)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${e.title}`} />
                </Popconfirm>
              ),
            },
          ]}
        />
      </Col>
      <Drawer
        open={Boolean(k.opened) || k.openedLoading}
        onClose={() => k.open(null)}
        title={k.opened?.title ?? "Knowledge"}
        width={640}
        loading={k.openedLoading}
      >
        {k.opened && (
          <>
            <Typography.Paragraph type="secondary">
              {KIND_LABEL[k.opened.kind]}
              {k.opened.sourceName ? ` · ${k.opened.sourceName}` : ""} · {k.opened.passages} passage(s). Each passage is
              what an answer quotes.
            </Typography.Paragraph>
            <List
              dataSource={k.opened.passageList}
              renderItem={(p) => (
                <List.Item>
                  <List.Item.Meta
                    avatar={<FileTextOutlined />}
                    title={`${p.position}. ${p.title}`}
                    description={
                      <Typography.Paragraph style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}>
                        {p.content}
                      </Typography.Paragraph>
                    }
                  />
                </List.Item>
              )}
            />
          </>
        )}
      </Drawer>
    </Row>
  );
}
