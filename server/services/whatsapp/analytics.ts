import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { WABA_METRICS, type AnalyticsPoint, type CallQuery, type WabaAnalytics, type WabaMetric } from "../../../contract/calls";
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  daysBetween,
  formatDay,
  parseDay,
  shiftDay,
  splitList,
} from "../../../contract/domain/whatsapp-analytics";
import type { Db } from "../../db/client";
import { messages } from "../../db/schema";
import { badRequest, notFound, type FieldError } from "../../http/errors";
import { phonesOf } from "./wabas";

type Query = CallQuery<"waba.analytics">;

const isMetric = (name: string): name is WabaMetric => (WABA_METRICS as readonly string[]).includes(name);

function refuse(errors: FieldError[]): never {
  throw badRequest(errors.map((e) => `${e.field}: ${e.message}`).join(", "), errors);
}

/** The range and metrics asked for, checked; every problem is named at once. */
export function parseAnalyticsQuery(query: Query, today: string = formatDay(new Date())) {
  const end = query.end ?? today;
  const start = query.start ?? shiftDay(end, ANALYTICS_DEFAULT_DAYS - 1);
  const errors: FieldError[] = [];
  if (!parseDay(start)) errors.push({ field: "start", message: "is not a calendar day (YYYY-MM-DD)" });
  if (!parseDay(end)) errors.push({ field: "end", message: "is not a calendar day (YYYY-MM-DD)" });
  const metricNames = splitList(query.metric_types).map((m) => m.toUpperCase());
  const unknown = metricNames.filter((m) => !isMetric(m));
  if (unknown.length) errors.push({ field: "metric_types", message: `unknown metric ${unknown.join(", ")} (known: ${WABA_METRICS.join(", ")})` });
  if (errors.length === 0) {
    const days = daysBetween(start, end).length;
    if (days === 0) errors.push({ field: "end", message: "must not be before start" });
    else if (days > ANALYTICS_MAX_DAYS) errors.push({ field: "start", message: `the range must not exceed ${ANALYTICS_MAX_DAYS} days` });
  }
  if (errors.length) refuse(errors);
  const metrics = metricNames.length ? WABA_METRICS.filter((m) => metricNames.includes(m)) : [...WABA_METRICS];
  return { start, end, metrics, phoneNumberIds: splitList(query.phone_numbers) };
}

/**
 * Messages per UTC day per phone number, counted like Meta's: a delivered message was also sent, a read one also
 * delivered (so sent ≥ delivered ≥ read); failed and pending ones count nowhere. Days without messages are zeros,
 * so a chart's line does not skip them. Another account's phone number answers 404.
 */
export async function whatsappAnalytics(db: Db, ownerId: string, query: Query): Promise<WabaAnalytics> {
  const { start, end, metrics, phoneNumberIds } = parseAnalyticsQuery(query);
  const own = await phonesOf(db, { ownerId });
  if (phoneNumberIds.some((id) => !own.some((p) => p.row.phoneNumberId === id))) throw notFound();
  const phones = phoneNumberIds.length ? own.filter((p) => phoneNumberIds.includes(p.row.phoneNumberId)) : own;
  const senders = phones.map((p) => p.row.phoneNumberId);

  const day = sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = senders.length
    ? await db
        .select({
          sender: messages.sender,
          date: day,
          sent: sql<number>`(count(*) filter (where ${messages.status} in ('sent','delivered','read')))::int`,
          delivered: sql<number>`(count(*) filter (where ${messages.status} in ('delivered','read')))::int`,
          read: sql<number>`(count(*) filter (where ${messages.status} = 'read'))::int`,
        })
        .from(messages)
        .where(
          and(
            eq(messages.channel, "whatsapp"),
            inArray(messages.sender, senders),
            gte(messages.createdAt, new Date(`${start}T00:00:00.000Z`)),
            lt(messages.createdAt, new Date(`${shiftDay(end, -1)}T00:00:00.000Z`)),
          ),
        )
        .groupBy(messages.sender, day)
    : [];

  const counts = new Map(rows.map((r) => [`${r.sender}|${r.date}`, r]));
  const days = daysBetween(start, end);
  return {
    granularity: "DAY",
    start,
    end,
    metric_types: metrics,
    phone_numbers: phones.map((p) => ({
      phone_number_id: p.row.phoneNumberId,
      display_phone_number: p.row.displayPhoneNumber,
      data_points: days.map((date) => {
        const found = counts.get(`${p.row.phoneNumberId}|${date}`);
        const point: AnalyticsPoint = { date };
        if (metrics.includes("SENT")) point.sent = found?.sent ?? 0;
        if (metrics.includes("DELIVERED")) point.delivered = found?.delivered ?? 0;
        if (metrics.includes("READ")) point.read = found?.read ?? 0;
        return point;
      }),
    })),
  };
}
