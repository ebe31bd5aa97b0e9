import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { App, Button, Card, Empty, Space, Spin, Table, Typography } from "antd";
import { LoadFailed } from "../common/load-failed";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { SegmentRecord } from "../../../contract/calls/segments";
import { useCall } from "../../api";
import { formatCount, formatDateTime } from "../../shell/format";
import { PageHeader } from "../common/page-header";
import { newSegmentDraft, SegmentDrawer, type SegmentDraft } from "./components/segment-drawer";
import { useSegments } from "./components/use-segments";

/** A saved segment's count now (each row asks for its own, so a slow one does not hold the list). */
function LiveCount({ id }: { id: string }) {
  const { query } = useCall("contacts.segments.count", { params: { id } }, { errorNotification: false });
  if (query.isLoading) return <Spin size="small" aria-label="Counting" />;
  return <>{query.data ? formatCount(query.data.data.count) : "—"}</>;
}

/**
 * campaigns/contacts/segments: saved filters over the contacts (issue 39, item 4), opened from the Contacts screen.
 * Names and values stay in the page's state and the calls' bodies, never in the URL (SPEC 5's guard).
 */
export function ContactsSegments() {
  const segments = useSegments();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [draft, setDraft] = useState<SegmentDraft | null>(null);
  const labels = useCall("contacts.list", { query: { limit: 1 } }, { errorNotification: false }).query.data?.data
    .labels;

  const confirmDelete = (s: SegmentRecord) =>
    modal.confirm({
      title: `Delete segment ${s.name}?`,
      content: "Its contacts stay. Campaigns already sent to it keep their recipients.",
      okText: "Delete",
      okButtonProps: { danger: true },
      onOk: () => segments.del(s.id).catch(() => undefined),
    });

  return (
    <>
      <PageHeader
        description="Saved filters over your contacts by attributes, labels, consent and engagement, with a live count. Choose one as a campaign's audience."
        extra={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate("..", { relative: "path" })}>
              Contacts
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft(newSegmentDraft())}>
              New segment
            </Button>
          </>
        }
      />
      {segments.isError && <LoadFailed retry={segments.refetch} />}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<SegmentRecord>
          rowKey="id"
          dataSource={segments.rows}
          loading={segments.loading}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{
            emptyText: segments.loading ? (
              " "
            ) : (
              <Empty description="No segments yet">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft(newSegmentDraft())}>
                  Build your first segment
                </Button>
              </Empty>
            ),
          }}
          columns={[
            {
              title: "Name",
              key: "name",
              render: (_, s) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{s.name}</Typography.Text>
                  {s.description && <Typography.Text type="secondary">{s.description}</Typography.Text>}
                </Space>
              ),
            },
            { title: "Contacts now", key: "count", width: 140, render: (_, s) => <LiveCount id={s.id} /> },
            { title: "Updated", dataIndex: "updatedAt", width: 190, render: (iso: string) => formatDateTime(iso) },
            {
              title: "",
              key: "actions",
              width: 200,
              render: (_, s) => (
                <Space>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${s.name}`}
                    onClick={() => setDraft({ ...s })}
                  >
                    Edit
                  </Button>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Delete ${s.name}`}
                    onClick={() => confirmDelete(s)}
                  >
                    Delete
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {draft && (
        <SegmentDrawer
          draft={draft}
          attributes={segments.attributes}
          labels={labels ?? []}
          saving={segments.saving}
          onClose={() => setDraft(null)}
          onSave={(d) => segments.save(d)}
        />
      )}
    </>
  );
}
