import { AppstoreOutlined, BookOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { useDelete, type CrudFilter, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, Card, Empty, Flex, Input, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { MSG, type RcsTemplateRecord } from "../../../contract";
import type { RcsTemplateType } from "../../../contract/domain/rcs";
import { PageHeader } from "../common/page-header";
import { formatDate } from "../../shell/format";

const TYPE_TAG: Record<RcsTemplateType, { label: string; color: string }> = {
  text: { label: "Text", color: "default" },
  standalone: { label: "Rich card", color: "blue" },
  carousel: { label: "Carousel", color: "purple" },
};

/** manage-templates/rcs: the account's RCS templates; edit opens the builder, delete asks first. */
export function RcsTemplatesList() {
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [type, setType] = useState<RcsTemplateType | undefined>(undefined);
  const permanent: CrudFilter[] = [
    ...(search ? [{ field: "search", operator: "contains" as const, value: search }] : []),
    ...(type ? [{ field: "type", operator: "eq" as const, value: type }] : []),
  ];
  const { tableProps, setCurrentPage } = useTable<RcsTemplateRecord, HttpError>({
    resource: "rcs-templates",
    pagination: { pageSize: 10, mode: "server" },
    filters: { permanent },
    errorNotification: { type: "error", message: MSG.fetchTemplates },
  });
  const { mutate: remove } = useDelete();
  const open = (id?: string) => navigate(id ? `creation?id=${encodeURIComponent(id)}` : "creation");

  return (
    <>
      <PageHeader
        description="Rich messages for your RCS bots: text, rich cards and carousels with suggestion chips."
        extra={
          <>
            <Button icon={<BookOutlined />} onClick={() => navigate("..?channel=rcs", { relative: "path" })}>
              Template library
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open()}>
              New template
            </Button>
          </>
        }
      />
      <Card styles={{ body: { padding: 0 } }}>
        <Flex gap={12} wrap align="center" style={{ padding: 16 }}>
          <Input.Search
            allowClear
            placeholder="Search name or bot"
            aria-label="Search RCS templates"
            style={{ maxWidth: 320 }}
            onSearch={(v) => {
              setSearch(v.trim());
              setCurrentPage(1);
            }}
          />
          <Select
            allowClear
            placeholder="All types"
            aria-label="Type"
            style={{ width: 160 }}
            value={type}
            onChange={(v: RcsTemplateType | undefined) => {
              setType(v);
              setCurrentPage(1);
            }}
            options={Object.entries(TYPE_TAG).map(([value, t]) => ({ value, label: t.label }))}
          />
        </Flex>
        <Table
          {...tableProps}
          rowKey="_id"
          scroll={{ x: 760 }}
          pagination={{
            ...tableProps.pagination,
            showSizeChanger: false,
            showTotal: (t, [a, b]) => `${a}–${b} of ${t}`,
          }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={search || type ? "No templates match." : "No RCS templates yet."}
              >
                {!search && !type && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => open()}>
                    Build your first template
                  </Button>
                )}
              </Empty>
            ),
          }}
          columns={[
            {
              title: "Name",
              dataIndex: "name",
              width: 240,
              render: (name: string, r) => (
                <Space direction="vertical" size={0}>
                  <Typography.Link onClick={() => open(r._id)}>{name}</Typography.Link>
                  {r.fromLibrary && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      <BookOutlined /> from the library
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              title: "Type",
              dataIndex: "type",
              width: 130,
              render: (t: RcsTemplateType) => <Tag color={TYPE_TAG[t].color}>{TYPE_TAG[t].label}</Tag>,
            },
            {
              title: "Content",
              key: "content",
              render: (_, r) =>
                r.type === "carousel" ? (
                  <Typography.Text type="secondary">
                    <AppstoreOutlined /> {r.draft.carouselList.length} cards
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 260 }}>
                    {r.type === "text"
                      ? r.draft.textMessageContent
                      : r.draft.standAlone.cardTitle || r.draft.standAlone.cardDescription}
                  </Typography.Text>
                ),
            },
            { title: "Bot", dataIndex: "botName", width: 170 },
            { title: "Status", dataIndex: "status", width: 110, render: (s: string) => <Tag color="green">{s}</Tag> },
            { title: "Updated", dataIndex: "updatedAt", width: 130, render: (d: string) => formatDate(d) },
            {
              title: "",
              key: "actions",
              width: 100,
              fixed: "right",
              render: (_, r) => (
                <Space>
                  <Tooltip title="Edit">
                    <Button
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={`Edit ${r.name}`}
                      onClick={() => open(r._id)}
                    />
                  </Tooltip>
                  <Popconfirm
                    title={`Delete “${r.name}”?`}
                    description="Campaigns can no longer use it."
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      remove({
                        resource: "rcs-templates",
                        id: r._id,
                        successNotification: { type: "success", message: `Template "${r.name}" deleted` },
                        errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
                      })
                    }
                  >
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${r.name}`} />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
