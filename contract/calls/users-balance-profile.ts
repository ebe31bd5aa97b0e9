import { Type } from "./type";
import { MSG } from "../messages";
import { ADMIN, ADMIN_RESELLER_MANAGER, ALL, requestId } from "./access";
import { PAGE_DEFAULTS, PageQuery } from "./pagination";
import { BalanceRequestRow, LedgerRow, ModulePermission, Paged, StatusCount, UserRecord } from "./records";
import { ID, replies } from "./replies";
import type { CallDef } from "./types";
import { SolutionSelection } from "./whatsapp-records";

const text = () => Type.Optional(Type.String());
/** Repeating the key yields an array, which the handler refuses with SPEC's own message, so both are typed. */
const UserIds = Type.Optional(
  Type.Union([Type.String({ description: "comma-joined account ids" }), Type.Array(Type.String())]),
);
const WithUser = Type.Object({ success: Type.Literal(true), message: Type.String(), data: UserRecord });
const BalanceChanged = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  balance: Type.Optional(Type.Number()),
});
const Modules = Type.Array(ModulePermission);
const Decided = Type.Object({ success: Type.Literal(true), message: Type.String(), data: BalanceRequestRow });
/** Counts keyed by account id. (Plain JSON Schema: TypeBox's Record builder would add 1.5 KB to every route.) */
const CountsById = Type.Unsafe<Record<string, StatusCount>>({ type: "object", additionalProperties: StatusCount });

