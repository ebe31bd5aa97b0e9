import { TeamOutlined, WalletOutlined, BankOutlined } from "@ant-design/icons";
import { useList } from "@refinedev/core";
import { Col, Row } from "antd";
import { MAX_PAGE_LIMIT, MSG, ROLE_AREAS, type Role } from "../../../../contract";
import type { UserRecord } from "../../../api";
import { useBalance } from "../../../shell/balance/use-balance";
import { formatCount, formatINR } from "../../../shell/format";
import { areaPath } from "../../../shell/navigation/nav-items";
import { PageHeader } from "../../common/page-header";
import { AccountBreakdownCard } from "./account-breakdown-card";
import { LazyBalanceRequestsCard } from "./lazy-balance-requests-card";
import { StatCard } from "./stat-card";
import { StatusCountsCard } from "./status-counts-card";

/** Admin and reseller dashboard: accounts, money, message delivery, and requests waiting for a top-up. */
export function OperatorDashboard({ role, name }: { role: Role; name: string }) {
  const own = useBalance();
  // One page of the most recent accounts is enough for the breakdown and the status chart.
  const { query: list } = useList<UserRecord>({
    resource: "users",
    pagination: { currentPage: 1, pageSize: MAX_PAGE_LIMIT },
    queryOptions: { staleTime: 30_000 },
    errorNotification: false,
  });
  const users = list.data?.data ?? [];
  const count = list.data?.total;
  const loading = list.isPending;
  const failed = list.isError;

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome back, ${name}. Here is how ${role === "admin" ? "the platform is" : "the accounts you manage are"} doing.`}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <StatCard
            title="Accounts"
            value={failed ? "—" : formatCount(count)}
            icon={<TeamOutlined />}
            loading={loading}
            hint={failed ? MSG.fetchUsers : `${ROLE_AREAS[role].label} scope`}
          />
        </Col>
        <Col xs={24} md={8}>
          <StatCard
            title="Total balance of accounts"
            value={failed ? "—" : formatINR(Number(list.data?.balance ?? 0))}
            icon={<BankOutlined />}
            loading={loading}
            hint="Sum of every listed account's balance"
          />
        </Col>
        <Col xs={24} md={8}>
          <StatCard
            title="Your balance"
            value={formatINR(own.balance)}
            icon={<WalletOutlined />}
            loading={own.loading}
            hint={role === "admin" ? "Top-ups by an admin are issued as new credit" : "Top-ups you give are paid from this balance"}
          />
        </Col>
        <Col xs={24} lg={14}>
          <StatusCountsCard
            userIds={users.map((u) => u._id)}
            waiting={loading}
            title="Message delivery"
            description="Messages of the listed accounts by delivery status."
          />
        </Col>
        <Col xs={24} lg={10}>
          <AccountBreakdownCard users={users} total={count ?? 0} loading={loading} />
        </Col>
        <Col span={24}>
          <LazyBalanceRequestsCard usersPath={areaPath(role, "users")} />
        </Col>
      </Row>
    </>
  );
}
