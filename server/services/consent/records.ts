// A number's consent as the console and the API read it (current state, history, what a send would do) and the
// opt-ins and opt-outs a person records. Every statement is scoped to the owner account.
import { sql } from "drizzle-orm";
import type { CallBody, ConsentEventRecord, ConsentStateRecord } from "../../../contract/calls";
import {
  sendDecision,
  type ConsentMethod,
  type ConsentPurpose,
  type ConsentState,
} from "../../../contract/domain/consent";
import type { Db } from "../../db/client";
import { consentSettings } from "../../db/schema";
import { rowsOf, type Tx } from "../../db/sql";
import { badRequest } from "../../http/errors";
import { toE164 } from "../campaigns/phone";
import { erasedNumberWhere } from "../contacts/erased";
import { writeConsentEvents } from "./ledger";

type Conn = Db | Tx;
export const CONSENT_NUMBER_INVALID = "number: is not a valid phone number";
const SEND_CHANNELS = ["sms", "whatsapp", "rcs"] as const;

interface EventRow {
  id: number;
  number: string;
  channel: ConsentEventRecord["channel"];
  purpose: ConsentEventRecord["purpose"];
  status: ConsentEventRecord["status"];
  method: ConsentEventRecord["method"];
  proof: string;
  actor: string | null;
  created_at: string;
}

const toRecord = (r: EventRow): ConsentEventRecord => ({
  id: Number(r.id),
  number: r.number,
  channel: r.channel,
  purpose: r.purpose,
  status: r.status,
  method: r.method,
  proof: r.proof,
  actor: r.actor,
  createdAt: new Date(r.created_at).toISOString(),
});

const columns = sql`e.id::float8 as id, e.number, e.channel, e.purpose, e.status, e.method, e.proof,
  nullif(coalesce(nullif(u.name, ''), u.username), '') as actor, e.created_at::text as created_at`;

/** The number in E.164, or a 400 naming it (nothing is read or written for a bad one). */
export function consentNumber(typed: string): string {
  const number = toE164(typed);
  if (!number) throw badRequest(CONSENT_NUMBER_INVALID, [{ field: "number", message: "is not a valid phone number" }]);
  return number;
}

export async function requireWhatsappOptIn(db: Conn, ownerId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: consentSettings.requireWhatsappOptIn })
    .from(consentSettings)
    .where(sql`${consentSettings.userId} = ${ownerId}`);
  return row?.on ?? false;
}

export async function setRequireWhatsappOptIn(db: Conn, ownerId: string, on: boolean): Promise<boolean> {
  await db
    .insert(consentSettings)
    .values({ userId: ownerId, requireWhatsappOptIn: on })
    .onConflictDoUpdate({ target: consentSettings.userId, set: { requireWhatsappOptIn: on, updatedAt: new Date() } });
  return on;
}

/** The latest event of each (channel, purpose) of one number, along the ledger's index. */
async function latestEvents(db: Conn, ownerId: string, number: string): Promise<ConsentEventRecord[]> {
  const rows = await rowsOf<EventRow>(
    db,
    sql`select distinct on (e.channel, e.purpose) ${columns}
        from consent_events e left join users u on u.id = e.actor_id
        where e.user_id = ${ownerId} and e.number = ${number}
        order by e.channel, e.purpose, e.created_at desc, e.id desc`,
  );
  return rows.map(toRecord);
}

