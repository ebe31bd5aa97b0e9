// What an agent answers to one customer message, and why. The same decision serves the inbox (conversation-reply.ts)
// and the playground: a request for a person hands over; otherwise the message is classified with the agent's intents
// and acted on (a fixed reply, an answer from knowledge, a hand-over); a message no intent is sure of is answered from
// knowledge only when a passage covers it, and handed over when none does. Answers are the best passage's sentences
// that match the question (rules), or the model's, written from the passages and the business context (LLM_URL).
import type { AnswerRecord, SearchHit } from "../../../contract/calls/ai-records";
import { describeHours, namesKeyword, withinBusinessHours, type HandoffReason } from "../../../contract/domain/ai";
import type { Db } from "../../db/client";
import { contextForAgent, describeBusiness } from "./business-context";
import { defaultConfig } from "./configs";
import { intentModel } from "./intent-model";
import { searchKnowledge } from "./knowledge/search";
import { complete, modelConfigured } from "./llm";
import type { AiConfig } from "../../config/ai";
import { loadNlp, prefixOf, words } from "./nlp/tokens";
import { effectivePrompt, type AgentRow, type ConfigRow, type ContextRow } from "./records";

export interface AnswerDeps {
  db: Db;
  ai: AiConfig;
  now?: () => Date;
  log?: (err: unknown, message: string) => void;
}

export interface Answer extends AnswerRecord {
  /** What the note to the team says happened (the matched keyword, the intent's action). */
  detail: string;
}

/** Passages answer only when they share at least this share of the question's words (or an intent tag). */
const MIN_COVERAGE = 0.3;
const ANSWER_CHARS = 600;
/** A passage up to this long is quoted whole. */
const SHORT_ANSWER = 320;
const SOURCES = 3;

const round = (x: number) => Math.round(x * 1000) / 1000;

function render(text: string, agent: AgentRow, context: ContextRow | null): string {
  return text
    .replace(/\{\{\s*agent\s*\}\}/g, agent.name)
    .replace(/\{\{\s*company\s*\}\}/g, context?.companyName ?? "our team");
}

/**
 * What of a passage answers the question: all of a short one; of a longer one, the sentence sharing the most words
 * with the question and those after it, up to about two SMS (the sentence after the match often holds the figure:
 * "We deliver across India. Metro cities get their order in 2 to 3 working days").
 */
async function extract(question: string, passage: string): Promise<string> {
  const text = passage.replace(/\s+/g, " ").trim();
  if (text.length <= SHORT_ANSWER) return text;
  const sentences = text.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}₹$])/u);
  const nlp = await loadNlp();
  const asked = new Set(words(nlp, question).content.map(prefixOf));
  let start = 0;
  let most = 0;
  sentences.forEach((s, i) => {
    const n = words(nlp, s).content.filter((w) => asked.has(prefixOf(w))).length;
    if (n > most) [start, most] = [i, n];
  });
  let answer = "";
  for (let i = start; i < sentences.length && answer.length < SHORT_ANSWER / 2; i += 1)
    answer = answer ? `${answer} ${sentences[i]}` : sentences[i];
  return answer.slice(0, ANSWER_CHARS);
}

/** How well a hit grounds an answer: the share of the question's words it has (or its embedding similarity). */
const groundingOf = (hit: SearchHit) => Math.max(hit.coverage, hit.vectorScore ?? 0);

interface Setting {
  agent: AgentRow;
  config: ConfigRow | undefined;
  context: ContextRow | null;
}

function handoff(setting: Setting, reason: HandoffReason, now: Date): string {
  const { agent, config } = setting;
  const before =
    (reason === "low-confidence" || reason === "out-of-scope") && config?.fallbackMessage
      ? `${config.fallbackMessage} `
      : "";
  const hours = agent.handoff.businessHours;
  const later =
    hours.enabled && !withinBusinessHours(hours, now)
      ? ` Our team is available ${describeHours(hours)} and will reply then.`
      : "";
  return `${before}${agent.handoff.message}${later}`;
}

async function modelAnswer(
  deps: AnswerDeps,
  setting: Setting,
  question: string,
  hits: SearchHit[],
): Promise<string | null> {
  if (!modelConfigured(deps.ai)) return null;
  const { agent, config, context } = setting;
  const system = [
    config ? effectivePrompt(config) : "",
    agent.persona ? `Persona: ${agent.persona}` : "",
    context ? `About the business: ${describeBusiness(context)}` : "",
    `Knowledge passages:\n${hits.map((h, i) => `[${i + 1}] ${h.title}: ${h.content}`).join("\n")}`,
    "Answer the customer only from these passages, briefly. If they do not contain the answer, reply with exactly HANDOFF.",
  ]
    .filter(Boolean)
    .join("\n\n");
  try {
    const text = await complete(
      deps.ai,
      [
        { role: "system", content: system },
        { role: "user", content: question },
      ],
      {
        model: config?.model,
        temperature: config?.temperature,
        maxTokens: config?.maxTokens,
      },
    );
    return text;
  } catch (err) {
    deps.log?.(err, "model answer failed; answering from the knowledge as written");
    return null;
  }
}