/** SPEC 7 "Users, balance and profile", and the two calls of ours beside them (balance requests, ledger). */
export const USER_BALANCE_PROFILE_CALLS = {
  "users.list": {
    method: "GET",
    path: "/api/admin/users",
    access: ADMIN_RESELLER_MANAGER,
    queryDefaults: PAGE_DEFAULTS,
    failure: MSG.fetchUsers,
    query: Type.Object({
      userId: text(),
      ...PageQuery.properties,
      search: text(),
      sort: Type.Optional(
        Type.Unsafe<"username" | "balance" | "createdAt">({
          type: "string",
          enum: ["username", "balance", "createdAt"],
        }),
      ),
      order: Type.Optional(Type.Unsafe<"asc" | "desc">({ type: "string", enum: ["asc", "desc"] })),
    }),
    response: replies({
      200: Type.Object({
        success: Type.Literal(true),
        userType: UserRecord.properties.type,
        count: Type.Integer(),
        balance: Type.Number(),
        totalPages: Type.Integer(),
        page: Type.Integer(),
        limit: Type.Integer(),
        users: Type.Array(UserRecord),
      }),
    }),
    summary: "Accounts the caller reaches, paged, with their total balance",
  },
  "dashboard.statusCounts": {
    method: "GET",
    path: "/api/dashboard/statusCounts",
    access: ALL,
    query: Type.Object({ userIds: UserIds }),
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: CountsById }) }),
    summary: "Message status counts per account",
  },
  "dashboard.storedStatusCounts": {
    method: "GET",
    path: "/api/dashboard/stored-status-counts",
    access: ["admin", "reseller"],
    query: Type.Object({ userIds: UserIds, startDate: text(), endDate: text() }),
    response: replies({
      200: Type.Object({
        success: Type.Literal(true),
        data: Type.Array(Type.Object({ date: Type.String(), ...StatusCount.properties })),
      }),
    }),
    summary: "Message status counts per day",
  },
  "users.update": {
    method: "PUT",
    path: "/api/v1/admin/user",
    access: ALL,
    bodySchema: "user-update",
    response: replies({ 200: WithUser }),
    summary: "Edit an account in reach",
  },
  "users.permissions": {
    method: "GET",
    path: "/api/admin/user-permissions",
    access: ALL,
    query: Type.Object({ userId: text() }),
    response: replies({
      200: Type.Object({ success: Type.Literal(true), userId: Type.String(), modulePermissions: Modules }),
    }),
    summary: "Modules of the caller or of an account in reach",
  },
  "users.grantPermission": {
    method: "POST",
    path: "/api/admin/grantPermission",
    access: ALL,
    bodySchema: "grant-permission",
    response: replies({
      200: Type.Object({ success: Type.Literal(true), message: Type.String(), modulePermissions: Modules }),
    }),
    summary: "Replace an account's modules (only modules the caller holds)",
  },
  "balance.add": {
    method: "POST",
    path: "/api/balance/add-balance",
    access: ALL,
    bodySchema: "balance-change",
    response: replies({ 200: BalanceChanged }),
    summary: "Credit an account in reach",
  },
  "balance.deduct": {
    method: "POST",
    path: "/api/balance/deduct-balance",
    access: ADMIN_RESELLER_MANAGER,
    bodySchema: "balance-change",
    response: replies({ 200: BalanceChanged }),
    summary: "Debit an account in reach",
  },
  "balance.get": {
    method: "GET",
    path: "/api/v1/balance/getBalance",
    access: ALL,
    failure: MSG.fetchBalance,
    response: replies({
      200: Type.Object({ success: Type.Literal(true), balances: Type.Array(Type.Object({ balance: Type.Number() })) }),
    }),
    summary: "The caller's balance",
  },
  "balance.request": {
    method: "POST",
    path: "/api/balance/requestBalance",
    access: ALL,
    bodySchema: "balance-request",
    failure: MSG.requestBalance,
    response: replies({
      201: Type.Object({ success: Type.Literal(true), message: Type.String(), data: BalanceRequestRow }),
    }),
    summary: "Ask the parent account for balance",
  },
  "balance.requests": {
    method: "GET",
    path: "/api/balance/requests",
    access: ADMIN_RESELLER_MANAGER,
    queryDefaults: PAGE_DEFAULTS,
    query: Type.Object({ ...PageQuery.properties, status: Type.Optional(BalanceRequestRow.properties.status) }),
    response: replies({ 200: Paged(BalanceRequestRow) }),
    summary: "Balance requests of the caller's sub-accounts",
  },
  "balance.myRequests": {
    method: "GET",
    path: "/api/balance/my-requests",
    access: ALL,
    queryDefaults: PAGE_DEFAULTS,
    query: PageQuery,
    response: replies({ 200: Paged(BalanceRequestRow) }),
    summary: "The caller's own balance requests, with status and reason",
  },
  "balance.approveRequest": {
    method: "POST",
    path: "/api/balance/requests/:id/approve",
    access: ADMIN_RESELLER_MANAGER,
    params: ID,
    requiredIds: requestId,
    response: replies({ 200: Decided }),
    summary: "Approve a sub-account's request: a transfer from the approver (new credit from an admin)",
  },
  "balance.rejectRequest": {
    method: "POST",
    path: "/api/balance/requests/:id/reject",
    access: ADMIN_RESELLER_MANAGER,
    params: ID,
    requiredIds: requestId,
    bodySchema: "balance-request-reject",
    response: replies({ 200: Decided }),
    summary: "Reject a sub-account's request with a reason",
  },
  "balance.ledger": {
    method: "GET",
    path: "/api/balance/ledger",
    access: ALL,
    queryDefaults: PAGE_DEFAULTS,
    query: Type.Object({ ...PageQuery.properties, userId: text() }),
    response: replies({ 200: Paged(LedgerRow) }),
    summary: "Ledger rows of the caller or of an account in reach",
  },
  "profile.get": {
    method: "GET",
    path: "/api/v1/profile/details",
    access: ALL,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: UserRecord }) }),
    summary: "The caller's own account",
  },
  "profile.update": {
    method: "PUT",
    path: "/api/v1/profile/update",
    access: ALL,
    bodySchema: "profile-update",
    response: replies({ 200: WithUser }),
    summary: "Edit the caller's own account",
  },
  "waba.solutionSelection": {
    method: "GET",
    path: "/api/waba/admin/get-waba-solution-selection",
    access: ADMIN_RESELLER_MANAGER,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: SolutionSelection }) }),
    summary: "The WABA provider solutions and the platform's selection",
  },
  "waba.updateSolutionProvider": {
    method: "POST",
    path: "/api/waba/admin/update-waba-solution-provider",
    access: ADMIN,
    bodySchema: "waba-solution-provider",
    response: replies({
      200: Type.Object({ success: Type.Literal(true), message: Type.String(), data: SolutionSelection }),
    }),
    summary: "Select the WABA provider solution new onboardings use",
  },
  "permissions.modules": {
    method: "GET",
    path: "/api/v1/permissions/modules",
    access: ALL,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), modulePermissions: Modules }) }),
    summary: "The caller's own modules",
  },
} as const satisfies Record<string, CallDef>;
