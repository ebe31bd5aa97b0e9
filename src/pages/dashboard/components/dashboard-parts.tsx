import { useList, type HttpError } from "@refinedev/core";
import { Empty, Flex, Tag, Typography } from "antd";
import { Link } from "react-router";
import {
  CAMPAIGN_CHANNELS,
  type DashboardAgentRow,
  type DashboardCampaignRow,
  type DashboardChannelRow,
  type DashboardDay,
  type DashboardEngagement,
  type DashboardErrorRow,
  type DashboardTotals,
  type Role,
  type TeamRow,
} from "../../../../contract";
import type { DashboardChannel } from "../../../../contract/domain/dashboards";
import { formatCount, formatDateTime, formatINR } from "../../../shell/format";
import { areaPath } from "../../../shell/navigation/nav-items";
import type { ReportFilters } from "../../common/report-filters/use-report-filters";
import { RoleTag } from "../../common/role-tag";
import { CHANNEL_META, duration, percent, shortDay } from "./dashboard-format";
import { MiniTable, type MiniColumn } from "./mini-table";
import { HorizontalBars, Legend, RateBar, StackedBars } from "./svg-charts";

// Everything below the dashboard's figures: one chunk, loaded after the first paint (dashboard-grid.tsx). Axis and
// tooltip texts say what a number is, in rupees where it is money.

const none = (text: string) => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
const rupeesAxis = (v: number) => `₹${formatCount(Math.round(v))}`;

export function MessagesChart({ series, channel }: { series: readonly DashboardDay[]; channel: DashboardChannel }) {
  const shown = CAMPAIGN_CHANNELS.filter((c) => channel === "all" || c === channel).map((c) => ({
    key: c,
    ...CHANNEL_META[c],
  }));
  return (
    <Flex vertical gap={8}>
      <StackedBars
        data={series.map((d) => ({ ...d, x: d.date }))}
        series={shown}
        height={276}
        xLabel={shortDay}
        value={formatCount}
        title="Messages per day by channel"
      />
      <Legend series={shown} />
    </Flex>
  );
}

export function FunnelChart({ totals, showRead }: { totals: DashboardTotals; showRead: boolean }) {
  const stage = (key: string, label: string, value: number, color: string) => ({
    key,
    label,
    value,
    color,
    note: `${formatCount(value)} · ${percent(value, totals.messages)}`,
  });
  const rows = [
    stage("messages", "Sent", totals.messages, "#2563eb"),
    stage("delivered", "Delivered", totals.delivered, "#0d9488"),
    ...(showRead ? [stage("read", "Read", totals.read, "#16a34a")] : []),
    stage("replied", "Replied", totals.replied, "#0891b2"),
    stage("failed", "Failed", totals.failed, "#dc2626"),
  ];
  return <HorizontalBars rows={rows} title="Delivery funnel" />;
}

export function SpendChart({ series }: { series: readonly DashboardDay[] }) {
  const spend = [{ key: "spent", label: "Spend", color: "#f59e0b" }];
  return (
    <StackedBars
      data={series.map((d) => ({ x: d.date, spent: d.spent }))}
      series={spend}
      height={260}
      xLabel={shortDay}
      value={(v) => (v % 1 === 0 ? rupeesAxis(v) : formatINR(v))}
      title="Spend per day in rupees"
    />
  );
}

/** Failure rate per channel, and the carrier codes behind the failures. */
export function ErrorRates({
  channels,
  errors,
}: {
  channels: readonly DashboardChannelRow[];
  errors: readonly DashboardErrorRow[];
}) {
  const sent = channels.filter((c) => c.messages > 0);
  if (sent.length === 0) return none("No messages in this period.");
  return (
    <Flex vertical gap={12}>
      {sent.map((c) => {
        const codes = errors.filter((e) => e.channel === c.channel).slice(0, 3);
        const rate = c.messages ? (c.failed / c.messages) * 100 : 0;
        return (
          <div key={c.channel}>
            <Flex justify="space-between">
              <Typography.Text strong>{CHANNEL_META[c.channel].label}</Typography.Text>
              <Typography.Text style={{ fontVariantNumeric: "tabular-nums" }}>
                {percent(c.failed, c.messages)}{" "}
                <Typography.Text type="secondary">
                  · {formatCount(c.failed)} of {formatCount(c.messages)}
                </Typography.Text>
              </Typography.Text>
            </Flex>
            <RateBar
              percent={rate}
              color={rate > 10 ? "#dc2626" : rate > 4 ? "#d97706" : "#16a34a"}
              label={`${CHANNEL_META[c.channel].label} failure rate`}
            />
            <Flex gap={4} wrap>
              {codes.length ? (
                codes.map((e) => (
                  <Tag key={e.code} style={{ marginInlineEnd: 0 }}>
                    {e.code || "no code"} · {formatCount(e.count)}
                  </Tag>
                ))
              ) : (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  No failures
                </Typography.Text>
              )}
            </Flex>
          </div>
        );
      })}
    </Flex>
  );
}

