// Enhance-prompt: a clearer system prompt for an agent. With a model (LLM_URL) the model rewrites it; without one a
// deterministic rule-based rewrite adds what a customer-service prompt needs and says what it changed, so the person
// can read the diff and decide.
import type { AiChannel } from "../../../contract/domain/ai";
import { complete, modelConfigured } from "./llm";
import type { AiConfig } from "../../config/ai";
import type { AgentRow, ContextRow } from "./records";

export interface Enhanced {
  enhancedPrompt: string;
  changes: string[];
  engine: "rules" | "model";
}

const has = (text: string, ...patterns: RegExp[]) => patterns.some((p) => p.test(text));

const CHANNEL_NAMES: Record<AiChannel, string> = { whatsapp: "WhatsApp", sms: "SMS", rcs: "RCS" };

/** Sentences of the original, tidied: whitespace collapsed, each ending with a full stop. */
function tidy(prompt: string): string[] {
  return prompt
    .replace(/\r\n?/g, "\n")
    .split(/\n+/)
    .map((line) =>
      line
        .replace(/\s+/g, " ")
        .replace(/^[-*•]\s*/, "")
        .trim(),
    )
    .filter(Boolean)
    .map((line) => (/[.!?:]$/.test(line) ? line : `${line}.`));
}

export function enhanceByRules(prompt: string, agent: AgentRow, context: ContextRow | null): Enhanced {
  const changes: string[] = [];
  const original = prompt.trim();
  const lines = tidy(original);
  const all = lines.join(" ").toLowerCase();
  if (!original) changes.push("Wrote a prompt from the agent's settings (the prompt was empty)");
  else if (lines.join("\n") !== original)
    changes.push("Tidied the spacing and ended every instruction with a full stop");

  const company = context?.companyName ?? "the business";
  const role: string[] = [];
  if (!has(all, /\byou are\b/, /\byou're\b/, /\bact as\b/)) {
    role.push(
      `You are ${agent.name}, the virtual assistant of ${company}${context?.industry ? ` (${context.industry})` : ""}.`,
    );
    changes.push("Added a role: who the agent is and whom it works for");
  }
  if (agent.persona && !all.includes(agent.persona.toLowerCase().slice(0, 40))) {
    role.push(`Persona: ${agent.persona.replace(/\s+/g, " ").trim()}`);
    changes.push("Added the agent's persona");
  }

  const rules: string[] = [];
  if (
    !has(
      all,
      /only (from|with|use)/,
      /\bpassages?\b/,
      /\bknowledge\b/,
      /never (invent|make up|guess)/,
      /do not (invent|make up|guess)/,
      /don't (invent|make up|guess)/,
    )
  ) {
    rules.push(
      "Answer only from the knowledge passages you are given; never invent prices, dates, order details or policies.",
    );
    changes.push("Added a grounding rule: answer only from the knowledge, invent nothing");
  }
  if (
    !has(all, /\bhuman\b/, /\bperson\b/, /hand (over|off)/, /team member/, /member of (the|our) team/, /live agent/)
  ) {
    rules.push(
      "If you are not sure of the answer, or the customer asks for a person, say that a member of the team will reply, and stop.",
    );
    changes.push("Added when to hand over to a person");
  }
  if (!has(all, /password|otp|card number|cvv|pin\b/)) {
    rules.push("Never ask for passwords, OTPs, card numbers or CVVs.");
    changes.push("Added a safety rule: never ask for passwords, OTPs or card details");
  }

  const style: string[] = [];
  if (!has(all, /\bshort\b/, /\bbrief\b/, /\bconcise\b/, /\bwords\b/, /\bsentences?\b/, /\bcharacters\b/)) {
    const channels = agent.channels.map((c) => CHANNEL_NAMES[c]).join(", ");
    style.push(
      agent.channels.includes("sms")
        ? "Keep answers short: at most 3 sentences, and under 160 characters on SMS."
        : "Keep answers short: at most 3 sentences.",
    );
    changes.push(`Added an answer length suited to ${channels}`);
  }
  if (context?.tone && !all.includes(context.tone.toLowerCase())) {
    style.push(`Tone: ${context.tone.replace(/[.]+$/, "")}.`);
    changes.push("Added the tone of voice from the business context");
  }
  if (!has(all, /\blanguage\b/, /\breply in\b/, /\banswer in\b/)) {
    style.push(
      context?.languages.length
        ? `Reply in the language the customer writes in (${context.languages.join(", ")}).`
        : "Reply in the language the customer writes in.",
    );
    changes.push("Added a language rule: reply in the customer's language");
  }

  if (!changes.length)
    return {
      enhancedPrompt: original,
      changes: [
        "Nothing to add: the prompt already has a role, grounding, hand-off, safety, length and language rules",
      ],
      engine: "rules",
    };
  const sections = [
    [...role, ...lines].join("\n"),
    rules.length ? `Rules:\n${rules.map((r) => `- ${r}`).join("\n")}` : "",
    style.length ? `Style:\n${style.map((s) => `- ${s}`).join("\n")}` : "",
  ].filter(Boolean);
  return { enhancedPrompt: sections.join("\n\n"), changes, engine: "rules" };
}

/** The model's rewrite; on any model failure the rule-based one, so the button always gives a result. */
export async function enhancePrompt(
  config: AiConfig,
  prompt: string,
  agent: AgentRow,
  context: ContextRow | null,
  log?: (err: unknown) => void,
): Promise<Enhanced> {
  if (!modelConfigured(config)) return enhanceByRules(prompt, agent, context);
  try {
    const text = await complete(
      config,
      [
        {
          role: "system",
          content:
            "You improve system prompts for customer-service chat agents on WhatsApp, SMS and RCS. Keep the author's intent and facts. " +
            "Make sure the prompt says who the agent is, to answer only from the knowledge passages it is given, when to hand over to a person, " +
            "to never ask for passwords or card details, to keep answers short, and to reply in the customer's language. Return only the improved prompt.",
        },
        {
          role: "user",
          content: `Agent: ${agent.name}\nPersona: ${agent.persona || "(none)"}\nBusiness: ${context ? `${context.companyName}, ${context.industry}; tone ${context.tone || "unspecified"}` : "(not described)"}\nChannels: ${agent.channels.join(", ")}\n\nPrompt to improve:\n${prompt || "(empty)"}`,
        },
      ],
      { temperature: 0.2, maxTokens: 800 },
    );
    return { enhancedPrompt: text, changes: [`Rewritten by the model ${config.llmModel}`], engine: "model" };
  } catch (err) {
    log?.(err);
    const fallback = enhanceByRules(prompt, agent, context);
    return {
      ...fallback,
      changes: ["The model could not be reached: rewritten by rules instead", ...fallback.changes],
    };
  }
}
