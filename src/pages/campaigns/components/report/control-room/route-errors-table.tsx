import { Table, Typography } from "antd";
import { formatCount } from "../../../../../shell/format";
import { formatShare, type RouteErrors } from "./control-room-data";

const tabular = { fontVariantNumeric: "tabular-nums" } as const;
const count = (v: number) => <span style={tabular}>{formatCount(v)}</span>;

/** Errors per route the campaign's messages went by (its sender, and the SMS failover's): rate and top reasons. */
export function RouteErrorsTable({ routes }: { routes: readonly RouteErrors[] }) {
  // A sentence rather than an empty table: antd's empty cell is too faint to read.
  if (routes.length === 0) return <Typography.Text type="secondary">Nothing has been sent yet.</Typography.Text>;
  return (
    <Table<RouteErrors>
      size="small"
      rowKey="route"
      dataSource={[...routes]}
      pagination={false}
      scroll={{ x: 640 }}
      columns={[
        { title: "Route", dataIndex: "label" },
        { title: "Sent", dataIndex: "sent", align: "right", width: 90, render: count },
        { title: "Failed", dataIndex: "failed", align: "right", width: 90, render: count },
        {
          title: "Error rate",
          dataIndex: "errorRate",
          align: "right",
          width: 100,
          render: (v: number, r) => (
            <Typography.Text strong={v > 0} type={v > 0 ? "danger" : undefined} style={tabular}>
              {r.sent + r.failed === 0 ? "—" : formatShare(v)}
            </Typography.Text>
          ),
        },
        {
          title: "Top reasons",
          dataIndex: "topErrors",
          render: (errors: RouteErrors["topErrors"]) =>
            errors.length === 0 ? (
              <Typography.Text type="secondary">None</Typography.Text>
            ) : (
              errors.map((e) => (
                // The provider's own words under the reason (smaller, secondary) and as the row's tooltip.
                <div key={e.reason} title={e.detail ?? undefined}>
                  {e.reason} <Typography.Text type="secondary">× {formatCount(e.count)}</Typography.Text>
                  {e.detail && (
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        Provider: {e.detail}
                      </Typography.Text>
                    </div>
                  )}
                </div>
              ))
            ),
        },
      ]}
    />
  );
}
