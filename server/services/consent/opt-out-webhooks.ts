// contact.opted_out deliveries written inside a set-based statement (a suppression list import adds thousands of
// numbers in one INSERT): a CTE that turns the numbers another CTE returned into one delivery per subscribed endpoint,
// the body built by SQL in the envelope's shape (contract/domain/webhooks.ts), one event id per number.
import { sql, type SQL } from "drizzle-orm";
import type { ConsentMethod } from "../../../contract/domain/consent";
import { webhooksWanted } from "../webhooks/subscribers";

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * `, name as (insert into webhook_deliveries …)` over the `number` column of CTE `from`, or nothing when the account has
 * no endpoint subscribed to contact.opted_out (the statement then stays as it was).
 */
export function optOutDeliveriesCte(
  name: string,
  ownerId: string,
  from: string,
  method: ConsentMethod,
  proof: string,
): SQL {
  if (!webhooksWanted(ownerId, "contact.opted_out")) return sql``;
  const at = sql.raw(`to_char(now() at time zone 'UTC', ${ISO})`);
  return sql`, ${sql.raw(name)}_ev as (select number, gen_random_uuid() as event_id from ${sql.raw(from)}),
    ${sql.raw(name)} as (
      insert into webhook_deliveries (endpoint_id, user_id, event, event_id, body)
      select e.id, e.user_id, 'contact.opted_out', x.event_id, json_build_object('id', x.event_id, 'type', 'contact.opted_out',
        'createdAt', ${at}, 'data', json_build_object('number', x.number, 'channel', 'all', 'purpose', 'any',
        'method', ${method}::text, 'proof', ${proof}::text, 'at', ${at}))::text
      from ${sql.raw(name)}_ev x join webhook_endpoints e on e.user_id = ${ownerId}::uuid and e.active
        and 'contact.opted_out' = any(e.events))`;
}
