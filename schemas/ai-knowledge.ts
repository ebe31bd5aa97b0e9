import { AI_LIMITS } from "../contract/domain/ai";
import { AI_AGENT_ID, AI_NAME, INTENT_NAME, shortText } from "./ai-fields";

export const FAQ_PAIRS = {
  type: "array",
  title: "Questions and answers",
  maxItems: AI_LIMITS.faqsMax,
  items: {
    type: "object",
    additionalProperties: false,
    required: ["question", "answer"],
    properties: {
      question: { ...shortText("Question", 500), minLength: 1 },
      answer: { ...shortText("Answer", 4000), minLength: 1 },
    },
  },
} as const;

/** Text or FAQ pairs as JSON; a file (PDF, DOCX, TXT, CSV) comes as multipart with the fields of ai-knowledge-file. */
export const aiKnowledge = {
  title: "Knowledge",
  type: "object",
  additionalProperties: false,
  required: ["title", "kind"],
  properties: {
    title: { ...AI_NAME, title: "Title", maxLength: 200 },
    kind: { type: "string", title: "Kind", enum: ["text", "faq"], default: "text" },
    content: {
      ...shortText("Text", AI_LIMITS.knowledgeTextMax),
      description: "Split into passages of about a paragraph.",
    },
    faqs: FAQ_PAIRS,
    agentId: { ...AI_AGENT_ID, description: "Empty: every agent of the account may use it." },
    intent: { ...INTENT_NAME, description: "Passages tagged with an intent rank first for it." },
  },
} as const;
