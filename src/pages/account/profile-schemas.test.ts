import { describe, expect, it } from "vitest";
import { SCHEMAS } from "../../../schemas";
import type { UserRecord } from "../../api";
import { PASSWORD_SCHEMA, PROFILE_SCHEMA, passwordMismatch, profileChanges, profileFormData } from "./profile-schemas";

describe("profile schemas are parts of the shared schema", () => {
  it("keeps the shared field rules", () => {
    const shared = SCHEMAS["profile-update"].properties;
    expect((PROFILE_SCHEMA.properties as Record<string, unknown>).phone).toEqual(shared.phone);
    expect((PASSWORD_SCHEMA.properties as Record<string, unknown>).newPassword).toEqual(shared.newPassword);
    expect(PASSWORD_SCHEMA.required).toEqual(["currentPassword", "newPassword", "confirmPassword"]);
  });
});

describe("profile form data", () => {
  const user = {
    _id: "1",
    username: "u",
    email: "u@example.com",
    name: "U",
    companyName: "",
    phone: "123456",
  } as UserRecord;

  it("starts from the record's profile fields", () => {
    expect(profileFormData(user)).toEqual({ email: "u@example.com", name: "U", phone: "123456" });
  });

  it.each([
    [{ email: "u@example.com", name: "U", phone: "123456" }, {}],
    [{ email: "new@example.com", name: "U", phone: "123456" }, { email: "new@example.com" }],
    [{ email: "u@example.com", name: "U" }, { phone: "" }],
  ])("changes of %j → %j", (after, expected) => {
    expect(profileChanges(profileFormData(user), after)).toEqual(expected);
  });

  it("detects a mismatched confirmation", () => {
    expect(passwordMismatch({ newPassword: "abcdefgh", confirmPassword: "abcdefgi" })).toBe(true);
    expect(passwordMismatch({ newPassword: "abcdefgh", confirmPassword: "abcdefgh" })).toBe(false);
  });
});
