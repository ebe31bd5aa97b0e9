import type { BaseRecord, CrudFilter, DataProvider, GetListParams } from "@refinedev/core";
import { MSG, USERS_DEFAULT_LIMIT, USERS_DEFAULT_PAGE, type CallId } from "../../contract";
import { ApiError, apiBaseUrl, callApi, type CallOptions, type QueryValue } from "../api";
import { toHttpError } from "./http-error";

/** Filters the list calls understand, passed through as query fields; `q` is an alias of `search`. */
const QUERY_FILTERS = new Set(["search", "q", "userId", "status"]);

function filterQuery(filters: CrudFilter[] = []): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const f of filters) {
    if (!("field" in f) || !QUERY_FILTERS.has(f.field)) continue;
    const value: unknown = f.value;
    if (value === undefined || value === null || value === "") continue;
    out[f.field === "q" ? "search" : f.field] = String(value);
  }
  return out;
}

function pageQuery({ pagination }: GetListParams): Record<string, number> {
  if (pagination?.mode === "off") return {};
  return { page: pagination?.currentPage ?? USERS_DEFAULT_PAGE, limit: pagination?.pageSize ?? USERS_DEFAULT_LIMIT };
}

/** Paged list calls with the {data, count} envelope. */
const PAGED: Record<string, "balance.ledger" | "balance.requests" | "balance.myRequests"> = {
  ledger: "balance.ledger",
  "balance-requests": "balance.requests",
  "my-balance-requests": "balance.myRequests",
};

async function run<K extends CallId>(id: K, opts: CallOptions) {
  try {
    return await callApi(id, opts);
  } catch (e) {
    throw toHttpError(e);
  }
}

function unsupported(resource: string, op: string): never {
  throw toHttpError(new ApiError(`${op} is not supported for ${resource}`));
}

/**
 * Refine's data provider over the contract's calls. Resources: users (users.list / users.update /
 * auth.register), ledger (balance.ledger), balance-requests (balance.requests / balance.request).
 * `custom` runs any call of the table by `meta.callId`.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => apiBaseUrl(),

  async getList<TData extends BaseRecord>(params: GetListParams) {
    const query = { ...pageQuery(params), ...filterQuery(params.filters) };
    if (params.resource === "users") {
      const res = await run("users.list", { query, signal: params.meta?.signal as AbortSignal | undefined });
      return { data: res.users as unknown as TData[], total: res.count, totalBalance: res.balance, totalPages: res.totalPages };
    }
    const id = PAGED[params.resource];
    if (!id) unsupported(params.resource, "getList");
    const res = await run(id, { query });
    return { data: res.data as unknown as TData[], total: res.count };
  },

  async getOne({ resource }) {
    return unsupported(resource, "getOne");
  },

  async update<TData extends BaseRecord, TVariables>({ resource, id, variables }: { resource: string; id: string | number; variables: TVariables }) {
    if (resource !== "users") unsupported(resource, "update");
    const res = await run("users.update", { body: { ...(variables as object), userId: String(id) } });
    return { data: res.data as unknown as TData };
  },

  async create<TData extends BaseRecord, TVariables>({ resource, variables }: { resource: string; variables: TVariables }) {
    if (resource === "users") {
      const res = await run("auth.register", { body: variables });
      return { data: res.data as unknown as TData };
    }
    if (resource === "balance-requests") {
      const amount = Number((variables as { requestedBalance?: unknown }).requestedBalance);
      // SPEC 5: the amount must be present and above zero; nothing is sent otherwise.
      if (!Number.isFinite(amount) || amount <= 0) throw toHttpError(new ApiError(MSG.invalidBalanceAmount));
      const res = await run("balance.request", { body: { requestedBalance: amount } });
      return { data: res.data as unknown as TData };
    }
    return unsupported(resource, "create");
  },

  async deleteOne({ resource }) {
    return unsupported(resource, "deleteOne");
  },

  async custom<TData extends BaseRecord>({ meta, query, payload }: { meta?: Record<string, unknown>; query?: unknown; payload?: unknown }) {
    const callId = meta?.callId as CallId | undefined;
    if (!callId) unsupported("custom", "A call without meta.callId");
    // Refine's custom() is generic over the caller's TData; the call id is only known at run time.
    const data = (await run(callId, {
      params: meta?.params as CallOptions["params"],
      query: query as CallOptions["query"],
      body: payload,
    })) as unknown as TData;
    return { data };
  },
};
