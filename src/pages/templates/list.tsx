import { BookOutlined, DownOutlined, PlusOutlined } from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import type { CrudFilter, HttpError } from "@refinedev/core";
import {
  Button,
  Card,
  Col,
  Dropdown,
  Empty,
  Flex,
  Input,
  Row,
  Segmented,
  Select,
  Statistic,
  Table,
  Typography,
} from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { MSG, TEMPLATE_CHANNELS, type TemplateChannel, type UnifiedTemplateRow } from "../../../contract";
import { PageHeader } from "../common/page-header";
import { CHANNEL_META } from "../template-library/components/library-card";
import {
  CATEGORY_OPTIONS,
  ChannelTag,
  STATUS_OPTIONS,
  StatusTag,
  categoryLabel,
  openPath,
} from "./components/template-look";
import { formatDateTime } from "../../shell/format";

/** Where "New template" opens each channel's editor, relative to manage-templates/unified. */
const CREATE_PATH: Record<TemplateChannel, string> = {
  sms: "../create-sms",
  whatsapp: "../whatsapp/whatsapp-template-creation",
  rcs: "../rcs/creation",
};
const DETAIL_LABEL: Record<TemplateChannel, string> = { sms: "Header", whatsapp: "Language", rcs: "Type" };

interface Totals {
  sms: number;
  whatsapp: number;
  rcs: number;
}

const updated = (iso: string) => formatDateTime(iso);

/** manage-templates/unified: every channel's templates in one table, with filters, search and paging. */
export function TemplatesList() {
  const navigate = useNavigate();
  const [channel, setChannel] = useState<TemplateChannel | "all">("all");
  const [status, setStatus] = useState<string | undefined>();
  const [category, setCategory] = useState<string | undefined>();
  const [search, setSearch] = useState("");
  const permanent: CrudFilter[] = [
    { field: "channel", operator: "eq", value: channel === "all" ? undefined : channel },
    { field: "status", operator: "eq", value: status },
    { field: "category", operator: "eq", value: category },
    { field: "search", operator: "contains", value: search || undefined },
  ];
  const { tableProps, setCurrentPage, tableQuery } = useTable<UnifiedTemplateRow, HttpError>({
    resource: "templates",
    pagination: { pageSize: 10, mode: "server" },
    filters: { permanent },
    syncWithLocation: false,
    errorNotification: { type: "error", message: MSG.fetchTemplates },
  });
  // The list call's per-channel totals ride beside its rows (the data provider keeps a reply's extra fields).
  const totals: Totals | undefined = tableQuery.data?.totals;
  const filtered = channel !== "all" || Boolean(status || category || search);
  const refilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setCurrentPage(1);
    };
  const newMenu = {
    items: TEMPLATE_CHANNELS.map((c) => ({
      key: c,
      icon: CHANNEL_META[c].icon,
      label: `${CHANNEL_META[c].label} template`,
    })),
    onClick: ({ key }: { key: string }) => {
      const picked = TEMPLATE_CHANNELS.find((c) => c === key);
      if (picked) navigate(CREATE_PATH[picked], { relative: "path" });
    },
  };

  return (
    <>
      <PageHeader
        description="Your SMS, WhatsApp and RCS templates in one place. Open one to edit it in its channel's editor."
        extra={
          <>
            <Button icon={<BookOutlined />} onClick={() => navigate("..", { relative: "path" })}>
              Template library
            </Button>
            <Dropdown menu={newMenu} trigger={["click"]}>
              <Button type="primary" icon={<PlusOutlined />}>
                New template <DownOutlined />
              </Button>
            </Dropdown>
          </>
        }
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {TEMPLATE_CHANNELS.map((c) => (
          <Col xs={24} sm={8} key={c}>
            <Card
              hoverable
              size="small"
              aria-label={`${CHANNEL_META[c].label} templates`}
              onClick={() => refilter(setChannel)(channel === c ? "all" : c)}
              style={{ borderColor: channel === c ? CHANNEL_META[c].color : undefined }}
            >
              <Statistic
                title={
                  <Flex gap={6} align="center">
                    <span style={{ color: CHANNEL_META[c].color }}>{CHANNEL_META[c].icon}</span>
                    {CHANNEL_META[c].label}
                  </Flex>
                }
                value={totals?.[c] ?? 0}
                loading={!totals && tableQuery.isLoading}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card styles={{ body: { padding: 0 } }}>
        <Flex gap={12} wrap align="center" style={{ padding: 16 }}>
          <Segmented
            aria-label="Channel"
            value={channel}
            onChange={(v) => refilter(setChannel)(v as TemplateChannel | "all")}
            options={[
              { value: "all", label: "All channels" },
              ...TEMPLATE_CHANNELS.map((c) => ({ value: c, label: CHANNEL_META[c].label })),
            ]}
          />
          <Select
            allowClear
            aria-label="Status"
            placeholder="Any status"
            style={{ width: 170 }}
            value={status}
            onChange={refilter(setStatus)}
            options={STATUS_OPTIONS}
          />
          <Select
            allowClear
            aria-label="Category"
            placeholder="Any category"
            style={{ width: 220 }}
            value={category}
            onChange={refilter(setCategory)}
            options={CATEGORY_OPTIONS}
          />
          <Input.Search
            allowClear
            placeholder="Search name, account or bot"
            aria-label="Search templates"
            style={{ maxWidth: 300 }}
            onSearch={(v) => refilter(setSearch)(v.trim())}
          />
        </Flex>
        <Table<UnifiedTemplateRow>
          {...tableProps}
          rowKey={(r) => `${r.channel}:${r.id}`}
          scroll={{ x: 900 }}
          locale={{
            emptyText: (
              <Empty description={filtered ? "No template matches these filters" : "No templates yet"}>
                {!filtered && (
                  <Dropdown menu={newMenu} trigger={["click"]}>
                    <Button type="primary">Create your first template</Button>
                  </Dropdown>
                )}
              </Empty>
            ),
          }}
          columns={[
            {
              title: "Template",
              key: "name",
              render: (_, r) => (
                <Flex vertical>
                  <Link to={openPath(r.channel, r.id)} relative="path" style={{ fontWeight: 500 }}>
                    {r.name}
                  </Link>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {DETAIL_LABEL[r.channel]}: {r.detail}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: "Channel",
              dataIndex: "channel",
              width: 130,
              render: (c: TemplateChannel) => <ChannelTag channel={c} />,
            },
            { title: "Status", dataIndex: "status", width: 160, render: (s: string) => <StatusTag status={s} /> },
            { title: "Category", dataIndex: "category", width: 170, render: (c: string | null) => categoryLabel(c) },
            { title: "Sends from", dataIndex: "source", ellipsis: true },
            { title: "Updated", dataIndex: "updatedAt", width: 190, render: (iso: string) => updated(iso) },
          ]}
        />
      </Card>
    </>
  );
}
