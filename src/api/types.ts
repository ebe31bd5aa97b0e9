import type { ModuleName, Role } from "../../contract";
import type { AuthUser, ImpersonatedUser } from "../state/auth-state";

/** Response shapes of the gateway (see .tmp/API-SHAPES.md); only what the console reads. */
export interface ApiEnvelope<T> {
  success: boolean;
  message?: string;
  data: T;
}

export interface UserRecord {
  _id: string;
  username: string;
  email: string;
  type: Role;
  name?: string;
  companyName?: string;
  phone?: string;
  status: "active" | "suspended";
  balance: number;
  parentId?: string | null;
  isFirstLogin?: boolean;
  createdAt: string;
  modulePermissions?: ModuleName[];
}

export interface UsersListResponse {
  success: boolean;
  userType: Role;
  count: number;
  balance: number;
  totalPages: number;
  page: number;
  limit: number;
  users: UserRecord[];
}

export interface Paged<T> {
  success: boolean;
  data: T[];
  count: number;
  page: number;
  limit: number;
  totalPages: number;
}

export type LedgerKind = "credit" | "debit" | "transfer_in" | "transfer_out";

export interface LedgerRow {
  _id: string;
  userId: string;
  username: string;
  /** Signed amount. */
  amount: number;
  balanceAfter: number;
  kind: LedgerKind;
  note?: string | null;
  actor: string;
  createdAt: string;
}

export interface BalanceRequestRow {
  _id: string;
  userId: string;
  username: string;
  amount: number;
  status: string;
  createdAt: string;
}

export interface BalanceResponse {
  success: boolean;
  balances: { balance: number }[];
}

export interface BalanceChangeResponse {
  success: boolean;
  message?: string;
  balance: number;
}

export interface ModulePermissionsResponse {
  success: boolean;
  message?: string;
  modulePermissions: { moduleName: string }[];
}

export interface StatusCount {
  pending: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  total: number;
}

export type LoginResponse = ApiEnvelope<AuthUser>;
export type ImpersonateResponse = ApiEnvelope<ImpersonatedUser>;
export type UserResponse = ApiEnvelope<UserRecord>;
export type StatusCountsResponse = ApiEnvelope<Record<string, StatusCount>>;
export type StoredStatusCountsResponse = ApiEnvelope<(StatusCount & { date: string })[]>;
