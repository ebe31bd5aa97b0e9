import { sql } from "drizzle-orm";
import type { ValidationResult } from "../../../contract/calls/ai-records";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";
import { contextForAgent } from "./business-context";
import { modelConfigured } from "./llm";
import type { AiConfig } from "../../config/ai";
import { effectivePrompt, type AgentRow, type ConfigRow } from "./records";

/**
 * What a configuration misses or contradicts, read together with its agent: an error means the agent will not behave
 * as the configuration suggests; a warning, that it could do better.
 */
export async function validateConfig(
  db: Db,
  ai: AiConfig,
  config: ConfigRow,
  agent: AgentRow,
): Promise<ValidationResult> {
  const issues: ValidationResult["issues"] = [];
  const error = (field: string, message: string) => issues.push({ field, level: "error", message });
  const warn = (field: string, message: string) => issues.push({ field, level: "warning", message });
  const prompt = effectivePrompt(config);
  const text = prompt.toLowerCase();
  const [counts] = await rowsOf<{ knowledge: number; intents: number; handoff_intents: number }>(
    db,
    sql`select (select count(*)::int from ai_passages p where p.user_id = ${agent.userId} and (p.agent_id = ${agent.id} or p.agent_id is null)) as knowledge,
               (select count(*)::int from ai_intents i where i.agent_id = ${agent.id} and i.enabled) as intents,
               (select count(*)::int from ai_intents i where i.agent_id = ${agent.id} and i.enabled and i.action = 'handoff') as handoff_intents`,
  );
  const context = await contextForAgent(db, agent);

  if (!prompt.trim()) error("prompt", "The prompt is empty: the agent has no instructions");
  else if (prompt.trim().length < 40)
    warn("prompt", "The prompt is very short: say who the agent is, what it may answer and when to hand over");
  if (
    prompt.trim() &&
    !/only (from|with|use)|passages?|knowledge|never (invent|make up|guess)|do not (invent|make up|guess)|don't (invent|make up|guess)/.test(
      text,
    )
  ) {
    warn("prompt", "The prompt does not keep answers to the knowledge: models invent what they are not told to avoid");
  }
  const refusesHandoff =
    /never (hand|transfer|pass|escalate)|do not (hand|transfer|pass|escalate)|don't (hand|transfer|pass|escalate)|no human/.test(
      text,
    );
  if (
    refusesHandoff &&
    (agent.handoff.keywords.length > 0 || counts.handoff_intents > 0 || agent.handoff.confidenceThreshold > 0)
  ) {
    error(
      "prompt",
      "The prompt says never to hand over, but the agent's hand-off rule hands conversations to people: one of them must change",
    );
  }
  if (counts.knowledge === 0 && counts.intents === 0)
    error(
      "agent",
      "The agent has no knowledge and no intents: it can only hand over. Add knowledge or install a marketplace template",
    );
  else if (counts.knowledge === 0)
    warn("knowledge", "The agent has no knowledge: intents that answer from knowledge will hand over");
  if (!context)
    warn("businessContext", "No business context: the agent cannot say who you are, your hours or how to reach you");
  if (config.temperature > 1)
    warn("temperature", "A temperature above 1 makes answers drift from the knowledge; 0.2-0.5 suits support");
  if (agent.channels.includes("sms") && config.maxTokens > 200)
    warn("maxTokens", "Answers of more than about 200 tokens become several SMS parts");
  if (/\b(detailed|in detail|long|thorough)\b/.test(text) && config.maxTokens < 120) {
    error("maxTokens", "The prompt asks for detailed answers but the longest answer is under 120 tokens");
  }
  if (config.model && !modelConfigured(ai))
    warn("model", "A model is named but the server has no LLM_URL: answers come from the knowledge as written");
  if (config.useEnhanced && config.enhancedPrompt && config.enhancedPrompt.trim() === config.prompt.trim())
    warn("enhancedPrompt", "The enhanced prompt is the same as the original");
  if (!agent.enabled) warn("agent", "The agent is switched off: it answers no customer");

  const checks = [
    Boolean(prompt.trim()),
    prompt.trim().length >= 40,
    counts.knowledge > 0,
    counts.intents > 0,
    Boolean(context),
    Boolean(config.fallbackMessage || agent.handoff.message),
  ];
  return {
    valid: !issues.some((i) => i.level === "error"),
    completeness: Math.round((100 * checks.filter(Boolean).length) / checks.length),
    issues,
  };
}
