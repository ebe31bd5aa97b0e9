import type { Static } from "@sinclair/typebox";
import { Type } from "./type";
import { BALANCE_REQUEST_STATUSES, type BalanceRequestStatus } from "../domain/balance-requests";
import { MESSAGE_STATUSES } from "../constants";
import { MODULES, type ModuleName } from "../modules";
import { ROLES, type Role } from "../roles";

/* SPEC 3 records as the server sends them. String unions are `Unsafe` enums so both ends get the literal types
   while the serializer writes a plain string. */
const RoleName = Type.Unsafe<Role>({ type: "string", enum: [...ROLES] });
const Module = Type.Unsafe<ModuleName>({ type: "string", enum: [...MODULES] });
const DateTime = Type.String({ format: "date-time" });

/** What every account record shows of the person, in the order the server writes it. */
const Person = {
  _id: Type.String(),
  username: Type.String(),
  email: Type.String(),
  type: RoleName,
  name: Type.String(),
  companyName: Type.String(),
  phone: Type.String(),
  /** The IANA zone the console shows this person's dates in ("Asia/Kolkata" until they pick another). */
  timeZone: Type.String(),
};

export const UserRecord = Type.Object({
  ...Person,
  status: Type.Unsafe<"active" | "suspended">({ type: "string", enum: ["active", "suspended"] }),
  balance: Type.Number(),
  parentId: Type.Union([Type.String(), Type.Null()]),
  isFirstLogin: Type.Boolean(),
  createdAt: DateTime,
  modulePermissions: Type.Array(Module),
});
export type UserRecord = Static<typeof UserRecord>;

/** What login answers: the account plus its token; `expiresAt` is epoch seconds. */
export const Session = Type.Object({
  ...Person,
  token: Type.String(),
  expiresAt: Type.Integer(),
  isFirstLogin: Type.Boolean(),
});
export type Session = Static<typeof Session>;

export const ImpersonatedSession = Type.Object({
  ...Session.properties,
  impersonationMode: Type.Literal(true),
  impersonatedBy: Type.Object({ _id: Type.String(), username: Type.String() }),
});

export const ModulePermission = Type.Object({ moduleName: Type.String() });

/**
 * campaign_hold: a campaign's estimated cost taken at its start; campaign_release: what it did not spend, given back;
 * api_message: a message sent through the public API (its channel, or a fallback when that is sent); api_refund: a
 * public-API message the carrier refused at submit, given back; rcs_conversation: a conversational RCS agent's
 * 24-hour conversation with one person, charged once (its messages inside it are not charged one by one).
 */
export const LEDGER_KINDS = [
  "credit",
  "debit",
  "transfer_in",
  "transfer_out",
  "campaign_hold",
  "campaign_release",
  "api_message",
  "api_refund",
  "rcs_conversation",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LedgerRow = Type.Object({
  _id: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  /** Signed amount. */
  amount: Type.Number(),
  balanceAfter: Type.Number(),
  kind: Type.Unsafe<LedgerKind>({ type: "string", enum: [...LEDGER_KINDS] }),
  note: Type.Union([Type.String(), Type.Null()]),
  actor: Type.String(),
  createdAt: DateTime,
});
export type LedgerRow = Static<typeof LedgerRow>;

export const BalanceRequestRow = Type.Object({
  _id: Type.String(),
  userId: Type.String(),
  /** The requester's username. */
  username: Type.String(),
  amount: Type.Number(),
  status: Type.Unsafe<BalanceRequestStatus>({ type: "string", enum: [...BALANCE_REQUEST_STATUSES] }),
  /** Why it was rejected; empty otherwise. */
  reason: Type.String(),
  /** Username of whoever decided it, null while pending. */
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([DateTime, Type.Null()]),
  createdAt: DateTime,
});
export type BalanceRequestRow = Static<typeof BalanceRequestRow>;

export const StatusCount = Type.Object(
  Object.fromEntries([...MESSAGE_STATUSES, "total"].map((s) => [s, Type.Integer()])) as Record<
    (typeof MESSAGE_STATUSES)[number] | "total",
    ReturnType<typeof Type.Integer>
  >,
);
export type StatusCount = Static<typeof StatusCount>;

/** A page of rows: the envelope every paged list of ours answers with. */
export const Paged = <T extends ReturnType<typeof Type.Object>>(row: T) =>
  Type.Object({
    success: Type.Literal(true),
    count: Type.Integer(),
    page: Type.Integer(),
    limit: Type.Integer(),
    totalPages: Type.Integer(),
    data: Type.Array(row),
  });
