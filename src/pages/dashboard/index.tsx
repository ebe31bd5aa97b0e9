import { Alert, Button } from "antd";
import { ROLE_AREAS } from "../../../contract";
import { useSession, type AuthUser } from "../../state/session";
import { ReportFiltersBar } from "../common/report-filters/report-filters";
import { useReportFilters } from "../common/report-filters/use-report-filters";
import { PageHeader } from "../common/page-header";
import { DashboardGrid } from "./components/dashboard-grid";
import { FigureCards } from "./components/figure-cards";
import { useOverview } from "./components/use-overview";

const ABOUT: Record<AuthUser["type"], string> = {
  admin: "How the whole platform is sending.",
  reseller: "How your customers are sending, and what they hold.",
  manager: "How your organization's campaigns and conversations are doing.",
  department_head: "How the campaigns you created are doing.",
  user: "How your campaigns are doing, and what they cost.",
};

/** The area's home: a different dashboard per role (SPEC 2), every figure from the real data of the caller's reach. */
export function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  return <RoleDashboard user={user} />;
}

function RoleDashboard({ user }: { user: AuthUser }) {
  const filters = useReportFilters();
  const overview = useOverview(filters);
  const name = user.name?.trim() || user.username;
  const operator = user.type === "admin" || user.type === "reseller";
  return (
    <>
      <PageHeader
        title={operator ? "Dashboard" : `Welcome back, ${name}`}
        description={`${operator ? `Welcome back, ${name}. ` : `${ROLE_AREAS[user.type].label} · `}${ABOUT[user.type]}`}
        extra={<ReportFiltersBar filters={filters} />}
      />
      {overview.error && !overview.data ? (
        <Alert
          type="error"
          showIcon
          message={overview.error.message || "The dashboard could not be loaded"}
          action={
            <Button size="small" onClick={overview.retry}>
              Retry
            </Button>
          }
        />
      ) : (
        <>
          <FigureCards role={user.type} data={overview.data} loading={overview.loading} />
          <DashboardGrid role={user.type} data={overview.data} filters={filters} />
        </>
      )}
    </>
  );
}
