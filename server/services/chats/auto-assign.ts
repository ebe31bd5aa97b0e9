import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inboxSettings } from "../../db/schema";
import { rowsOf, type Tx } from "../../db/sql";

// Fair assignment (issue 40 item 4). Round robin among the account's ONLINE agents (away and offline ones are
// skipped) whose open assigned conversations are under the capacity, starting after the agent the account's last
// automatic assignment went to. The account's settings row is locked first, so two conversations arriving together,
// in one process or several, are decided one after the other, each seeing the other's assignment: neither can push an
// agent past the capacity. The lock is taken in its own statement so that the deciding statement, under READ
// COMMITTED, starts after it with a snapshot that includes the previous decision.

export interface AssignSettings {
  autoAssign: boolean;
  agentCapacity: number;
  offlineGraceMinutes: number;
}

export const DEFAULT_ASSIGN_SETTINGS: AssignSettings = { autoAssign: false, agentCapacity: 5, offlineGraceMinutes: 10 };

export async function assignSettings(db: Db, ownerId: string): Promise<AssignSettings> {
  const [row] = await db.select().from(inboxSettings).where(eq(inboxSettings.userId, ownerId));
  return row
    ? { autoAssign: row.autoAssign, agentCapacity: row.agentCapacity, offlineGraceMinutes: row.offlineGraceMinutes }
    : DEFAULT_ASSIGN_SETTINGS;
}

export async function saveAssignSettings(db: Db, ownerId: string, next: AssignSettings): Promise<AssignSettings> {
  await db
    .insert(inboxSettings)
    .values({ userId: ownerId, ...next })
    .onConflictDoUpdate({ target: inboxSettings.userId, set: { ...next, updatedAt: sql`now()` } });
  return next;
}

/** The agent a new conversation goes to, or null (auto-assignment off, or nobody online with room). In `tx`. */
async function pickAgent(tx: Tx, ownerId: string, exclude: string | null): Promise<string | null> {
  const [settings] = await rowsOf<{ capacity: number; last: string | null }>(
    tx,
    sql`select agent_capacity as capacity, last_agent_id::text as last from ${inboxSettings}
      where user_id = ${ownerId} and auto_assign for update`,
  );
  if (!settings) return null;
  const [pick] = await rowsOf<{ id: string }>(
    tx,
    sql`select a.id::text as id from live_agents a
      where a.owner_id = ${ownerId} and a.status = 'active' and a.presence = 'online'
        and a.id is distinct from ${exclude}::uuid
        and (select count(*) from conversations c where c.assigned_agent_id = a.id and c.status = 'open')
          < ${settings.capacity}
      order by (a.id > coalesce(${settings.last}::uuid, '00000000-0000-0000-0000-000000000000'::uuid)) desc, a.id
      limit 1`,
  );
  return pick?.id ?? null;
}

/**
 * Assigns one conversation automatically, if it is still open and unassigned (or still `from`'s, for the offline
 * hand-over), writing the activity line in the same transaction. Answers the agent it went to, or null.
 */
export async function autoAssignOne(
  db: Db,
  ownerId: string,
  conversationId: string,
  from: string | null = null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const agentId = await pickAgent(tx, ownerId, from);
    if (!agentId && !from) return null;
    const [moved] = await rowsOf<{ id: string }>(
      tx,
      sql`update conversations set assigned_agent_id = ${agentId}::uuid
        where id = ${conversationId} and user_id = ${ownerId} and status = 'open'
          and assigned_agent_id is not distinct from ${from}::uuid
        returning id::text as id`,
    );
    if (!moved) return null;
    await tx.execute(sql`insert into conversation_events (conversation_id, kind, agent_id, from_agent_id, actor)
      values (${conversationId}, ${agentId ? "assigned" : "unassigned"}, ${agentId}::uuid, ${from}::uuid,
        ${from ? "offline" : "auto"})`);
    if (agentId)
      await tx.execute(sql`update ${inboxSettings} set last_agent_id = ${agentId}::uuid where user_id = ${ownerId}`);
    return agentId;
  });
}

/**
 * The offline hand-over (a job): every open conversation of an agent offline longer than its account's grace period
 * goes to the next online agent with room, or back to the team. Answers how many moved.
 */
export async function reassignFromOffline(
  db: Db,
): Promise<{ conversationId: string; ownerId: string; from: string }[]> {
  const stranded = await rowsOf<{ id: string; owner: string; agent: string }>(
    db,
    sql`select c.id::text as id, c.user_id::text as owner, c.assigned_agent_id::text as agent
      from ${inboxSettings} s
      join live_agents a on a.owner_id = s.user_id and a.presence = 'offline'
        and a.presence_at < now() - make_interval(mins => s.offline_grace_minutes)
      join conversations c on c.assigned_agent_id = a.id and c.status = 'open'
      where s.auto_assign
      order by c.last_message_at
      limit 500`,
  );
  const moved: { conversationId: string; ownerId: string; from: string }[] = [];
  for (const row of stranded) {
    const before = row.agent;
    const to = await autoAssignOne(db, row.owner, row.id, before);
    if (to !== before) moved.push({ conversationId: row.id, ownerId: row.owner, from: before });
  }
  return moved;
}
