import {
  DeleteOutlined,
  EyeOutlined,
  InfoCircleOutlined,
  LeftOutlined,
  PlusOutlined,
  ReloadOutlined,
  RightOutlined,
  WhatsAppOutlined,
} from "@ant-design/icons";
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { WhatsAppTemplateRecord } from "../../../contract";
import {
  WA_LANGUAGES,
  WA_TEMPLATE_STATUSES,
  type WaBodyComponent,
  type WaTemplateStatus,
} from "../../../contract/domain/whatsapp-template";
import { PageHeader } from "../common/page-header";
import { STATUS_LABEL, TemplateStatusTag } from "./components/status-tag";
import { TemplateDrawer } from "./components/template-drawer";
import { useTemplatesList } from "./use-templates-list";
import { formatDateTime } from "../../shell/format";

const CATEGORY_COLOR = { MARKETING: "magenta", UTILITY: "geekblue", AUTHENTICATION: "purple" } as const;
const bodyOf = (r: WhatsAppTemplateRecord) =>
  (r.components?.find((c) => c.type === "BODY") as WaBodyComponent | undefined)?.text ?? "";
const dateText = (iso?: string) => (iso ? formatDateTime(iso) : "");

function columns(
  onView: (r: WhatsAppTemplateRecord) => void,
  onDelete: (r: WhatsAppTemplateRecord) => void,
  deleting: boolean,
): ColumnsType<WhatsAppTemplateRecord> {
  return [
    {
      title: "Template",
      key: "name",
      width: 240,
      onCell: () => ({ style: { whiteSpace: "nowrap" } }),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong style={{ fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace" }}>
            {r.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {WA_LANGUAGES[r.language ?? ""] ?? r.language}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: "Category",
      key: "category",
      render: (_, r) => (
        <Space size={4} wrap>
          {r.category && <Tag color={CATEGORY_COLOR[r.category]}>{r.category}</Tag>}
          {r.previous_category && (
            <Tooltip
              title={`Submitted as ${r.previous_category}; WhatsApp re-categorised it as ${r.category} because its content reads as marketing. Marketing rates apply.`}
            >
              <Tag icon={<InfoCircleOutlined />} color="orange" data-testid="recategorised">
                Re-categorised
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: "Status",
      key: "status",
      render: (_, r) => (
        <Space direction="vertical" size={2}>
          {r.status && <TemplateStatusTag status={r.status} reason={r.rejected_reason} />}
          {r.rejected_reason && (
            <Typography.Text
              type={r.status === "REJECTED" ? "danger" : "warning"}
              style={{ fontSize: 12, maxWidth: 260, display: "block" }}
            >
              {r.rejected_reason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: "Message",
      key: "body",
      responsive: ["md"],
      render: (_, r) => (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 380 }}>
          {bodyOf(r)}
        </Typography.Paragraph>
      ),
    },
    {
      title: "Submitted",
      key: "created",
      responsive: ["lg"],
      render: (_, r) => <Typography.Text type="secondary">{dateText(r.created_at)}</Typography.Text>,
    },
    {
      title: "",
      key: "actions",
      width: 96,
      render: (_, r) => (
        <Space size={0}>
          <Tooltip title="Preview">
            <Button type="text" icon={<EyeOutlined />} aria-label={`Preview ${r.name}`} onClick={() => onView(r)} />
          </Tooltip>
          <Popconfirm
            title={`Delete ${r.name}?`}
            description="It is removed from WhatsApp in every language and can no longer be sent."
            okText="Delete"
            okButtonProps={{ danger: true, loading: deleting }}
            onConfirm={() => onDelete(r)}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${r.name}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];
}

const STATUS_OPTIONS: { label: string; value: WaTemplateStatus | "ALL" }[] = [
  { label: "All", value: "ALL" },
  ...WA_TEMPLATE_STATUSES.map((s) => ({ label: STATUS_LABEL(s), value: s })),
];

/** WhatsApp Templates: every template of the account's WABAs with its review state, live as verdicts arrive. */
export function WhatsappTemplatesList() {
  const list = useTemplatesList();
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<WhatsAppTemplateRecord | null>(null);
  const create = () => navigate("whatsapp-template-creation", { relative: "path" });

  return (
    <>
      <PageHeader
        description="Templates of your WhatsApp Business Accounts; review verdicts appear here live."
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            New template
          </Button>
        }
      />
      <Card styles={{ body: { padding: 0 } }}>
        <Flex gap={12} wrap align="center" justify="space-between" style={{ padding: 16 }}>
          <Segmented<WaTemplateStatus | "ALL">
            options={STATUS_OPTIONS}
            value={list.status}
            onChange={list.setStatus}
            aria-label="Status filter"
          />
          <Tooltip title="Refresh">
            <Button
              icon={<ReloadOutlined />}
              onClick={list.refetch}
              loading={list.isFetching && !list.isLoading}
              aria-label="Refresh"
            />
          </Tooltip>
        </Flex>
        {list.error ? (
          <Alert
            type="error"
            showIcon
            style={{ margin: 16 }}
            message={list.error.message}
            action={<Button onClick={list.refetch}>Try again</Button>}
          />
        ) : (
          <Table<WhatsAppTemplateRecord>
            rowKey="id"
            columns={columns(setViewing, list.remove, list.deleting)}
            dataSource={list.rows}
            loading={list.isLoading}
            pagination={false}
            scroll={{ x: 720 }}
            locale={{
              emptyText: (
                <Empty
                  image={<WhatsAppOutlined style={{ fontSize: 48, color: "#25d366" }} />}
                  description={
                    list.status === "ALL"
                      ? "No WhatsApp templates yet"
                      : `No ${STATUS_LABEL(list.status as WaTemplateStatus).toLowerCase()} templates`
                  }
                >
                  {list.status === "ALL" && (
                    <Button type="primary" onClick={create}>
                      Create your first template
                    </Button>
                  )}
                </Empty>
              ),
            }}
          />
        )}
        <Flex justify="flex-end" align="center" gap={8} style={{ padding: 16 }}>
          <Typography.Text type="secondary">Rows</Typography.Text>
          <Select
            value={list.limit}
            onChange={list.setLimit}
            options={[10, 20, 50].map((n) => ({ value: n, label: n }))}
            style={{ width: 76 }}
            aria-label="Rows per page"
          />
          <Button icon={<LeftOutlined />} disabled={list.isFirstPage} onClick={list.newer}>
            Newer
          </Button>
          <Button disabled={!list.hasOlder} onClick={list.older}>
            Older <RightOutlined />
          </Button>
        </Flex>
      </Card>
      <TemplateDrawer template={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
