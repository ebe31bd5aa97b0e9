import { CheckCircleOutlined, MessageOutlined, TeamOutlined, WalletOutlined } from "@ant-design/icons";
import { Col, Row } from "antd";
import { Link } from "react-router";
import type { DashboardOverview, Role } from "../../../../contract";
import { useBalance } from "../../../shell/balance/use-balance";
import { formatCount, formatINR } from "../../../shell/format";
import { userMenuLinks } from "../../../shell/navigation/user-menu-links";
import { channelSplit, percent } from "./dashboard-format";
import { StatCard } from "./stat-card";

/** The four figures a role sees first, drawn before any chart: messages, delivery, spend, and accounts or balance. */
export function FigureCards({
  role,
  data,
  loading,
}: {
  role: Role;
  data: DashboardOverview | undefined;
  loading: boolean;
}) {
  const t = data?.totals;
  const dash = (value: string) => (t ? value : "—");
  const waiting = t && t.queued > 0 ? `${formatCount(t.queued)} queued, not sent yet · ` : "";
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          title="Messages"
          value={dash(formatCount(t?.messages))}
          icon={<MessageOutlined />}
          loading={loading}
          hint={t ? `${waiting}${channelSplit(data)}` : undefined}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          title="Delivery rate"
          value={dash(percent(t?.delivered ?? 0, t?.messages ?? 0))}
          icon={<CheckCircleOutlined />}
          loading={loading}
          hint={t ? `${formatCount(t.delivered)} delivered · ${formatCount(t.failed)} failed` : undefined}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          title="Spend"
          value={dash(formatINR(t?.spent))}
          icon={<WalletOutlined />}
          loading={loading}
          hint={
            t
              ? `on ${formatCount(t.campaigns)} campaign${t.campaigns === 1 ? "" : "s"} that sent in this period`
              : undefined
          }
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <FourthCard role={role} data={data} loading={loading} />
      </Col>
    </Row>
  );
}

function FourthCard({ role, data, loading }: { role: Role; data: DashboardOverview | undefined; loading: boolean }) {
  const own = useBalance();
  const accounts = data?.accounts ?? [];
  const total = accounts.reduce((n, a) => n + a.total, 0);
  const suspended = accounts.reduce((n, a) => n + a.suspended, 0);
  if (role === "admin")
    return (
      <StatCard
        title="Accounts"
        value={data ? formatCount(total) : "—"}
        icon={<TeamOutlined />}
        loading={loading}
        hint={data ? `${formatCount(suspended)} suspended · ${formatINR(data.accountsBalance)} in balances` : undefined}
      />
    );
  if (role === "reseller")
    return (
      <StatCard
        title="Customers' balance"
        value={data ? formatINR(data.accountsBalance) : "—"}
        icon={<TeamOutlined />}
        loading={loading}
        hint={
          data
            ? `${formatCount(total)} customer${total === 1 ? "" : "s"} · your own ${formatINR(own.balance)}`
            : undefined
        }
      />
    );
  return (
    <StatCard
      title="Your balance"
      value={formatINR(own.balance)}
      icon={<WalletOutlined />}
      loading={own.loading}
      hint={<Link to={userMenuLinks(role).billing}>Request balance</Link>}
    />
  );
}
