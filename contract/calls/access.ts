import { MSG } from "../messages";
import type { Role } from "../roles";
import type { RequiredId } from "./types";

/* Role lists and id rules shared by the area files (SPEC 6). */
export const ALL: readonly Role[] = ["admin", "reseller", "manager", "user", "department_head"];
export const USER_MANAGER: readonly Role[] = ["user", "manager"];
export const NOT_RESELLER: readonly Role[] = ["admin", "manager", "user", "department_head"];
export const ADMIN: readonly Role[] = ["admin"];
export const ADMIN_RESELLER_MANAGER: readonly Role[] = ["admin", "reseller", "manager"];
export const WORKSPACE: readonly Role[] = ["manager", "user", "department_head"];

export const campaignId = (into: "path" | "query", name = into === "path" ? "id" : "campaignId"): RequiredId[] => [
  { name, in: into, message: MSG.campaignIdRequired },
];
export const apiKeyId: RequiredId[] = [{ name: "id", in: "path", message: MSG.apiKeyIdRequired }];
export const keyConfigId: RequiredId[] = [{ name: "id", in: "path", message: MSG.keyConfigIdRequired }];
export const requestId: RequiredId[] = [{ name: "id", in: "path", message: MSG.requestIdRequired }];
