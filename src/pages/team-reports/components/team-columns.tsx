import { getDefaultSortOrder } from "@refinedev/antd";
import type { CrudSort } from "@refinedev/core";
import { Space, Tag, Typography, type TableColumnsType } from "antd";
import type { TeamRow } from "../../../../contract";
import { formatCount, formatINR } from "../../../shell/format";
import { RoleTag } from "../../common/role-tag";
import { duration, percent } from "../../dashboard/components/dashboard-format";

const tabular = { fontVariantNumeric: "tabular-nums" } as const;
const count = (v: number) => <span style={tabular}>{formatCount(v)}</span>;

/**
 * Team Reports' columns; those the server sorts by say so (contract/domain/dashboards.ts TEAM_SORTS). The role sits
 * with the account's name and the figures are grouped (campaigns, money, conversations), so a laptop screen shows
 * them all with the account column kept in view.
 */
export function teamColumns(sorters: CrudSort[]): TableColumnsType<TeamRow> {
  const sortable = (key: string) => ({
    sorter: true,
    sortOrder: getDefaultSortOrder(key, sorters),
    sortDirections: ["descend", "ascend"] as ("descend" | "ascend")[],
  });
  return [
    {
      title: "Account",
      dataIndex: "username",
      key: "username",
      fixed: "left",
      width: 230,
      ...sortable("username"),
      render: (username: string, r) => (
        <Space direction="vertical" size={2}>
          <Space size={4} wrap>
            <Typography.Text strong>{username}</Typography.Text>
            {r.self && <Tag color="blue">You</Tag>}
            {r.agent && <Tag color="cyan">Agent</Tag>}
            {r.status === "suspended" && <Tag color="red">Suspended</Tag>}
          </Space>
          <Space size={6} wrap>
            <RoleTag role={r.type} />
            {r.name && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.name}
              </Typography.Text>
            )}
          </Space>
        </Space>
      ),
    },
    {
      title: "Campaigns",
      children: [
        {
          title: "Campaigns",
          dataIndex: "campaigns",
          key: "campaigns",
          align: "right",
          width: 132,
          ...sortable("campaigns"),
          render: count,
        },
        {
          title: "Messages",
          dataIndex: "messages",
          key: "messages",
          align: "right",
          width: 128,
          ...sortable("messages"),
          render: count,
        },
        {
          title: "Delivered",
          dataIndex: "deliveryRate",
          key: "deliveryRate",
          align: "right",
          width: 128,
          ...sortable("deliveryRate"),
          render: (_: unknown, r: TeamRow) => (
            <span style={tabular} title={`${formatCount(r.delivered)} delivered, ${formatCount(r.failed)} failed`}>
              {percent(r.delivered, r.messages)}
            </span>
          ),
        },
        { title: "Failed", dataIndex: "failed", align: "right", width: 76, render: count },
      ],
    },
    {
      title: "Money",
      children: [
        {
          title: "Spend",
          dataIndex: "spent",
          key: "spent",
          align: "right",
          width: 112,
          ...sortable("spent"),
          render: (v: number) => <span style={tabular}>{formatINR(v)}</span>,
        },
        {
          title: "Balance",
          dataIndex: "balance",
          key: "balance",
          align: "right",
          width: 124,
          ...sortable("balance"),
          render: (v: number) => <span style={tabular}>{formatINR(v)}</span>,
        },
      ],
    },
    {
      title: "Conversations",
      children: [
        {
          title: "Replies",
          dataIndex: "chatReplies",
          key: "chatReplies",
          align: "right",
          width: 108,
          ...sortable("chatReplies"),
          render: count,
        },
        { title: "Chats", dataIndex: "conversations", align: "right", width: 76, render: count },
        { title: "Resolved", dataIndex: "resolved", align: "right", width: 92, render: count },
        {
          title: "Avg. response",
          dataIndex: "avgResponseMs",
          align: "right",
          width: 124,
          render: (v: number | null) => duration(v),
        },
      ],
    },
  ];
}
