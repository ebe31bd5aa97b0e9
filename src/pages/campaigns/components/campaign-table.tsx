import { DeleteOutlined, PauseCircleOutlined, PlayCircleOutlined } from "@ant-design/icons";
import { Button, Flex, Modal, Progress, Space, Table, Tooltip, Typography, type TableProps } from "antd";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { CampaignRecord } from "../../../../contract";
import { formatCount, formatDateTime, formatINR } from "../../../shell/format";
import { estimateAsOf, estimateLabel } from "./cost-labels";
import { sentAndDelivered } from "./campaign-progress";
import { ownerActions } from "./campaign-status";
import { CampaignChannelTag, CampaignStatusTag } from "./campaign-tags";
import { controlRoomMode } from "./report/control-room/control-room-data";
import { ControlRoomDrawer } from "./report/control-room/control-room-drawer";
import type { CampaignsListModel } from "./use-campaigns-list";

/** Where a campaign's name leads: its report, from the area's campaigns route (base "") or a page below it ("../"). */
export const reportPath = (id: string, base = "") => `${base}individual-reports?campaignId=${encodeURIComponent(id)}`;

/** "as of <when>" under a draft's estimate, its tooltip saying why (reachable by keyboard). */
function EstimateAsOf({ c }: { c: CampaignRecord }) {
  const asOf = estimateAsOf(c);
  if (!asOf) return null;
  return (
    <Tooltip title={asOf.help} trigger={["hover", "focus"]}>
      <Typography.Text
        type="secondary"
        style={{ fontSize: 12 }}
        tabIndex={0}
        aria-label={`${asOf.label}. ${asOf.help}`}
      >
        {asOf.label}
      </Typography.Text>
    </Tooltip>
  );
}

function ProgressCell({ c }: { c: CampaignRecord }) {
  const { sent, delivered } = sentAndDelivered(c);
  const failed = c.counts.failed + c.counts.unknown;
  const status =
    c.status === "failed"
      ? "exception"
      : c.status === "running"
        ? "active"
        : c.status === "completed"
          ? "success"
          : "normal";
  return (
    <div style={{ minWidth: 160 }}>
      <Progress percent={Math.round(c.percent)} size="small" status={status} aria-label={`${c.name} progress`} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatCount(sent)} / {formatCount(c.total)} sent · {formatCount(delivered)} delivered
        {failed > 0 && (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {" "}
            · {formatCount(failed)} failed
          </Typography.Text>
        )}
      </Typography.Text>
    </div>
  );
}

function confirmDiscard(c: CampaignRecord, onOk: () => Promise<boolean>) {
  Modal.confirm({
    title: `Discard campaign "${c.name}"?`,
    content:
      "Sending stops at once. Messages already sent stay sent, and the unused hold returns to the balance. This cannot be undone.",
    okText: "Discard",
    okButtonProps: { danger: true },
    onOk: async () => {
      await onOk();
    },
  });
}

function RowActions({ c, list }: { c: CampaignRecord; list: CampaignsListModel }) {
  const can = ownerActions(c.status);
  if (!list.canControl) return null;
  if (list.isOperator) {
    return can.discard ? (
      <Button
        size="small"
        danger
        icon={<DeleteOutlined />}
        onClick={() => confirmDiscard(c, () => list.act("operatorDiscard", c))}
      >
        Discard
      </Button>
    ) : null;
  }
  const items: ReactNode[] = [];
  if (can.pause)
    items.push(
      <Tooltip key="pause" title="Pause">
        <Button
          size="small"
          icon={<PauseCircleOutlined />}
          aria-label={`Pause ${c.name}`}
          disabled={list.busy}
          onClick={() => void list.act("pause", c)}
        />
      </Tooltip>,
    );
  if (can.resume)
    items.push(
      <Tooltip key="resume" title="Resume">
        <Button
          size="small"
          type="primary"
          ghost
          icon={<PlayCircleOutlined />}
          aria-label={`Resume ${c.name}`}
          disabled={list.busy}
          onClick={() => void list.act("resume", c)}
        />
      </Tooltip>,
    );
  if (can.discard)
    items.push(
      <Tooltip key="discard" title="Discard">
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Discard ${c.name}`}
          onClick={() => confirmDiscard(c, () => list.act("discard", c))}
        />
      </Tooltip>,
    );
  return <Space size={4}>{items}</Space>;
}

/** The campaigns table both list pages show; operators get an Account column and only Discard. */
export function CampaignTable({
  list,
  emptyText,
  base = "",
}: {
  list: CampaignsListModel;
  emptyText: ReactNode;
  base?: "" | "../";
}) {
  // Operators have no report page: a started campaign's name opens its control room, read-only, in a drawer.
  const [watched, setWatched] = useState<CampaignRecord | null>(null);
  const columns: TableProps<CampaignRecord>["columns"] = [
    {
      title: "Campaign",
      dataIndex: "name",
      width: 230,
      render: (_, c) => (
        <Flex vertical align="start">
          {list.isOperator ? (
            controlRoomMode(c.status) ? (
              <Button
                type="link"
                onClick={() => setWatched(c)}
                aria-label={`${c.name}: open the control room`}
                style={{ padding: 0, height: "auto", fontWeight: 500, whiteSpace: "normal", textAlign: "left" }}
              >
                {c.name}
              </Button>
            ) : (
              <Typography.Text strong>{c.name}</Typography.Text>
            )
          ) : (
            <Link to={reportPath(c._id, base)} relative="path" style={{ fontWeight: 500 }}>
              {c.name}
            </Link>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {c.senderLabel}
          </Typography.Text>
        </Flex>
      ),
    },
    ...(list.isOperator ? [{ title: "Account", dataIndex: "ownerName", width: 140 }] : []),
    {
      title: "Channel",
      dataIndex: "channel",
      width: 120,
      render: (_: unknown, c: CampaignRecord) => <CampaignChannelTag channel={c.channel} />,
    },
    { title: "Template", dataIndex: "templateName", width: 160, ellipsis: true },
    {
      title: "Status",
      dataIndex: "status",
      width: 120,
      render: (_: unknown, c: CampaignRecord) => <CampaignStatusTag status={c.status} reason={c.statusReason} />,
    },
    {
      title: "Progress",
      key: "progress",
      width: 240,
      render: (_: unknown, c: CampaignRecord) => <ProgressCell c={c} />,
    },
    {
      title: "Cost",
      key: "cost",
      width: 150,
      render: (_: unknown, c: CampaignRecord) => (
        <Flex vertical>
          <span>{formatINR(c.cost.spent)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {c.cost.held > 0 ? `${formatINR(c.cost.held)} held` : estimateLabel(c.cost.estimated, c.cost.max)}
          </Typography.Text>
          <EstimateAsOf c={c} />
        </Flex>
      ),
    },
    {
      title: "Created",
      dataIndex: "createdAt",
      width: 170,
      sorter: true,
      render: (iso: string) => formatDateTime(iso),
    },
    {
      title: "Actions",
      key: "actions",
      width: list.isOperator ? 110 : 120,
      fixed: "right",
      render: (_: unknown, c: CampaignRecord) => <RowActions c={c} list={list} />,
    },
  ];
  return (
    <>
      <Table<CampaignRecord>
        {...list.tableProps}
        rowKey="_id"
        columns={columns}
        scroll={{ x: list.isOperator ? 1450 : 1310 }}
        locale={{ emptyText }}
      />
      {list.isOperator && <ControlRoomDrawer campaign={watched} onClose={() => setWatched(null)} />}
    </>
  );
}