/** A channel's colour (the charts' legend) as a dot before a campaign's name, named for screen readers. */
function ChannelDot({ channel }: { channel: DashboardCampaignRow["channel"] }) {
  const meta = CHANNEL_META[channel];
  return (
    <span
      role="img"
      aria-label={meta.label}
      title={meta.label}
      style={{ display: "inline-block", flex: "none", width: 8, height: 8, borderRadius: 4, background: meta.color }}
    />
  );
}

/**
 * `compact` (the half-width card beside the spend chart): the channel is a coloured dot before the name instead of a
 * column of tags, so the name and every figure fit without scrolling sideways.
 */
export function TopCampaigns({
  role,
  rows,
  compact = false,
}: {
  role: Role;
  rows: readonly DashboardCampaignRow[];
  compact?: boolean;
}) {
  const workspace = role !== "admin" && role !== "reseller";
  // Whose campaign it is matters where several accounts' are listed.
  const showOwner = !workspace || new Set(rows.map((r) => r.owner)).size > 1;
  const name = (r: DashboardCampaignRow) =>
    workspace ? (
      <Link to={`${areaPath(role, "campaigns/individual-reports")}?campaignId=${r._id}`}>{r.name}</Link>
    ) : (
      r.name
    );
  const columns: MiniColumn<DashboardCampaignRow>[] = [
    compact
      ? {
          key: "name",
          title: "Campaign",
          render: (r) => (
            <Flex align="center" gap={8} style={{ minWidth: 0 }}>
              <ChannelDot channel={r.channel} />
              <Typography.Text ellipsis={{ tooltip: r.name }} style={{ minWidth: 0 }}>
                {name(r)}
              </Typography.Text>
            </Flex>
          ),
        }
      : { key: "name", title: "Campaign", width: "34%", render: name },
    ...(compact
      ? []
      : [
          {
            key: "channel",
            title: "Channel",
            width: 96,
            render: (r: DashboardCampaignRow) => (
              <Tag color={CHANNEL_META[r.channel].color}>{CHANNEL_META[r.channel].label}</Tag>
            ),
          },
        ]),
    ...(showOwner
      ? [
          {
            key: "owner",
            title: "Account",
            width: compact ? 88 : undefined,
            render: (r: DashboardCampaignRow) => r.owner,
          },
        ]
      : []),
    {
      key: "messages",
      title: "Messages",
      align: "right",
      width: compact ? 96 : undefined,
      render: (r) => formatCount(r.messages),
    },
    {
      key: "rate",
      title: "Delivered",
      align: "right",
      width: compact ? 96 : undefined,
      render: (r) => percent(r.delivered, r.messages),
    },
    {
      key: "spent",
      title: "Spend",
      align: "right",
      width: compact ? 88 : undefined,
      render: (r) => formatINR(r.spent),
    },
  ];
  return (
    <MiniTable
      label="Top campaigns"
      columns={columns}
      rows={rows}
      rowKey={(r) => r._id}
      empty={none("No campaign sent in this period.")}
      minWidth={compact ? 400 : 520}
    />
  );
}

export function AgentActivity({ rows }: { rows: readonly DashboardAgentRow[] }) {
  const columns: MiniColumn<DashboardAgentRow>[] = [
    {
      key: "name",
      title: "Agent",
      width: "24%",
      render: (r) => (
        <Typography.Text strong title={r.username}>
          {r.name}
        </Typography.Text>
      ),
    },
    { key: "replies", title: "Replies", align: "right", render: (r) => formatCount(r.chatReplies) },
    { key: "conversations", title: "Conversations", align: "right", render: (r) => formatCount(r.conversations) },
    { key: "resolved", title: "Resolved", align: "right", render: (r) => formatCount(r.resolved) },
    { key: "response", title: "Avg. response", align: "right", render: (r) => duration(r.avgResponseMs) },
    { key: "seen", title: "Last seen", render: (r) => (r.lastSeenAt ? formatDateTime(r.lastSeenAt) : "Not yet") },
  ];
  return (
    <MiniTable
      label="Agent activity"
      columns={columns}
      rows={rows}
      rowKey={(r) => r._id}
      empty={none("No live agents yet.")}
    />
  );
}