async function onList(db: Conn, ownerId: string, number: string): Promise<boolean> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from suppressions where user_id = ${ownerId} and number = ${number}`,
  );
  return (row?.n ?? 0) > 0;
}

/**
 * What a message on `channel` for `purpose` would meet: the ledger's rule (contract/domain/consent.ts) over the
 * number's states, with the suppression list standing for an all-channel opt-out (as the pre-send check reads it).
 * One statement: the public API asks it for every message.
 */
export async function decisionFor(
  db: Conn,
  ownerId: string,
  number: string,
  channel: (typeof SEND_CHANNELS)[number],
  purpose: ConsentPurpose,
  withOptInRule: boolean,
): Promise<ReturnType<typeof sendDecision>> {
  const [row] = await rowsOf<{ listed: boolean; required: boolean; states: ConsentState[] }>(
    db,
    // An erased number stands like a listed one: its person asked to be forgotten, so nothing goes to it.
    sql`select (exists (select 1 from suppressions where user_id = ${ownerId} and number = ${number})
            or ${erasedNumberWhere(ownerId, sql`${number}::text`)}) as listed,
          exists (select 1 from consent_settings where user_id = ${ownerId} and require_whatsapp_opt_in) as required,
          coalesce((select json_agg(json_build_object('channel', l.channel, 'purpose', l.purpose, 'status', l.status,
              'at', to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')) order by l.created_at, l.id)
            from (select distinct on (channel, purpose) channel, purpose, status, created_at, id from consent_events
                  where user_id = ${ownerId} and number = ${number} order by channel, purpose, created_at desc, id desc) l),
            '[]'::json) as states`,
  );
  if (!row || row.listed) return row ? "optedOut" : "allowed";
  const states = row.states.filter((s) => !(s.channel === "all" && s.purpose === "any" && s.status === "opted_out"));
  return sendDecision(states, channel, purpose, withOptInRule && row.required);
}

/** An all-channel opt-out is the suppression list's to hold: one taken off the list by any path holds nothing. */
const withoutListedOptOut = (states: readonly ConsentEventRecord[]): ConsentState[] =>
  states
    .filter((s) => !(s.channel === "all" && s.purpose === "any" && s.status === "opted_out"))
    .map((s) => ({ channel: s.channel, purpose: s.purpose, status: s.status, at: s.createdAt }));

export async function consentState(db: Conn, ownerId: string, number: string): Promise<ConsentStateRecord> {
  const [states, listed, required] = await Promise.all([
    latestEvents(db, ownerId, number),
    onList(db, ownerId, number),
    requireWhatsappOptIn(db, ownerId),
  ]);
  const decide = (channel: (typeof SEND_CHANNELS)[number], purpose: ConsentPurpose) =>
    listed ? "optedOut" : sendDecision(withoutListedOptOut(states), channel, purpose, required);
  return {
    number,
    onSuppressionList: listed,
    requireWhatsappOptIn: required,
    states,
    effective: SEND_CHANNELS.map((channel) => ({
      channel,
      marketing: decide(channel, "marketing"),
      other: decide(channel, "any"),
    })),
  };
}

export async function consentHistory(
  db: Conn,
  ownerId: string,
  number: string,
  window: { limit: number; offset: number },
): Promise<{ records: ConsentEventRecord[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    rowsOf<EventRow>(
      db,
      sql`select ${columns} from consent_events e left join users u on u.id = e.actor_id
          where e.user_id = ${ownerId} and e.number = ${number}
          order by e.created_at desc, e.id desc limit ${window.limit} offset ${window.offset}`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from consent_events where user_id = ${ownerId} and number = ${number}`,
    ),
  ]);
  return { records: rows.map(toRecord), total: count?.n ?? 0 };
}

/** Records one event (and, for an all-channel one, the suppression list's change) and answers it as stored. */
export async function recordConsent(
  db: Db,
  ownerId: string,
  /** Who recorded it; null for an API key (the event's method says "api"). */
  actorId: string | null,
  number: string,
  body: Omit<CallBody<"consent.record">, "method"> & { method: ConsentMethod },
): Promise<ConsentEventRecord> {
  return db.transaction(async (tx) => {
    await writeConsentEvents(tx, [
      {
        ownerId,
        number,
        channel: body.channel,
        purpose: body.purpose ?? "any",
        status: body.status,
        method: body.method,
        proof: body.proof?.trim() ?? "",
        actorId,
      },
    ]);
    const [row] = await rowsOf<EventRow>(
      tx,
      sql`select ${columns} from consent_events e left join users u on u.id = e.actor_id
          where e.user_id = ${ownerId} and e.number = ${number} order by e.id desc limit 1`,
    );
    return toRecord(row);
  });
}
