import { sql } from "drizzle-orm";
import type { AiChannel } from "../../../../contract/domain/ai";
import type { Db } from "../../../db/client";
import { aiAgentConfigs, aiAgents, aiBusinessContexts, aiIntents } from "../../../db/schema";
import { conflict } from "../../../http/errors";
import { rowsOf } from "../../../db/sql";
import { DEFAULT_HANDOFF } from "../agents";
import { createKnowledge, type EmbedPolicy } from "../knowledge/store";
import type { AgentRow } from "../records";
import type { MarketplaceTemplate } from "./types";

/**
 * Makes an agent from a template in one step, in one transaction: the agent, its intents, its sample knowledge (tagged
 * with the intents it answers), a default configuration with the template's prompt and a business context to fill in.
 */
export async function installTemplate(
  db: Db,
  ownerId: string,
  template: MarketplaceTemplate,
  input: { name?: string; channels?: AiChannel[] },
  policy: EmbedPolicy,
): Promise<AgentRow> {
  const name = input.name?.trim() || template.name;
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(aiAgents)
        .values({
          userId: ownerId,
          name,
          description: template.description,
          channels: input.channels?.length ? input.channels : template.channels,
          scope: template.scope,
          persona: template.persona,
          handoff: DEFAULT_HANDOFF,
          template: template.id,
        })
        .returning();
      await tx.insert(aiIntents).values(
        template.intents.map((i) => ({
          userId: ownerId,
          agentId: row.id,
          name: i.name,
          description: i.description,
          examples: i.examples,
          action: i.action,
          response: i.response,
        })),
      );
      await tx
        .insert(aiAgentConfigs)
        .values({ userId: ownerId, agentId: row.id, name: "Default", prompt: template.prompt, isDefault: true });
      await tx
        .insert(aiBusinessContexts)
        .values({ userId: ownerId, agentId: row.id, ...template.business, languages: ["English", "Hindi"] });
      // The knowledge's own transactions become savepoints of this one.
      const inner = tx as unknown as Db;
      for (const k of template.knowledge) {
        await createKnowledge(
          inner,
          ownerId,
          {
            title: k.title,
            kind: k.faqs ? "faq" : "text",
            content: k.content ?? "",
            faqs: k.faqs ?? [],
            agentId: row.id,
            intent: k.intent,
          },
          policy,
        );
      }
      return row;
    })
    .catch((err: unknown) => {
      const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
      if (code === "23505") throw conflict(`You already have an AI agent named “${name}”: give this one another name`);
      throw err;
    });
}

/** How many of the account's agents came from each template. */
export async function installedCounts(db: Db, ownerId: string): Promise<Map<string, number>> {
  const rows = await rowsOf<{ template: string; n: number }>(
    db,
    sql`select template, count(*)::int as n from ai_agents where user_id = ${ownerId} and template is not null group by template`,
  );
  return new Map(rows.map((r) => [r.template, r.n]));
}
