import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type { LiveAgentRecord } from "../../../contract/calls/chat-records";
import { AGENT_INVITE_TTL_MS } from "../../../contract/domain/chats";
import { MSG } from "../../../contract/messages";
import { isUniqueViolation, type Db } from "../../db/client";
import type { Tx } from "../../db/sql";
import { conversations, liveAgents, modulePermissions, users } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../http/errors";
import type { SessionStore } from "../accounts/sessions";
import { isUuid, type Caller } from "../caller";
import { likeEscape } from "../chats/conversations";
import { hashPassword } from "../accounts/passwords";
import { presenceOf } from "./presence";

export type LiveAgentOut = Static<typeof LiveAgentRecord>;
type AgentRow = typeof liveAgents.$inferSelect;
export const AGENT_NOT_FOUND = "Team member not found";

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Whose agents a caller reaches: an admin every account's; anyone else its own account's. */
function reach(caller: Caller): SQL | undefined {
  return caller.role === "admin" ? undefined : eq(liveAgents.ownerId, caller.id);
}

async function toRecords(db: Db, rows: readonly AgentRow[]): Promise<LiveAgentOut[]> {
  if (rows.length === 0) return [];
  const open = await db
    .select({ agentId: conversations.assignedAgentId, n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(eq(conversations.status, "open"), sql`${conversations.assignedAgentId} in ${rows.map((r) => r.id)}`))
    .groupBy(conversations.assignedAgentId);
  const openBy = new Map(open.map((o) => [o.agentId, o.n]));
  return rows.map((r) => {
    const presence = presenceOf(r.id);
    return {
      _id: r.id,
      name: r.name,
      email: r.email,
      status: r.status,
      isOnline: presence !== "offline",
      presence,
      lastSeenAt: r.lastSeenAt ? new Date(r.lastSeenAt).toISOString() : null,
      openConversations: openBy.get(r.id) ?? 0,
      createdAt: new Date(r.createdAt).toISOString(),
    };
  });
}

export async function listAgents(db: Db, caller: Caller, page: number, limit: number) {
  const where = reach(caller);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(liveAgents)
      .where(where)
      .orderBy(desc(liveAgents.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(liveAgents)
      .where(where),
  ]);
  const total = count?.n ?? 0;
  return { data: await toRecords(db, rows), total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

export async function searchAgents(db: Db, caller: Caller, term: string | undefined): Promise<LiveAgentOut[]> {
  const like = likeEscape(term?.trim() ?? "");
  const rows = await db
    .select()
    .from(liveAgents)
    .where(and(reach(caller), or(ilike(liveAgents.name, like), ilike(liveAgents.email, like))))
    .orderBy(liveAgents.name)
    .limit(50);
  return toRecords(db, rows);
}

export async function findAgent(db: Db, caller: Caller, id: string): Promise<AgentRow> {
  if (!isUuid(id)) throw notFound(AGENT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(liveAgents)
    .where(and(eq(liveAgents.id, id), reach(caller)));
  if (!row) throw notFound(AGENT_NOT_FOUND);
  return row;
}

/** The agent's own sign-in: role user under the account it answers for, with the chat module. One transaction. */
async function createSignIn(
  tx: Tx,
  ownerId: string,
  input: { name: string; email: string; username: string; password: string },
): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const [user] = await tx
    .insert(users)
    .values({
      username: input.username,
      email: input.email.toLowerCase(),
      passwordHash,
      role: "user",
      name: input.name,
      parentId: ownerId,
      isFirstLogin: false,
    })
    .returning({ id: users.id });
  if (!user) throw new Error("user insert returned nothing");
  await tx.insert(modulePermissions).values({ userId: user.id, moduleName: "chat", grantedBy: ownerId });
  return user.id;
}

export async function createAgent(
  db: Db,
  caller: Caller,
  input: { name: string; email: string; username: string; password: string },
): Promise<LiveAgentOut> {
  try {
    const row = await db.transaction(async (tx) => {
      const userId = await createSignIn(tx, caller.id, input);
      const [agent] = await tx
        .insert(liveAgents)
        .values({
          ownerId: caller.id,
          userId,
          name: input.name.trim(),
          email: input.email.toLowerCase(),
          status: "active",
        })
        .returning();
      if (!agent) throw new Error("agent insert returned nothing");
      return agent;
    });
    const [record] = await toRecords(db, [row]);
    if (!record) throw new Error("no record");
    return record;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("That email or username is already in use");
    throw error;
  }
}

/** An invitation: the agent row waits with a hash of the mailed token (never the token) until the link is opened. */
export async function inviteAgent(
  db: Db,
  caller: Caller,
  input: { name: string; email: string },
): Promise<{ record: LiveAgentOut; token: string }> {
  const token = randomBytes(32).toString("base64url");
  try {
    const [row] = await db
      .insert(liveAgents)
      .values({
        ownerId: caller.id,
        name: input.name.trim(),
        email: input.email.toLowerCase(),
        status: "invited",
        inviteTokenHash: sha256(token),
        inviteExpiresAt: new Date(Date.now() + AGENT_INVITE_TTL_MS),
      })
      .returning();
    if (!row) throw new Error("agent insert returned nothing");
    const [record] = await toRecords(db, [row]);
    if (!record) throw new Error("no record");
    return { record, token };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("That email is already a member of your team");
    throw error;
  }
}

export const INVITE_INVALID = "This invitation is not valid any more. Ask your team's owner for a new one.";

/** Opens an invitation once: the sign-in is created and the agent becomes active, or nothing changes. */
export async function acceptInvite(
  db: Db,
  input: { token: string; username: string; password: string },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [agent] = await tx
        .update(liveAgents)
        .set({ status: "active", inviteTokenHash: null, inviteExpiresAt: null })
        .where(
          and(
            eq(liveAgents.inviteTokenHash, sha256(input.token)),
            eq(liveAgents.status, "invited"),
            sql`${liveAgents.inviteExpiresAt} > now()`,
          ),
        )
        .returning();
      if (!agent) throw badRequest(INVITE_INVALID);
      const userId = await createSignIn(tx, agent.ownerId, {
        name: agent.name,
        email: agent.email,
        username: input.username,
        password: input.password,
      });
      await tx.update(liveAgents).set({ userId }).where(eq(liveAgents.id, agent.id));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.duplicateUser);
    throw error;
  }
}

/** Removes an agent: its conversations go back to the team, its sign-in is suspended and its sessions end. */
export async function removeAgent(db: Db, sessions: SessionStore, caller: Caller, id: string): Promise<string> {
  const agent = await findAgent(db, caller, id);
  await db.transaction(async (tx) => {
    await tx.update(conversations).set({ assignedAgentId: null }).where(eq(conversations.assignedAgentId, agent.id));
    await tx.delete(liveAgents).where(eq(liveAgents.id, agent.id));
    if (agent.userId) {
      await tx.update(users).set({ status: "suspended" }).where(eq(users.id, agent.userId));
      await sessions.revokeUser(agent.userId, tx as unknown as Db);
    }
  });
  if (agent.userId) await sessions.announceUser(agent.userId, true);
  return agent.name;
}
