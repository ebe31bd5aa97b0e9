import { DownloadOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, Card, Empty, Flex, Input, Table, Tabs, Typography } from "antd";
import { useSearchParams } from "react-router";
import type { TeamRow } from "../../../contract";
import { useSession } from "../../state/session";
import { PageHeader } from "../common/page-header";
import { ReportFiltersBar } from "../common/report-filters/report-filters";
import { QuotaView } from "../quota/components/quota-view";
import { teamColumns } from "./components/team-columns";
import { TeamCsat } from "./components/team-csat";
import { useTeamReport } from "./components/use-team-report";

/** Team Reports (SPEC 2, not for role user): per-account figures of the period; a manager's also has the quota. */
export function TeamReportsList() {
  const role = useSession().user?.type;
  const [params, setParams] = useSearchParams();
  if (role !== "manager") return <TeamView />;
  const tab = params.get("tab") === "quota" ? "quota" : "team";
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === "quota" ? { tab: "quota" } : {}, { replace: true })}
      destroyOnHidden
      items={[
        { key: "team", label: "Team", children: <TeamView /> },
        {
          key: "quota",
          label: "Quota & balance requests",
          children: (
            <>
              <PageHeader description="Money in, out and spent across your organization, and your sub-accounts' balance requests." />
              <QuotaView accountLabel="Account" />
            </>
          ),
        },
      ]}
    />
  );
}

function TeamView() {
  const role = useSession().user?.type;
  const t = useTeamReport();
  return (
    <>
      <PageHeader
        description={
          role === "department_head"
            ? "The campaigns you created for your organization and your conversation work, for the period."
            : "Campaigns, messages, delivery, spend and conversation work of each account in your organization, for the period. Campaigns count for whoever created them."
        }
        extra={<ReportFiltersBar filters={t.filters} />}
      />
      <Card styles={{ body: { padding: 0 } }}>
        <Flex gap={12} wrap align="center" justify="space-between" style={{ padding: 16 }}>
          <Input.Search
            allowClear
            placeholder="Search by username or name"
            aria-label="Search accounts"
            prefix={<SearchOutlined />}
            onSearch={t.setSearch}
            style={{ maxWidth: 320 }}
          />
          <Flex gap={12} align="center">
            <Typography.Text type="secondary">
              {t.total} account{t.total === 1 ? "" : "s"}
            </Typography.Text>
            <Button icon={<DownloadOutlined />} loading={t.exporting} onClick={() => void t.exportCsv()}>
              Export CSV
            </Button>
          </Flex>
        </Flex>
        <Table<TeamRow>
          {...t.tableProps}
          rowKey="_id"
          columns={teamColumns(t.sorters)}
          scroll={{ x: 1300 }}
          bordered
          size="middle"
          pagination={{
            ...t.tableProps.pagination,
            showSizeChanger: false,
            showTotal: (n, [a, b]) => `${a}–${b} of ${n}`,
          }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t.search ? "No account matches the search." : "No accounts in your team yet."}
              />
            ),
          }}
        />
      </Card>
      <TeamCsat period={t.filters} />
    </>
  );
}
