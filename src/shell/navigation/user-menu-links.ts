import type { Role } from "../../../contract";
import { areaPath, isWorkspaceRole } from "./nav-items";

export interface UserMenuLinks {
  account: string;
  /** Absent for role user (SPEC 2 user menu). */
  userManagement?: string;
  subUserManagement?: string;
  billing: string;
}

/**
 * Where the user-menu entries lead. Workspace roles have account settings at `general` and billing at `billing`
 * (SPEC 2); admin and reseller areas only have settings (whose Account tab holds the profile), users and the
 * quota screen, so those stand in.
 */
export function userMenuLinks(role: Role): UserMenuLinks {
  if (isWorkspaceRole(role)) {
    const links: UserMenuLinks = { account: areaPath(role, "general"), billing: areaPath(role, "billing") };
    if (role !== "user") {
      links.userManagement = areaPath(role, "users");
      links.subUserManagement = areaPath(role, "sub-users");
    }
    return links;
  }
  return {
    account: `${areaPath(role, "settings")}?tab=account`,
    userManagement: areaPath(role, "users"),
    subUserManagement: areaPath(role, "users"),
    billing: areaPath(role, role === "admin" ? "quota-reports" : "quota-management"),
  };
}
