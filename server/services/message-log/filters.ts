// The message log's query, read once: a number (full, or a fragment of its digits), an id (ours or the provider's),
// the other filters, and the opaque cursor. Anything it cannot read is a 400 before any SQL runs.
import {
  LOG_KINDS,
  LOG_LIMIT_DEFAULT,
  LOG_NUMBER_MIN_DIGITS,
  type LogKind,
  type LogStatus,
} from "../../../contract/domain/message-log";
import { badRequest } from "../../http/errors";
import { toE164 } from "../campaigns/phone";
import { isUuid } from "../caller";
import { filterValue } from "../paging";

/** Where the page starts: after this row, in the log's order (time descending, kind ascending, id descending). */
export interface LogCursor {
  /** The row's time as the database writes it (UTC, microseconds), so ties compare exactly. */
  t: string;
  kind: LogKind;
  id: string;
}

export interface LogFilters {
  /** A full number in E.164 (an index lookup) or digits the number contains. */
  number?: { exact: string } | { digits: string };
  id?: string;
  campaignId?: string;
  status?: LogStatus;
  channel?: string;
  kind?: LogKind;
  from?: string;
  to?: string;
  cursor?: LogCursor;
  limit: number;
  /**
   * Never from the query: a department head's log is the campaigns it created (SPEC's workspace: a head works for its
   * organization), of its own account or its organization's; no API or inbox messages.
   */
  createdBy?: string;
  owners?: string[];
}

export interface LogQuery {
  number?: string;
  id?: string;
  campaignId?: string;
  status?: LogStatus;
  channel?: string;
  kind?: LogKind;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
}

const BIGINT_ID = /^[0-9]{1,18}$/;
/** The time format the log's SQL writes (iso() in branches.ts): fixed width, so strings sort as instants. */
const DB_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A kind's own ids: number ids for campaign recipients and chat messages, uuids for public-API messages. */
export function isIdOf(kind: LogKind, id: string): boolean {
  return kind === "api" ? isUuid(id) : BIGINT_ID.test(id);
}

export function encodeCursor(cursor: LogCursor): string {
  return Buffer.from(JSON.stringify([cursor.t, cursor.kind, cursor.id])).toString("base64url");
}

const badCursor = () => badRequest("The cursor is not valid", [{ field: "cursor", message: "is not valid" }]);

export function decodeCursor(raw: string): LogCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw badCursor();
  const [t, kind, id] = parsed as unknown[];
  if (typeof t !== "string" || !DB_TIME.test(t) || Number.isNaN(Date.parse(t))) throw badCursor();
  if (typeof kind !== "string" || !(LOG_KINDS as readonly string[]).includes(kind)) throw badCursor();
  if (typeof id !== "string" || !isIdOf(kind as LogKind, id)) throw badCursor();
  return { t, kind: kind as LogKind, id };
}

function instant(field: "from" | "to", raw: string | undefined): string | undefined {
  const value = filterValue(raw);
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw badRequest(`${field}: is not a date and time`, [{ field, message: "is not a date" }]);
  return new Date(ms).toISOString();
}

function numberFilter(raw: string | undefined): LogFilters["number"] {
  const value = filterValue(raw);
  if (value === undefined) return undefined;
  const exact = value.replace(/\s/g, "").length >= 10 ? toE164(value) : null;
  if (exact) return { exact };
  const digits = value.replace(/\D/g, "");
  if (digits.length < LOG_NUMBER_MIN_DIGITS)
    throw badRequest(`Enter a full number or at least ${LOG_NUMBER_MIN_DIGITS} of its digits`, [
      { field: "number", message: "is too short" },
    ]);
  return { digits };
}

/** The validated filters of a query; throws 400 for what it cannot read. */
export function readFilters(query: LogQuery): LogFilters {
  const campaignId = filterValue(query.campaignId);
  if (campaignId !== undefined && !isUuid(campaignId))
    throw badRequest("campaignId: is not a campaign id", [{ field: "campaignId", message: "is not valid" }]);
  const from = instant("from", query.from);
  const to = instant("to", query.to);
  if (from && to && from > to)
    throw badRequest("The start of the range is after its end", [{ field: "from", message: "is after to" }]);
  const cursor = filterValue(query.cursor);
  return {
    number: numberFilter(query.number),
    id: filterValue(query.id),
    campaignId,
    status: query.status,
    channel: query.channel,
    kind: query.kind,
    from,
    to,
    cursor: cursor === undefined ? undefined : decodeCursor(cursor),
    limit: query.limit ?? LOG_LIMIT_DEFAULT,
  };
}
