import { TeamOutlined, WalletOutlined } from "@ant-design/icons";
import { useList } from "@refinedev/core";
import { Button, Card, Col, Row, Typography } from "antd";
import { Link } from "react-router";
import { LOW_BALANCE_THRESHOLD, ROLE_AREAS, type ModuleName } from "../../../../contract";
import type { UserRecord } from "../../../api";
import { useAbility } from "../../../providers";
import type { AuthUser } from "../../../state/session";
import { useBalance } from "../../../shell/balance/use-balance";
import { formatCount, formatINR } from "../../../shell/format";
import { userMenuLinks } from "../../../shell/navigation/user-menu-links";
import { PageHeader } from "../../common/page-header";
import { areaPath } from "../../../shell/navigation/nav-items";
import { LazyBalanceRequestsCard } from "./lazy-balance-requests-card";
import { ModuleShortcuts } from "./module-shortcuts";
import { StatCard } from "./stat-card";
import { StatusCountsCard } from "./status-counts-card";

/** Manager, user and department-head overview: balance, team, shortcuts and one's own delivery numbers. */
export function WorkspaceDashboard({ user, name }: { user: AuthUser; name: string }) {
  const ability = useAbility();
  const balance = useBalance();
  const canListTeam = ability.can("call", "users.list");
  const { query: team } = useList<UserRecord>({
    resource: "users",
    pagination: { currentPage: 1, pageSize: 1 },
    queryOptions: { enabled: canListTeam, staleTime: 30_000 },
    errorNotification: false,
  });
  const canUse = (m: ModuleName) => ability.can("use", m);
  const low = balance.balance !== null && balance.balance < LOW_BALANCE_THRESHOLD;
  const links = userMenuLinks(user.type);

  return (
    <>
      <PageHeader
        title={`Welcome back, ${name}`}
        description={`${ROLE_AREAS[user.type].label} workspace · everything you need to run your messaging in one place.`}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={canListTeam ? 12 : 24} xl={canListTeam ? 8 : 12}>
          <StatCard
            title="Balance"
            value={formatINR(balance.balance)}
            icon={<WalletOutlined />}
            loading={balance.loading}
            hint={
              <span>
                {low ? "Running low. " : "Available for sending. "}
                <Link to={links.billing}>Request balance</Link>
              </span>
            }
          />
        </Col>
        {canListTeam && (
          <Col xs={24} md={12} xl={8}>
            <StatCard
              title="Team accounts"
              value={team.isError ? "—" : formatCount(team.data?.total)}
              icon={<TeamOutlined />}
              loading={team.isPending}
              hint={links.userManagement && <Link to={links.userManagement}>Manage users</Link>}
            />
          </Col>
        )}
        <Col xs={24} xl={canListTeam ? 8 : 12}>
          <Card style={{ height: "100%" }}>
            <Typography.Text type="secondary">Signed in as</Typography.Text>
            <Typography.Title level={5} style={{ margin: "4px 0" }}>
              {user.username}
            </Typography.Title>
            <Typography.Text type="secondary">{user.email}</Typography.Text>
            <div style={{ marginTop: 8 }}>
              <Link to={links.account}>
                <Button size="small">Account settings</Button>
              </Link>
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <Card title="Modules" style={{ height: "100%" }}>
            <ModuleShortcuts role={user.type} canUse={canUse} />
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <StatusCountsCard userIds={[user._id]} title="Your message delivery" description="Messages you sent, by delivery status." />
        </Col>
        {ability.can("call", "balance.requests") && (
          <Col span={24}>
            <LazyBalanceRequestsCard usersPath={areaPath(user.type, "users")} />
          </Col>
        )}
      </Row>
    </>
  );
}
