import { sql, type SQL } from "drizzle-orm";
import {
  WABA_METRICS,
  type AnalyticsPoint,
  type CallQuery,
  type WabaAnalytics,
  type WabaMetric,
} from "../../../contract/calls";
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
import { rowsOf } from "../../db/sql";
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
  if (unknown.length)
    errors.push({
      field: "metric_types",
      message: `unknown metric ${unknown.join(", ")} (known: ${WABA_METRICS.join(", ")})`,
    });
  if (errors.length === 0) {
    const days = daysBetween(start, end).length;
    if (days === 0) errors.push({ field: "end", message: "must not be before start" });
    else if (days > ANALYTICS_MAX_DAYS)
      errors.push({ field: "start", message: `the range must not exceed ${ANALYTICS_MAX_DAYS} days` });
  }
  if (errors.length) refuse(errors);
  const metrics = metricNames.length ? WABA_METRICS.filter((m) => metricNames.includes(m)) : [...WABA_METRICS];
  return { start, end, metrics, phoneNumberIds: splitList(query.phone_numbers) };
}

/** One branch's rows: per sender and UTC day, sent (taken by the provider), delivered and read. */
interface DayCount {
  sender: string;
  date: string;
  sent: number;
  delivered: number;
  read: number;
}

/**
 * What the product itself sent over these numbers from `from` to before `to`, per number and UTC day: campaign
 * messages (their recipients, by the time each was sent), the inbox's messages (not the campaign messages a thread
 * shows, which are their recipients'), and the public API's. Each branch starts from the owner's index.
 */
function sentOverSql(ownerId: string, senders: readonly string[], from: Date, to: Date): SQL {
  const list = sql.join(
    senders.map((s) => sql`${s}`),
    sql`, `,
  );
  const day = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
  return sql`
    select sender, date, sum(sent)::int as sent, sum(delivered)::int as delivered, sum(read)::int as read from (
      select c.sender, ${day(sql`r.sent_at`)} as date,
             count(*) filter (where r.state in ('sent', 'delivered', 'read', 'replied') or r.delivered_at is not null) as sent,
             count(*) filter (where r.state in ('delivered', 'read') or r.delivered_at is not null) as delivered,
             count(*) filter (where r.state = 'read' or r.read_at is not null) as read
      from campaigns c join campaign_recipients r on r.campaign_id = c.id
      where c.user_id = ${ownerId} and c.channel = 'whatsapp' and c.sender in (${list}) and r.sent_at >= ${from} and r.sent_at < ${to}
      group by 1, 2
      union all
      select cv.business_address, ${day(sql`m.created_at`)},
             count(*) filter (where m.status in ('sent', 'delivered', 'read')),
             count(*) filter (where m.status in ('delivered', 'read')),
             count(*) filter (where m.status = 'read')
      from chat_messages m join conversations cv on cv.id = m.conversation_id
      where m.user_id = ${ownerId} and m.direction = 'out' and m.recipient_id is null and m.created_at >= ${from} and m.created_at < ${to}
        and cv.channel = 'whatsapp' and cv.business_address in (${list})
      group by 1, 2
      union all
      select a.sender, ${day(sql`a.created_at`)},
             count(*) filter (where a.state in ('sent', 'delivered', 'read')),
             count(*) filter (where a.state in ('delivered', 'read')),
             count(*) filter (where a.state = 'read')
      from api_messages a
      where a.user_id = ${ownerId} and a.channel = 'whatsapp' and a.sender in (${list}) and a.created_at >= ${from} and a.created_at < ${to}
      group by 1, 2
    ) t group by sender, date`;
}

/**
 * Messages per UTC day per phone number, counted like Meta's: a delivered message was also sent, a read one also
 * delivered (so sent ≥ delivered ≥ read); failed and pending ones count nowhere. Only what this product sent over
 * the number counts (a number just connected shows zeros). Days without messages are zeros, so a chart's line does
 * not skip them. Another account's phone number answers 404.
 */
export async function whatsappAnalytics(db: Db, ownerId: string, query: Query): Promise<WabaAnalytics> {
  const { start, end, metrics, phoneNumberIds } = parseAnalyticsQuery(query);
  const own = await phonesOf(db, { ownerId });
  if (phoneNumberIds.some((id) => !own.some((p) => p.row.phoneNumberId === id))) throw notFound();
  const phones = phoneNumberIds.length ? own.filter((p) => phoneNumberIds.includes(p.row.phoneNumberId)) : own;
  const senders = phones.map((p) => p.row.phoneNumberId);
  const rows = senders.length
    ? await rowsOf<DayCount>(
        db,
        sentOverSql(
          ownerId,
          senders,
          new Date(`${start}T00:00:00.000Z`),
          new Date(`${shiftDay(end, -1)}T00:00:00.000Z`),
        ),
      )
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
