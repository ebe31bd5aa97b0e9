import { Card, Empty, Table, Typography, type TableColumnsType } from "antd";
import type { ReactNode } from "react";
import type { TeamCsatRow, TeamCsatTotals } from "../../../../contract";
import { formatCount } from "../../../shell/format";
import { TEAM_CSAT_PAGE_SIZE, useTeamCsat } from "./use-team-csat";

const tabular = { fontVariantNumeric: "tabular-nums" } as const;
const num = (v: number) => <span style={tabular}>{formatCount(v)}</span>;
const pct = (v: number | null) => <span style={tabular}>{v === null ? "—" : `${v}%`}</span>;
const score = (v: number | null) => <span style={tabular}>{v === null ? "—" : `${v.toFixed(1)} of 5`}</span>;

/** The figure columns, in the order the total row repeats them. */
const FIGURES: { key: keyof TeamCsatTotals; title: string; render: (r: TeamCsatTotals) => ReactNode }[] = [
  { key: "sent", title: "Surveys sent", render: (r) => num(r.sent) },
  { key: "answers", title: "Answers", render: (r) => num(r.answers) },
  { key: "responseRate", title: "Response rate", render: (r) => pct(r.responseRate) },
  { key: "average", title: "Mean score", render: (r) => score(r.average) },
  { key: "satisfied", title: "Satisfied (4-5)", render: (r) => pct(r.satisfied) },
];

const columns: TableColumnsType<TeamCsatRow> = [
  {
    title: "Agent",
    key: "agent",
    render: (_, r) =>
      r.agentName ?? <Typography.Text type="secondary">No agent (the account&apos;s own)</Typography.Text>,
  },
  { title: "Account", dataIndex: "account", key: "account" },
  ...FIGURES.map(({ key, title, render }) => ({
    title,
    key,
    align: "right" as const,
    render: (_: unknown, r: TeamCsatRow) => render(r),
  })),
];

const rowKey = (r: TeamCsatRow) => `${r.accountId}:${r.agentId ?? "-"}`;

/**
 * Customer satisfaction per agent for the period (issue 40 item 6): the surveys sent on resolve and their answers,
 * each account's days in its inbox time zone, with the total of every agent (all pages) as the last row.
 */
export function TeamCsat({ period }: { period: { from: string; to: string } }) {
  const t = useTeamCsat(period);
  const totals = t.totals;
  return (
    <Card
      title="Customer satisfaction"
      extra={
        <Typography.Text type="secondary">
          Surveys sent on resolve in the period, all chat channels; Poor / Okay / Great count as 1 / 3 / 5
        </Typography.Text>
      }
      style={{ marginTop: 16 }}
      styles={{ body: { padding: 0 } }}
    >
      <Table<TeamCsatRow>
        rowKey={rowKey}
        columns={columns}
        dataSource={t.rows}
        loading={t.loading}
        size="middle"
        scroll={{ x: 800 }}
        pagination={{
          current: t.page,
          pageSize: TEAM_CSAT_PAGE_SIZE,
          total: t.count,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: t.setPage,
          showTotal: (n, [a, b]) => `${a}–${b} of ${n}`,
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="No satisfaction surveys were sent in this period."
            />
          ),
        }}
        summary={() =>
          totals && t.count > 0 ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <Typography.Text strong>Total</Typography.Text>
                </Table.Summary.Cell>
                {FIGURES.map(({ key, render }, i) => (
                  <Table.Summary.Cell key={key} index={i + 2} align="right">
                    <Typography.Text strong>{render(totals)}</Typography.Text>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Card>
  );
}
