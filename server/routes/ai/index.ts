import type { Handlers } from "../context";
import { agentHandlers } from "./agents";
import { businessContextHandlers } from "./business-context";
import { configHandlers } from "./configs";
import { intentHandlers } from "./intents";
import { knowledgeHandlers } from "./knowledge";
import { marketplaceHandlers } from "./marketplace";

/** SPEC 7 "AI agents" and the marketplace (contract/calls/ai-agents.ts). */
export const aiHandlers: Handlers = {
  ...agentHandlers,
  ...configHandlers,
  ...knowledgeHandlers,
  ...businessContextHandlers,
  ...intentHandlers,
  ...marketplaceHandlers,
};
