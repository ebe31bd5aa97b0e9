import { EditOutlined, PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Empty, Flex, Input, Select, Table, Tag, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { SMS_CATEGORY_LABELS } from "../../../contract/domain/sms";
import { countSms } from "../../../contract/domain/sms-segments";
import { PageHeader } from "../common/page-header";
import { useSmsTemplates, type SmsTemplate } from "./use-sms-templates";
import { useTemplatePaths } from "./use-template-paths";
import { formatDate } from "../../shell/format";

const CATEGORY_COLORS: Record<string, string> = {
  transactional: "blue",
  "service-implicit": "cyan",
  "service-explicit": "geekblue",
  promotional: "magenta",
};

function matches(t: SmsTemplate, q: string): boolean {
  const needle = q.toLowerCase();
  return [t.name, t.body, t.senderId, t.dltTemplateId, t.smsAccountName].some((v) => v.toLowerCase().includes(needle));
}

/** manage-templates/sms: the DLT templates of the caller's SMS accounts, by account and by text. */
export function SmsTemplatesList() {
  const [accountId, setAccountId] = useState<string | undefined>(undefined);
  // Free text stays in the page, never in the URL, whose guard (SPEC 5) would read words like "update" as an attack.
  const [search, setSearch] = useState("");
  const page = useSmsTemplates(accountId);
  const paths = useTemplatePaths();
  const navigate = useNavigate();
  const { search: query } = useLocation();
  const rows = useMemo(
    () => (search ? page.templates.filter((t) => matches(t, search)) : page.templates),
    [page.templates, search],
  );
  // The filter's choices come with each answer; keep showing the chosen one while a filtered answer loads.
  const [knownAccounts, setKnownAccounts] = useState(page.accounts);
  if (page.accounts.length && page.accounts !== knownAccounts) setKnownAccounts(page.accounts);

  const columns: ColumnsType<SmsTemplate> = [
    {
      title: "Template",
      key: "name",
      render: (_, t) => (
        <div>
          <Typography.Text strong>{t.name}</Typography.Text>
          <Typography.Paragraph
            type="secondary"
            ellipsis={{ rows: 2, tooltip: t.body }}
            style={{ margin: 0, fontSize: 12 }}
          >
            {t.body}
          </Typography.Paragraph>
        </div>
      ),
    },
    { title: "Account", dataIndex: "smsAccountName", key: "account", width: 140, responsive: ["lg"] },
    {
      title: "Category",
      key: "category",
      width: 140,
      render: (_, t) => <Tag color={CATEGORY_COLORS[t.category]}>{SMS_CATEGORY_LABELS[t.category]}</Tag>,
    },
    {
      title: "Sender id · DLT id",
      key: "senderId",
      width: 190,
      onHeaderCell: () => ({ style: { whiteSpace: "nowrap" } }),
      render: (_, t) => (
        <div style={{ fontFamily: "monospace" }}>
          <Typography.Text>{t.senderId}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: "block", fontSize: 11 }}>
            {t.dltTemplateId}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: "Size",
      key: "size",
      width: 130,
      onCell: () => ({ style: { whiteSpace: "nowrap" } }),
      render: (_, t) => {
        const c = countSms(t.body);
        return (
          <Tooltip title={`${c.units} characters, ${t.variables} variable${t.variables === 1 ? "" : "s"}`}>
            <Tag color={c.encoding === "GSM-7" ? "green" : "orange"}>{c.encoding}</Tag>
            <Typography.Text type="secondary">
              {c.parts} part{c.parts === 1 ? "" : "s"}
            </Typography.Text>
          </Tooltip>
        );
      },
    },
    {
      title: "Updated",
      key: "updatedAt",
      width: 120,
      responsive: ["xxl"],
      onCell: () => ({ style: { whiteSpace: "nowrap" } }),
      render: (_, t) => formatDate(t.updatedAt),
    },
    {
      title: "",
      key: "actions",
      width: 96,
      align: "right",
      render: (_, t) => (
        <Button
          size="small"
          icon={<EditOutlined />}
          onClick={() => navigate({ pathname: `edit/${encodeURIComponent(t.id)}`, search: query })}
          aria-label={`Edit ${t.name}`}
        >
          Edit
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        description="DLT content templates of your SMS accounts: each message you send must match one of them."
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.create)}>
            New SMS template
          </Button>
        }
      />
      {page.error && (
        <Alert
          type="error"
          showIcon
          message={page.error}
          action={
            <Button size="small" onClick={() => void page.refetch()}>
              Retry
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Card styles={{ body: { padding: 0 } }}>
        <Flex gap={12} wrap align="center" style={{ padding: 16 }}>
          <Select
            allowClear
            aria-label="SMS account"
            placeholder="All SMS accounts"
            value={accountId}
            onChange={setAccountId}
            style={{ minWidth: 220 }}
            options={knownAccounts.map((a) => ({ value: a.id, label: a.name }))}
          />
          <Input.Search
            allowClear
            placeholder="Search name, text, sender id or DLT id"
            onSearch={(v) => setSearch(v.trim())}
            onChange={(e) => !e.target.value && setSearch("")}
            style={{ maxWidth: 360 }}
            aria-label="Search SMS templates"
          />
          <div style={{ flex: 1 }} />
          <Tooltip title="Refresh">
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void page.refetch()}
              loading={page.fetching && !page.loading}
              aria-label="Refresh"
            />
          </Tooltip>
        </Flex>
        <Table
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={page.loading}
          scroll={{ x: 940 }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (t, [a, b]) => `${a}–${b} of ${t}` }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  page.error
                    ? "Nothing to show until the templates load."
                    : search
                      ? `No template matches “${search}”.`
                      : "No SMS templates yet."
                }
              >
                {!page.error && !search && (
                  <Button type="primary" onClick={() => navigate(paths.create)}>
                    Write the first one
                  </Button>
                )}
              </Empty>
            ),
          }}
        />
      </Card>
      <Outlet />
    </>
  );
}
