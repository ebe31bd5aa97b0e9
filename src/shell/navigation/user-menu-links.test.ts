import { describe, expect, it } from "vitest";
import type { Role } from "../../../contract";
import { userMenuLinks, type UserMenuLinks } from "./user-menu-links";

describe("userMenuLinks", () => {
  it.each<[Role, UserMenuLinks]>([
    [
      "manager",
      {
        account: "/organization/general",
        billing: "/organization/billing",
        userManagement: "/organization/users",
        subUserManagement: "/organization/sub-users",
      },
    ],
    ["user", { account: "/user/general", billing: "/user/billing" }],
    [
      "department_head",
      {
        account: "/department-head/general",
        billing: "/department-head/billing",
        userManagement: "/department-head/users",
        subUserManagement: "/department-head/sub-users",
      },
    ],
    [
      "admin",
      {
        account: "/admin/settings?tab=account",
        billing: "/admin/quota-reports",
        userManagement: "/admin/users",
        subUserManagement: "/admin/users",
      },
    ],
  ])("%s", (role, expected) => {
    expect(userMenuLinks(role)).toEqual(expected);
  });
});
