import { DeleteOutlined, DownloadOutlined, EyeOutlined } from "@ant-design/icons";
import { Button, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography, type TableProps } from "antd";
import type { ReactNode } from "react";
import type { ReportRecord } from "../../../../contract";
import { formatDate, formatDateTime } from "../../../shell/format";
import { useSession } from "../../../state/session";
import { ChannelTag } from "../../templates/components/template-look";
import { reportKind, reportScope } from "./report-format";
import { ReportStatusCell } from "./report-status";
import type { ReportsModel } from "./use-reports";

export function ReportChannel({ channel }: { channel: ReportRecord["channel"] }) {
  return channel === "all" ? <Tag style={{ marginInlineEnd: 0 }}>All channels</Tag> : <ChannelTag channel={channel} />;
}

/** A calendar day as written (YYYY-MM-DD is a day, not an instant: no time zone may move it). */
const day = (d: string) => formatDate(d);
export const periodLabel = (r: Pick<ReportRecord, "from" | "to">) =>
  r.from === r.to ? day(r.from) : `${day(r.from)} – ${day(r.to)}`;

function RowActions({ r, list }: { r: ReportRecord; list: ReportsModel }) {
  const name = `${reportKind(r)} of ${periodLabel(r)}`;
  return (
    <Space size={4}>
      <Tooltip title={r.status === "ready" ? "Download" : "Available once ready"}>
        <Button
          size="small"
          type={r.status === "ready" ? "primary" : "default"}
          icon={<DownloadOutlined />}
          aria-label={`Download ${name}`}
          disabled={r.status !== "ready"}
          loading={list.downloading === r._id}
          onClick={() => void list.download(r)}
        />
      </Tooltip>
      <Tooltip title="Details">
        <Button
          size="small"
          icon={<EyeOutlined />}
          aria-label={`Details of ${name}`}
          onClick={() => list.open(r._id)}
        />
      </Tooltip>
      <Popconfirm
        title="Delete this report?"
        description={
          r.status === "running" || r.status === "queued"
            ? "Its generation stops and nothing is kept."
            : "Its file is deleted; you can generate it again."
        }
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={() => list.remove(r)}
      >
        {/* No tooltip here: it would stay over the confirmation. */}
        <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${name}`} disabled={list.deleting} />
      </Popconfirm>
    </Space>
  );
}

/**
 * The reports table: what each report is (kind, format, campaigns, period), its channel, its live state, when and by
 * whom it was asked for.
 */
export function ReportsTable({ list, emptyText }: { list: ReportsModel; emptyText: ReactNode }) {
  const me = useSession().user?._id;
  const columns: TableProps<ReportRecord>["columns"] = [
    {
      title: "Report",
      key: "report",
      width: 260,
      render: (_, r) => (
        <Flex vertical>
          <span>
            <Typography.Link strong onClick={() => list.open(r._id)}>
              {reportKind(r)}
            </Typography.Link>
            <Tag style={{ marginInlineStart: 6 }}>{r.format.toUpperCase()}</Tag>
          </span>
          <Typography.Text style={{ fontSize: 12 }} ellipsis={{ tooltip: reportScope(r) }}>
            {reportScope(r)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {periodLabel(r)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: "Channel",
      dataIndex: "channel",
      width: 120,
      render: (_: unknown, r: ReportRecord) => <ReportChannel channel={r.channel} />,
    },
    {
      title: "Status",
      dataIndex: "status",
      width: 240,
      render: (_: unknown, r: ReportRecord) => <ReportStatusCell r={r} />,
    },
    {
      title: "Requested",
      dataIndex: "createdAt",
      width: 150,
      render: (_: unknown, r: ReportRecord) => (
        <Flex vertical>
          <span>{formatDateTime(r.createdAt)}</span>
          {r.userId !== me && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              by {r.ownerName}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: "Actions",
      key: "actions",
      width: 110,
      fixed: "right",
      render: (_: unknown, r: ReportRecord) => <RowActions r={r} list={list} />,
    },
  ];
  return (
    <Table<ReportRecord>
      {...list.tableProps}
      rowKey="_id"
      columns={columns}
      scroll={{ x: 880 }}
      locale={{ emptyText }}
    />
  );
}
