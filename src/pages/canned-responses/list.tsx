import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Empty, Flex, Input, Popconfirm, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { formatCount, formatDateTime } from "../../shell/format";
import { PageHeader } from "../common/page-header";
import { CannedDrawer, type CannedDialog } from "./components/canned-drawer";
import { useCannedResponses, type CannedRecord } from "./components/use-canned-responses";

const CHANNEL_LABEL: Record<string, string> = { whatsapp: "WhatsApp", sms: "SMS", rcs: "RCS" };

/** chats/canned-responses: the account's saved replies, typed with / in the composer. */
export function CannedResponsesList() {
  const list = useCannedResponses();
  const [dialog, setDialog] = useState<CannedDialog>(null);
  return (
    <>
      <PageHeader
        description="Saved replies your team types with / in the composer. {{name}} and other contact fields are filled from the customer; add a fallback after a bar: {{name|there}}."
        extra={
          list.mayEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: "create" })}>
              Add canned response
            </Button>
          )
        }
      />
      {list.error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={list.error}
          action={
            <Button size="small" onClick={list.refetch}>
              Retry
            </Button>
          }
        />
      )}
      <Card styles={{ body: { padding: 0 } }}>
        <Flex gap={12} align="center" justify="space-between" wrap style={{ padding: 16 }}>
          <Input.Search
            allowClear
            aria-label="Search canned responses"
            placeholder="Search code, title or text"
            style={{ maxWidth: 300 }}
            onSearch={list.setSearch}
          />
          <Typography.Text type="secondary">{`${formatCount(list.rows.length)} response${list.rows.length === 1 ? "" : "s"}`}</Typography.Text>
        </Flex>
        <Table<CannedRecord>
          rowKey="_id"
          dataSource={list.rows}
          loading={list.loading}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{
            emptyText: (
              <Empty
                description={
                  list.search
                    ? "No canned response matches"
                    : "No canned responses yet: add the replies your team writes every day"
                }
              />
            ),
          }}
          columns={[
            {
              title: "Short code",
              dataIndex: "code",
              width: 220,
              render: (code: string) => (
                <Typography.Text code style={{ whiteSpace: "nowrap" }}>{`/${code}`}</Typography.Text>
              ),
            },
            { title: "Title", dataIndex: "title", width: 200 },
            { title: "Message", dataIndex: "body", ellipsis: true },
            {
              title: "Channel",
              key: "channel",
              width: 200,
              render: (_, r) => (
                <Space size={4} wrap>
                  <Tag>{r.channel ? CHANNEL_LABEL[r.channel] : "Every channel"}</Tag>
                  {r.dltTemplateId && <Tag color="blue">{`DLT ${r.dltTemplateId}`}</Tag>}
                </Space>
              ),
            },
            { title: "Updated", dataIndex: "updatedAt", width: 180, render: (iso: string) => formatDateTime(iso) },
            ...(list.mayEdit
              ? [
                  {
                    title: "",
                    key: "actions",
                    width: 190,
                    render: (_: unknown, r: CannedRecord) => (
                      <Space>
                        <Button
                          size="small"
                          icon={<EditOutlined />}
                          aria-label={`Edit /${r.code}`}
                          onClick={() => setDialog({ kind: "edit", row: r })}
                        >
                          Edit
                        </Button>
                        <Popconfirm
                          title={`Delete /${r.code}?`}
                          description="Your team can no longer insert it."
                          okText="Delete"
                          okButtonProps={{ danger: true }}
                          onConfirm={() => list.remove(r).catch(() => undefined)}
                        >
                          <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete /${r.code}`}>
                            Delete
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <CannedDrawer
        dialog={dialog}
        onClose={() => setDialog(null)}
        onSave={list.save}
        saving={list.saving}
        mayLinkTemplates={list.mayLinkTemplates}
      />
    </>
  );
}
