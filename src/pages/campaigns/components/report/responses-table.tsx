import { Alert, Button, Card, Empty, Flex, Input, Select, Table, Tag, Typography, type TableColumnsType } from "antd";
import { useEffect, useState } from "react";
import type { CampaignRecord } from "../../../../../contract";
import { RECIPIENT_STATES, type RecipientState } from "../../../../../contract/domain/campaigns";
import { toMessage, useCall } from "../../../../api";
import { formatDateTime, formatINR } from "../../../../shell/format";
import { RecipientStateTag, stateLabel } from "./campaign-tags";
import { channelCalls } from "./report-data";
import { cursorQuery, rememberCursor, type PageCursors } from "./page-cursors";
import { responseLines, type ResponseLine } from "./response-lines";
import { countsSignature, useFollowCounts } from "./use-follow-counts";

const PAGE_SIZE = 20;

const time = (v: string | null) =>
  v ? (
    <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(v)}</span>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

const columns: TableColumnsType<ResponseLine> = [
  {
    title: "Number",
    dataIndex: "number",
    width: 180,
    render: (v: string, r) =>
      r.kind === "failover" ? (
        <Typography.Text type="secondary">{v}</Typography.Text>
      ) : (
        <Typography.Text copyable={{ text: v }}>{v}</Typography.Text>
      ),
  },
  {
    title: "Message",
    dataIndex: "message",
    width: 130,
    render: (v: string, r) => (r.kind === "failover" ? <Tag color="orange">{v}</Tag> : v),
  },
  {
    title: "State",
    dataIndex: "state",
    width: 170,
    render: (v: RecipientState, r) => <RecipientStateTag state={v} failedOver={r.failedOver} />,
  },
  {
    title: "Reason",
    dataIndex: "reason",
    ellipsis: true,
    render: (v: string | null, r) => (v ? `${v}${r.code ? ` (${r.code})` : ""}` : "—"),
  },
  { title: "Reply", dataIndex: "reply", ellipsis: true, render: (v: string | null) => v ?? "—" },
  { title: "Sent", dataIndex: "sentAt", width: 190, render: time },
  { title: "Delivered", dataIndex: "deliveredAt", width: 190, render: time },
  { title: "Read", dataIndex: "readAt", width: 190, render: time },
  { title: "Cost", dataIndex: "cost", width: 90, align: "right", render: (v: number) => formatINR(v) },
];

/** The campaign's recipients page by page (the channel's responses call), by state, or found by number. */
export function ResponsesTable({ campaign }: { campaign: CampaignRecord }) {
  const calls = channelCalls(campaign.channel);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<RecipientState | undefined>(undefined);
  const [number, setNumber] = useState("");
  // Next, next, next: each page by its cursor (what page 1 costs), not by an offset that grows with the page.
  const [cursors, setCursors] = useState<PageCursors>({});

  const list = useCall(
    calls.responses,
    {
      query: {
        campaignId: campaign._id,
        page,
        limit: PAGE_SIZE,
        ...(state ? { status: state } : {}),
        ...cursorQuery(cursors, page),
      },
    },
    { queryOptions: { enabled: !number, placeholderData: (prev) => prev }, errorNotification: false },
  ).query;
  const reply = list.data?.data;
  useEffect(() => {
    if (reply) setCursors((c) => rememberCursor(c, reply.page, reply.nextCursor));
  }, [reply]);
  const within = useCall(
    calls.searchWithin,
    { params: { id: campaign._id }, query: { number } },
    { queryOptions: { enabled: Boolean(number) }, errorNotification: false },
  ).query;

  // The rows follow the counts once they settle, so a finished campaign never shows its recipients still queued.
  useFollowCounts(countsSignature(campaign), list.refetch);

  const active = number ? within : list;
  const rows = active.data?.data.data ?? [];
  const total = number ? rows.length : (list.data?.data.total ?? 0);
  const lines = responseLines(campaign.channel, rows);
  // Failover lines are sub-rows of their recipient's, always shown (tree data keeps them out of the page's count).
  const expanded = lines.filter((l) => l.children).map((l) => l.key);

  return (
    <Card
      title="Responses"
      extra={
        <Flex gap={8} wrap>
          <Select<RecipientState>
            aria-label="Filter by state"
            placeholder="All states"
            allowClear
            style={{ width: 150 }}
            value={state}
            disabled={Boolean(number)}
            onChange={(v) => {
              setState(v);
              setPage(1);
              setCursors({});
            }}
            options={RECIPIENT_STATES.map((s) => ({ value: s, label: stateLabel(s) }))}
          />
          <Input.Search
            aria-label="Search a number in this campaign"
            placeholder="Find a number"
            allowClear
            style={{ width: 220 }}
            inputMode="tel"
            maxLength={20}
            onSearch={(v) => setNumber(v.replace(/[^\d+]/g, ""))}
          />
        </Flex>
      }
    >
      {number && (
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">
            {within.isSuccess
              ? `${rows.length} match${rows.length === 1 ? "" : "es"} for “${number}”`
              : `Searching for “${number}”…`}
          </Typography.Text>
          <Button size="small" onClick={() => setNumber("")}>
            Show all
          </Button>
        </Flex>
      )}
      {active.isError ? (
        <Alert
          type="error"
          showIcon
          message={toMessage(active.error)}
          action={
            <Button size="small" onClick={() => void active.refetch()}>
              Retry
            </Button>
          }
        />
      ) : (
        <Table<ResponseLine>
          size="small"
          rowKey="key"
          columns={columns}
          dataSource={lines}
          expandable={{ expandedRowKeys: expanded, expandIcon: () => null, indentSize: 12 }}
          loading={active.isFetching}
          scroll={{ x: 1480 }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={number ? "No recipient with that number." : "No recipients in this state."}
              />
            ),
          }}
          pagination={
            number
              ? false
              : {
                  current: page,
                  pageSize: PAGE_SIZE,
                  total,
                  showSizeChanger: false,
                  onChange: setPage,
                  showTotal: (t, [a, b]) => `${a}–${b} of ${t}`,
                }
          }
        />
      )}
    </Card>
  );
}
