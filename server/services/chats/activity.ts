// A conversation's activity log as the details panel shows it (issue 40 item 4): every assignment change, with the
// names of the agents it went to and came from, newest first. Reach is the caller's (chats/conversations.ts).
import type { Static } from "@sinclair/typebox";
import { sql } from "drizzle-orm";
import type { ConversationActivityRecord } from "../../../contract/calls/chat-records";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";
import type { ConversationRow } from "./records";

export const ACTIVITY_LIMIT = 50;

/** The contract's record: one place says what a line carries. */
export type ActivityOut = Static<typeof ConversationActivityRecord>;

export async function conversationActivity(db: Db, conversation: Pick<ConversationRow, "id">): Promise<ActivityOut[]> {
  return rowsOf<ActivityOut>(
    db,
    sql`select e.id::text as "_id", e.kind, a.name as "agentName", f.name as "fromAgentName", e.actor,
        e.actor_name as "actorName", e.note, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
      from conversation_events e
      left join live_agents a on a.id = e.agent_id
      left join live_agents f on f.id = e.from_agent_id
      where e.conversation_id = ${conversation.id}
      order by e.id desc limit ${ACTIVITY_LIMIT}`,
  );
}