/** Admin: the accounts that spent most; reseller: every customer with usage and balance (team-reports list). */
export function AccountsTable({ role, filters }: { role: Role; filters: ReportFilters }) {
  const admin = role === "admin";
  const { result, query } = useList<TeamRow, HttpError>({
    resource: "team-reports",
    pagination: { currentPage: 1, pageSize: admin ? 5 : 6, mode: "server" },
    sorters: [{ field: admin ? "spent" : "balance", order: "desc" }],
    filters: Object.entries(filters.query).map(([field, value]) => ({ field, operator: "eq" as const, value })),
    queryOptions: { staleTime: 30_000, placeholderData: (previous) => previous },
    errorNotification: (err) => ({ type: "error", message: err?.message || "Failed to fetch accounts" }),
  });
  const columns: MiniColumn<TeamRow>[] = [
    {
      key: "account",
      title: "Account",
      width: "26%",
      render: (r) => (
        <span title={r.name}>
          {r.username}
          {r.name && <Typography.Text type="secondary"> · {r.name}</Typography.Text>}
        </span>
      ),
    },
    ...(admin ? [{ key: "role", title: "Role", width: 150, render: (r: TeamRow) => <RoleTag role={r.type} /> }] : []),
    { key: "campaigns", title: "Campaigns", align: "right", render: (r) => formatCount(r.campaigns) },
    { key: "messages", title: "Messages", align: "right", render: (r) => formatCount(r.messages) },
    { key: "rate", title: "Delivered", align: "right", render: (r) => percent(r.delivered, r.messages) },
    { key: "spent", title: "Spend", align: "right", render: (r) => formatINR(r.spent) },
    { key: "balance", title: "Balance", align: "right", render: (r) => formatINR(r.balance) },
  ];
  if (query.isPending) return null;
  const total = result.total ?? 0;
  return (
    <Flex vertical gap={8}>
      <MiniTable
        label={admin ? "Top accounts" : "Customers"}
        columns={columns}
        rows={result.data}
        rowKey={(r) => r._id}
        empty={none(admin ? "No accounts yet." : "No customers yet: add one in Users Management.")}
      />
      {total > result.data.length && (
        <Link to={areaPath(role, "users")}>
          All {formatCount(total)} {admin ? "accounts" : "customers"} in Users Management
        </Link>
      )}
    </Flex>
  );
}

export { BalanceRequestsList } from "./requests-list";

/** One figure of the engagement card: a label over its value, and what it counts. */
function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Flex vertical style={{ minWidth: 140 }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong style={{ fontSize: 20, fontVariantNumeric: "tabular-nums" }}>
        {value}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {note}
      </Typography.Text>
    </Flex>
  );
}

/**
 * Link clicks and conversions in the period (issue 41): the click-through rate (people who first clicked over the
 * messages delivered), the conversions and their revenue, and people's clicks and the revenue per day.
 */
export function EngagementPanel({ engagement, delivered }: { engagement: DashboardEngagement; delivered: number }) {
  const clicks = [{ key: "clicks", label: "Clicks", color: "#2563eb" }];
  const revenue = [{ key: "revenue", label: "Revenue", color: "#0d9488" }];
  return (
    <Flex vertical gap={16}>
      <Flex gap={24} wrap>
        <Figure
          label="Click-through rate"
          value={percent(engagement.clickers, delivered)}
          note={`${formatCount(engagement.clickers)} people clicked · ${formatCount(delivered)} delivered`}
        />
        <Figure label="Clicks" value={formatCount(engagement.clicks)} note="people's, not previews or scanners" />
        <Figure label="Conversions" value={formatCount(engagement.conversions)} note="attributed to a campaign" />
        <Figure label="Revenue" value={formatINR(engagement.revenue)} note="of the attributed conversions" />
      </Flex>
      <Flex gap={24} wrap>
        <div style={{ flex: "1 1 320px", minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Clicks per day
          </Typography.Text>
          <StackedBars
            data={engagement.series.map((d) => ({ x: d.date, clicks: d.clicks }))}
            series={clicks}
            height={200}
            xLabel={shortDay}
            value={formatCount}
            title="Clicks per day"
          />
        </div>
        <div style={{ flex: "1 1 320px", minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Revenue per day
          </Typography.Text>
          <StackedBars
            data={engagement.series.map((d) => ({ x: d.date, revenue: d.revenue }))}
            series={revenue}
            height={200}
            xLabel={shortDay}
            value={(v) => (v % 1 === 0 ? rupeesAxis(v) : formatINR(v))}
            title="Revenue per day in rupees"
          />
        </div>
      </Flex>
    </Flex>
  );
}
