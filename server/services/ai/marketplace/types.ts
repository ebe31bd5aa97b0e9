import type { AiChannel, AiScope, IntentAction } from "../../../../contract/domain/ai";

export interface TemplateIntent {
  name: string;
  description: string;
  action: IntentAction;
  /** The reply of a `template` intent; {{agent}} and {{company}} are filled from the agent and its business context. */
  response: string;
  examples: string[];
}

export interface TemplateKnowledge {
  title: string;
  intent?: string;
  /** Either a text, split into passages, or FAQ pairs. */
  content?: string;
  faqs?: { question: string; answer: string }[];
}

/** A ready-made agent: what one click in the marketplace creates. */
export interface MarketplaceTemplate {
  id: string;
  name: string;
  category: string;
  description: string;
  /** A console icon name (src/pages/marketplace maps it). */
  icon: "order" | "calendar" | "faq" | "lead";
  channels: AiChannel[];
  scope: AiScope;
  persona: string;
  prompt: string;
  intents: TemplateIntent[];
  knowledge: TemplateKnowledge[];
  business: {
    companyName: string;
    industry: string;
    description: string;
    hours: string;
    policies: string;
    tone: string;
    products: string[];
  };
  sampleQuestions: string[];
}
