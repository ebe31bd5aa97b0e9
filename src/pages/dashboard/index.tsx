import { useSession } from "../../state/session";
import { OperatorDashboard } from "./components/operator-dashboard";
import { WorkspaceDashboard } from "./components/workspace-dashboard";

/** The area's home: a different dashboard per role (SPEC 2). */
export function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  const name = user.name?.trim() || user.username;
  if (user.type === "admin" || user.type === "reseller") return <OperatorDashboard role={user.type} name={name} />;
  return <WorkspaceDashboard user={user} name={name} />;
}
