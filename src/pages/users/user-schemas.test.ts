import { describe, expect, it } from "vitest";
import type { Role } from "../../../contract";
import type { UserRecord } from "../../api";
import { changedFields, editFormData, registerSchemaFor } from "./user-schemas";

const roleEnum = (caller: Role) =>
  (registerSchemaFor(caller).properties as Record<string, { enum?: string[] }>).role.enum;

describe("registerSchemaFor: role choices follow CREATABLE_ROLES", () => {
  it.each<[Role, string[]]>([
    ["admin", ["reseller", "manager", "user", "department_head"]],
    ["reseller", ["manager", "user"]],
    ["manager", ["user", "department_head"]],
    ["user", []],
  ])("%s", (caller, expected) => {
    expect(roleEnum(caller)).toEqual(expected);
  });

  it("does not change the shared schema", () => {
    registerSchemaFor("manager");
    expect(roleEnum("admin")).toContain("reseller");
  });
});

describe("edit form data", () => {
  const user: UserRecord = {
    _id: "u1",
    username: "asha",
    email: "asha@example.com",
    type: "user",
    name: "Asha",
    companyName: "",
    timeZone: "Asia/Kolkata",
    phone: "",
    status: "active",
    balance: 10,
    parentId: null,
    isFirstLogin: false,
    createdAt: "2025-01-01T00:00:00Z",
    modulePermissions: [],
  };

  it("keeps only schema fields and sets userId", () => {
    expect(editFormData(user)).toEqual({ userId: "u1", email: "asha@example.com", name: "Asha", status: "active" });
  });

  it("sends only what changed", () => {
    const before = editFormData(user);
    expect(changedFields(before, { ...before, name: "Asha Rao", status: "active" })).toEqual({ name: "Asha Rao" });
    expect(changedFields(before, { ...before })).toEqual({});
    const { name: _dropped, ...cleared } = before;
    expect(changedFields(before, cleared)).toEqual({ name: "" });
  });
});
