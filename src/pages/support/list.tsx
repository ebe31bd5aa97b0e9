import { Alert, Button, Card, Empty, Flex, Segmented, Table, Typography } from "antd";
import { MSG } from "../../../contract";
import type { SupportTicket as Ticket } from "../../../contract/calls/support";
import {
  SUPPORT_KIND_LABELS,
  SUPPORT_STATUSES,
  SUPPORT_STATUS_LABELS,
  ticketLabel,
} from "../../../contract/domain/support";
import type { SupportStatus } from "../../../contract/domain/support";
import { formatCount, formatDateTime } from "../../shell/format";
import { PageHeader } from "../common/page-header";
import { SupportStatusTag } from "./components/status-tag";
import { TicketDrawer } from "./components/ticket-drawer";
import { useSupportTickets } from "./components/use-support";

type Filter = SupportStatus | "all";

const FILTERS: { label: string; value: Filter }[] = [
  { label: "All", value: "all" },
  ...SUPPORT_STATUSES.map((s) => ({ label: SUPPORT_STATUS_LABELS[s], value: s })),
];

/** settings/support: the tickets the person filed and, for an admin, the resellers' tickets that reached it. */
export function SupportList() {
  const list = useSupportTickets();
  return (
    <>
      <PageHeader description="Tickets and feedback filed from Support and Feedback in the sidebar, with their answers. A reseller's reach its administrator; an administrator's go to the operator's support desk." />
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
          <Segmented<Filter>
            aria-label="Status"
            options={FILTERS}
            value={list.status ?? "all"}
            onChange={(v) => list.setStatus(v === "all" ? undefined : v)}
          />
          <Typography.Text type="secondary">{`${formatCount(list.total)} ticket${list.total === 1 ? "" : "s"}`}</Typography.Text>
        </Flex>
        <Table<Ticket>
          rowKey="_id"
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
              <Empty
                description={
                  list.status
                    ? `No ${SUPPORT_STATUS_LABELS[list.status].toLowerCase()} tickets`
                    : "No tickets yet: file one from Support in the sidebar"
                }
              />
            ),
          }}
          columns={[
            { title: "Ticket", dataIndex: "number", width: 100, render: (n: number) => ticketLabel(n) },
            {
              title: "Subject",
              dataIndex: "subject",
              ellipsis: true,
              render: (subject: string, r) => (
                <Button type="link" style={{ padding: 0, height: "auto" }} onClick={() => list.open(r._id)}>
                  {subject}
                </Button>
              ),
            },
            {
              title: "From / to",
              key: "party",
              width: 190,
              ellipsis: true,
              render: (_, r) =>
                r.mine ? (r.to === "admin" ? "You → administrator" : "You → operator") : r.from.company || r.from.name,
            },
            { title: "Kind", dataIndex: "kind", width: 110, render: (k: Ticket["kind"]) => SUPPORT_KIND_LABELS[k] },
            {
              title: "Status",
              dataIndex: "status",
              width: 120,
              render: (s: SupportStatus) => <SupportStatusTag status={s} />,
            },
            { title: "Updated", dataIndex: "updatedAt", width: 190, render: (iso: string) => formatDateTime(iso) },
          ]}
        />
      </Card>
      <TicketDrawer id={list.ticketId} onClose={list.closeDrawer} onChanged={list.refetch} />
    </>
  );
}