export async function composeAnswer(deps: AnswerDeps, agent: AgentRow, question: string): Promise<Answer> {
  const started = performance.now();
  const now = deps.now?.() ?? new Date();
  const [config, context] = await Promise.all([defaultConfig(deps.db, agent.id), contextForAgent(deps.db, agent)]);
  const setting: Setting = { agent, config, context };
  const threshold = agent.handoff.confidenceThreshold;
  const done = (a: Omit<Answer, "tookMs" | "engine"> & { engine?: Answer["engine"] }): Answer => ({
    engine: "rules",
    ...a,
    tookMs: Math.round((performance.now() - started) * 10) / 10,
  });
  const handOver = (
    reason: HandoffReason,
    confidence: number,
    top: Answer["top"],
    detail: string,
    intent: string | null = null,
  ): Answer =>
    done({
      outcome: "handoff",
      reply: handoff(setting, reason, now),
      intent,
      confidence: round(confidence),
      top,
      sources: [],
      handoffReason: reason,
      detail,
    });

  const keyword = namesKeyword(question, agent.handoff.keywords);
  if (keyword) return handOver("requested", 1, [], `the message names “${keyword}”`);

  const { model, intents } = await intentModel(deps.db, agent.id);
  const classified = model.intents > 0 ? model.classify(question) : null;
  const top = classified?.ranked.slice(0, 3) ?? [];
  const best =
    classified && classified.confidence >= threshold
      ? intents.find((i) => i.id === classified.ranked[0]?.intentId)
      : undefined;
  const iconf = classified?.confidence ?? 0;

  if (best) {
    if (best.action === "handoff")
      return handOver("intent", iconf, top, `intent ${best.name} goes to people`, best.name);
    if (best.action === "workflow")
      return handOver(
        "workflow",
        iconf,
        top,
        `intent ${best.name} starts a workflow, and workflows are not available yet`,
        best.name,
      );
    if (best.action === "template" && best.response.trim()) {
      return done({
        outcome: "answered",
        reply: render(best.response, agent, context),
        intent: best.name,
        confidence: round(iconf),
        top,
        sources: [],
        handoffReason: null,
        detail: `intent ${best.name} has a fixed reply`,
      });
    }
  }

  // Knowledge: for a knowledge intent its tagged passages rank first; without a sure intent, any passage that covers
  // the question.
  const search = await searchKnowledge(
    deps.db,
    agent.userId,
    { query: question, agentId: agent.id, intent: best?.name ?? null, limit: 5 },
    deps.ai,
    (err) => deps.log?.(err, "embeddings failed"),
  );
  // A passage tagged with another intent is about something else: it never answers this one.
  const grounded = search.hits.filter((h) =>
    best ? h.intent === best.name || (!h.intent && groundingOf(h) >= MIN_COVERAGE) : groundingOf(h) >= MIN_COVERAGE,
  );
  const hit = grounded[0];
  const confidence = best ? iconf : hit ? groundingOf(hit) : iconf;
  if (!hit) {
    if (best) return handOver("out-of-scope", iconf, top, `intent ${best.name}, but no passage answers it`, best.name);
    return handOver(
      "low-confidence",
      iconf,
      top,
      classified
        ? `best intent ${classified.ranked[0]?.intent ?? "none"} at ${iconf.toFixed(2)}, below ${threshold}, and no passage covers the question`
        : "no passage covers the question",
    );
  }
  if (!best && confidence < threshold)
    return handOver(
      "low-confidence",
      confidence,
      top,
      `the best passage covers ${Math.round(confidence * 100)}% of the question, below ${threshold}`,
    );

  const used = grounded.slice(0, SOURCES);
  const sources = used.map((h) => ({
    passageId: h.passageId,
    knowledgeId: h.knowledgeId,
    title: h.title,
    content: h.content,
    score: h.score,
  }));
  const generated = await modelAnswer(deps, setting, question, used);
  if (generated !== null) {
    if (/\bHANDOFF\b/.test(generated))
      return {
        ...handOver("out-of-scope", confidence, top, "the model found no answer in the passages", best?.name ?? null),
        engine: "model",
      };
    return done({
      outcome: "answered",
      reply: generated,
      intent: best?.name ?? null,
      confidence: round(confidence),
      top,
      sources,
      handoffReason: null,
      engine: "model",
      detail: `written by the model from ${used.length} passage(s)`,
    });
  }
  return done({
    outcome: "answered",
    reply: await extract(question, hit.content),
    intent: best?.name ?? null,
    confidence: round(confidence),
    top,
    sources: sources.slice(0, 1),
    handoffReason: null,
    detail: "quoted from the best passage",
  });
}
