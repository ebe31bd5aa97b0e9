import type { BaseRecord, CrudFilter, CrudSort, DataProvider, GetListParams } from "@refinedev/core";
import { callRoute, USERS_DEFAULT_LIMIT, USERS_DEFAULT_PAGE, type CallId } from "../../contract";
import { callOf, resourceByName, type ResourceDef } from "../../resources";
import { ApiError, apiBaseUrl, callApi, type CallOptions, type QueryValue } from "../api";
import { toHttpError } from "./http-error";

/** Filters passed through as query fields; `q` is an alias of `search`. */
function filterQuery(filters: CrudFilter[] = []): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const f of filters) {
    if (!("field" in f)) continue;
    const value: unknown = f.value;
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    out[f.field === "q" ? "search" : f.field] = Array.isArray(value) ? value.map(String).join(",") : String(value);
  }
  return out;
}

function pageQuery({ pagination }: GetListParams): Record<string, number> {
  if (pagination?.mode === "off") return {};
  return { page: pagination?.currentPage ?? USERS_DEFAULT_PAGE, limit: pagination?.pageSize ?? USERS_DEFAULT_LIMIT };
}

/** The first sorter as `sort` and `order` query fields (the list calls sort by one column). */
function sortQuery(sorters: CrudSort[] = []): Record<string, string> {
  const [first] = sorters;
  return first ? { sort: first.field, order: first.order } : {};
}

/** The one error mapper: every failure leaves as Refine's HttpError with the contract's message. */
async function run<T>(id: CallId, opts: CallOptions): Promise<T> {
  try {
    // Refine's provider is generic over the page's TData; the call id is only known at run time.
    return (await callApi(id, opts)) as T;
  } catch (e) {
    throw toHttpError(e);
  }
}

function fail(message: string): never {
  throw toHttpError(new ApiError(message));
}

/** The resource's call for an action (resources/<name>.ts), or a clear error when it declares none. */
function route(resource: string, action: string): { def: ResourceDef; id: CallId } {
  const def = resourceByName(resource);
  const id = def ? callOf(resource, action) : undefined;
  if (!def || !id) fail(`${action} is not supported for ${resource}`);
  return { def, id };
}

/** A record id goes in the call's `:id` path parameter, or in the body under the resource's id field. */
function withId(def: ResourceDef, id: CallId, recordId: string | number, body?: unknown): CallOptions {
  if (callRoute(id).path.includes(":id")) return { params: { id: String(recordId) }, body };
  return { body: { ...(body as object | undefined), [def.idField ?? "id"]: String(recordId) } };
}

/** Responses carry the record as `data` or as the whole body. */
const recordOf = <T>(res: unknown): T => ((res as { data?: T }).data ?? res) as T;

/**
 * Refine's data provider, generic over the call ids declared in resources/: list/show/create/update/delete run the
 * resource's call of that action; `custom` runs any call of the table by its id (`meta.callId`, set by
 * src/api/use-call.ts). Real-time updates will come from a live provider (src/providers/live-provider.ts).
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => apiBaseUrl(),

  async getList<TData extends BaseRecord>(params: GetListParams) {
    const { def, id } = route(params.resource, "list");
    const query = { ...pageQuery(params), ...sortQuery(params.sorters), ...filterQuery(params.filters) };
    const res = await run<Record<string, unknown>>(id, {
      query,
      signal: params.meta?.signal as AbortSignal | undefined,
    });
    const key = def.listKey ?? "data";
    const { [key]: rows, count, success: _success, ...extra } = res;
    // SPEC 4: a reply without its rows array is an empty list of one page, whatever totals came beside it.
    if (!Array.isArray(rows)) return { data: [] as TData[], total: 0, totalPages: 1 };
    const data = rows as TData[];
    const total = def.totalKey ? res[def.totalKey] : count;
    return { data, ...extra, total: typeof total === "number" ? total : data.length };
  },

  async getOne<TData extends BaseRecord>({ resource, id }: { resource: string; id: string | number }) {
    const { id: callId } = route(resource, "show");
    return { data: recordOf<TData>(await run(callId, { params: { id: String(id) } })) };
  },

  async create<TData extends BaseRecord, TVariables>({
    resource,
    variables,
    meta,
  }: {
    resource: string;
    variables: TVariables;
    meta?: Record<string, unknown>;
  }) {
    const { def, id } = route(resource, "create");
    const problem = def.checkCreate?.(variables as Record<string, unknown>);
    if (problem) fail(problem);
    // A FormData body (uploads) goes out as multipart; meta.onUploadProgress hears how much of it was sent.
    const onUploadProgress =
      typeof meta?.onUploadProgress === "function" ? (meta.onUploadProgress as (fraction: number) => void) : undefined;
    return { data: recordOf<TData>(await run(id, { body: variables, onUploadProgress })) };
  },

  async update<TData extends BaseRecord, TVariables>({
    resource,
    id,
    variables,
  }: {
    resource: string;
    id: string | number;
    variables: TVariables;
  }) {
    const { def, id: callId } = route(resource, "update");
    return { data: recordOf<TData>(await run(callId, withId(def, callId, id, variables))) };
  },

  async deleteOne<TData extends BaseRecord, TVariables>({
    resource,
    id,
    variables,
  }: {
    resource: string;
    id: string | number;
    variables?: TVariables;
  }) {
    const { def, id: callId } = route(resource, "delete");
    // Some deletes carry a body (DELETE /api/upload/:id takes {channel}).
    return { data: recordOf<TData>(await run(callId, withId(def, callId, id, variables))) };
  },

  async custom<TData extends BaseRecord>({
    meta,
    query,
    payload,
  }: {
    meta?: Record<string, unknown>;
    query?: unknown;
    payload?: unknown;
  }) {
    const callId = meta?.callId as CallId | undefined;
    if (!callId) fail("A custom call needs meta.callId");
    // useCustomMutation has no query of its own: a mutation's query fields (DELETE ?templateName=) come in meta.query.
    const fields = (query ?? meta?.query) as CallOptions["query"];
    // A FormData payload (campaign audience files) may report its upload progress, as create's does.
    const onUploadProgress =
      typeof meta?.onUploadProgress === "function" ? (meta.onUploadProgress as (fraction: number) => void) : undefined;
    const data = await run<TData>(callId, {
      params: meta?.params as CallOptions["params"],
      query: fields,
      body: payload,
      onUploadProgress,
    });
    return { data };
  },
};
