import { describe, expect, it } from "vitest";
import type { Role } from "../roles";
import { statusAfterReply, supportRoute } from "./support";

const ADMIN_ID = "11111111-1111-4111-8111-111111111111";

describe("supportRoute: where a ticket goes", () => {
  it.each<[string, Role, Role | null, string | null, ReturnType<typeof supportRoute>]>([
    [
      "a reseller under an admin reaches that admin",
      "reseller",
      "admin",
      ADMIN_ID,
      { to: "admin", toUserId: ADMIN_ID },
    ],
    ["a reseller without a parent reaches every admin", "reseller", null, null, { to: "admin", toUserId: null }],
    [
      "a reseller under a non-admin reaches every admin",
      "reseller",
      "manager",
      ADMIN_ID,
      { to: "admin", toUserId: null },
    ],
    ["an admin's goes to the operator", "admin", null, null, { to: "operator", toUserId: null }],
    ["a manager files nothing", "manager", "reseller", ADMIN_ID, null],
    ["a user files nothing", "user", "manager", ADMIN_ID, null],
    ["a department head files nothing", "department_head", "manager", ADMIN_ID, null],
  ])("%s", (_name, role, parentRole, parentId, expected) => {
    expect(supportRoute({ role, parentRole, parentId })).toEqual(expected);
  });
});

describe("statusAfterReply", () => {
  it.each([
    [true, "open"],
    [false, "answered"],
  ] as const)("by the filer %s → %s", (byFiler, status) => {
    expect(statusAfterReply(byFiler)).toBe(status);
  });
});
