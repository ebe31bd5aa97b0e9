import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Empty, Flex, Input, Popconfirm, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { MSG, type SuppressionRecord } from "../../../contract";
import { formatCount, formatDateTime } from "../../shell/format";
import { PageHeader } from "../common/page-header";
import { AddModal } from "./components/add-modal";
import { ImportModal } from "./components/import-modal";
import { useSuppressions } from "./components/use-suppressions";

const SOURCE: Record<SuppressionRecord["source"], { label: string; color: string }> = {
  manual: { label: "Added", color: "default" },
  import: { label: "Imported", color: "blue" },
  "stop-reply": { label: "STOP reply", color: "volcano" },
  workflow: { label: "Workflow", color: "purple" },
};

/** campaigns/suppression-list: numbers the account's campaigns never send to; STOP replies add themselves. */
export function SuppressionsList() {
  const list = useSuppressions();
  const [dialog, setDialog] = useState<"add" | "import" | null>(null);
  const [exporting, setExporting] = useState(false);
  return (
    <>
      <PageHeader
        description="Numbers your campaigns skip. A recipient who replies STOP is added here by itself, and START takes them off."
        extra={
          <>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={async () => {
                setExporting(true);
                try {
                  await list.exportFile();
                } catch {
                  // The error toast has said why.
                } finally {
                  setExporting(false);
                }
              }}
            >
              Export
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => setDialog("import")}>
              Import
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog("add")}>
              Add numbers
            </Button>
          </>
        }
      />
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={list.error || MSG.somethingWrong}
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
            aria-label="Search numbers"
            placeholder="Search a number"
            style={{ maxWidth: 260 }}
            onSearch={list.setSearch}
          />
          <Typography.Text type="secondary">{`${formatCount(list.total)} number${list.total === 1 ? "" : "s"}`}</Typography.Text>
        </Flex>
        <Table<SuppressionRecord>
          rowKey="id"
          dataSource={list.rows}
          loading={list.loading}
          pagination={{
            current: list.page,
            pageSize: 10,
            total: list.total,
            onChange: list.setPage,
            showSizeChanger: false,
          }}
          locale={{
            emptyText: (
              <Empty description={list.search ? "No suppressed number matches" : "No suppressed numbers"}>
                {!list.search && (
                  <Button type="primary" onClick={() => setDialog("add")}>
                    Add numbers
                  </Button>
                )}
              </Empty>
            ),
          }}
          columns={[
            {
              title: "Number",
              dataIndex: "number",
              render: (n: string) => <Typography.Text copyable>{n}</Typography.Text>,
            },
            { title: "Reason", dataIndex: "reason", ellipsis: true, render: (r: string) => r || "—" },
            {
              title: "Source",
              dataIndex: "source",
              width: 130,
              render: (s: SuppressionRecord["source"]) => <Tag color={SOURCE[s]?.color}>{SOURCE[s]?.label ?? s}</Tag>,
            },
            { title: "Added on", dataIndex: "createdAt", width: 190, render: (iso: string) => formatDateTime(iso) },
            {
              title: "",
              key: "remove",
              width: 110,
              render: (_, r) => (
                <Popconfirm
                  title={`Remove ${r.number}?`}
                  description="Campaigns will send to this number again."
                  okText="Remove"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => list.remove(r.id, r.number).catch(() => undefined)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Remove ${r.number}`}>
                    Remove
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <AddModal open={dialog === "add"} onClose={() => setDialog(null)} onAdd={list.add} busy={list.busy} />
      <ImportModal
        open={dialog === "import"}
        onClose={() => setDialog(null)}
        onImport={list.importFile}
        busy={list.busy}
      />
    </>
  );
}
