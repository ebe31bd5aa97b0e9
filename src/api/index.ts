export { callApi, apiBaseUrl, http, setUnauthorizedHandler } from "./client";
export type { CallOptions, QueryValue } from "./client";
export { ApiError, toMessage, toApiError } from "./errors";
export type { FieldError } from "./errors";
export { localCheck, roleMayCall, buildQuery } from "./local-checks";
export type { CallerLike } from "./local-checks";
// Reply shapes are the contract's response schemas (contract/calls/records.ts); no second copy here.
export type { BalanceRequestRow, CallReply, LedgerKind, LedgerRow, StatusCount, UserRecord } from "../../contract";
export { callRequest, useCall, useCallMutation } from "./use-call";
export type { CallData, CallInput, CallMutationArgs } from "./use-call";
