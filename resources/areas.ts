import { MODULE_GATED_ROLES, type Role } from "../contract";

/** The admin and reseller areas (SPEC 2: one sidebar, Quota Reports vs Quota Management). */
export const OPERATOR: readonly Role[] = ["admin", "reseller"];
/** /organization, /user and /department-head share one set of sub-routes (SPEC 2). */
export const WORKSPACE: readonly Role[] = MODULE_GATED_ROLES;
export const MANAGER: readonly Role[] = ["manager"];
