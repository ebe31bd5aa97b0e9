import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Col, Empty, Flex, Input, Popconfirm, Row, Statistic, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { MSG, type DndRecord } from "../../../contract";
import { DND_PREFERENCES, DND_SOURCES, isFullyBlocked } from "../../../contract/domain/dnd";
import { formatCount, formatDateTime } from "../../shell/format";
import { PageHeader } from "../common/page-header";
import { ImportModal } from "../suppressions/components/import-modal";
import { useDnd } from "./components/use-dnd";

const SOURCE_COLOR: Record<DndRecord["source"], string> = { import: "blue", operator: "volcano" };

const preferencesLabel = (r: DndRecord) =>
  isFullyBlocked(r.preferences)
    ? DND_PREFERENCES[0]
    : r.preferences.map((p) => `${p} · ${DND_PREFERENCES[p] ?? "?"}`).join("; ");

/**
 * campaigns/dnd-list: customers' preferences the account knows, which hold back promotional and service-explicit SMS.
 */
export function DndList() {
  const list = useDnd();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <PageHeader
        description="Numbers whose customers set preferences on the DLT platform (your aggregator's scrub files) or that operators refused as DND. Promotional SMS skip them unless consent is recorded; service-explicit SMS skip fully blocked ones; transactional and service-implicit SMS are not scrubbed."
        extra={
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            Import scrub file
          </Button>
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
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={DND_SOURCES.import}
              value={list.counts.import}
              formatter={(v) => formatCount(Number(v))}
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={DND_SOURCES.operator}
              value={list.counts.operator}
              formatter={(v) => formatCount(Number(v))}
            />
          </Card>
        </Col>
      </Row>
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
        <Table<DndRecord>
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
          locale={{ emptyText: <Empty description={list.search ? "No DND number matches" : "No DND numbers yet"} /> }}
          columns={[
            {
              title: "Number",
              dataIndex: "number",
              render: (n: string) => <Typography.Text copyable>{n}</Typography.Text>,
            },
            { title: "Preferences", key: "preferences", ellipsis: true, render: (_, r) => preferencesLabel(r) },
            { title: "Consent", dataIndex: "consent", width: 110, render: (c: boolean) => (c ? "Recorded" : "—") },
            {
              title: "Source",
              dataIndex: "source",
              width: 170,
              render: (s: DndRecord["source"], r) => (
                <Tag color={SOURCE_COLOR[s]} title={r.detail}>
                  {DND_SOURCES[s]}
                </Tag>
              ),
            },
            { title: "Updated", dataIndex: "updatedAt", width: 190, render: (iso: string) => formatDateTime(iso) },
            {
              title: "",
              key: "remove",
              width: 110,
              render: (_, r) => (
                <Popconfirm
                  title={`Remove ${r.number}?`}
                  description="Its SMS are no longer held back here (operators still scrub)."
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
      <ImportModal
        open={importing}
        onClose={() => setImporting(false)}
        onImport={list.importFile}
        busy={list.busy}
        title="Import a scrub file"
        hint="CSV or XLSX from your aggregator: a phone column; optionally a preference column (TRAI categories such as 1,7; 0 or empty = fully blocked) and a consent column (yes/no)."
      />
    </>
  );
}
