import { Type } from "./type";
import { ALL } from "./access";
import { PAGE_DEFAULTS, PageQuery } from "./pagination";
import { ID, NOT_BUILT } from "./replies";
import type { CallDef } from "./types";

const FLOW = "/api/flow/v1";
const AI = ALL;
const text = () => Type.Optional(Type.String());

/** SPEC 7 "AI agents" (base /api/flow/v1; the sub-resources share it, our choice where SPEC is silent). */
export const AI_AGENT_CALLS = {
  "ai.agents.create": { method: "POST", path: `${FLOW}/agents`, access: AI, response: NOT_BUILT },
  "ai.agents.list": { method: "GET", path: `${FLOW}/agents`, access: AI, query: PageQuery, response: NOT_BUILT },
  "ai.agents.get": { method: "GET", path: `${FLOW}/agents/:id`, access: AI, params: ID, response: NOT_BUILT },
  "ai.agents.update": { method: "PUT", path: `${FLOW}/agents/:id`, access: AI, params: ID, response: NOT_BUILT },
  "ai.agents.delete": { method: "DELETE", path: `${FLOW}/agents/:id`, access: AI, params: ID, response: NOT_BUILT },
  "ai.agentConfigs.stats": { method: "GET", path: `${FLOW}/agent-configs/stats`, access: AI, response: NOT_BUILT },
  "ai.agentConfigs.list": { method: "GET", path: `${FLOW}/agent-configs`, access: AI, query: PageQuery, response: NOT_BUILT },
  "ai.agentConfigs.enhancePrompt": { method: "POST", path: `${FLOW}/agent-configs/agent/:id/enhance-prompt`, access: AI, params: ID, response: NOT_BUILT },
  "ai.agentConfigs.setDefault": { method: "POST", path: `${FLOW}/agent-configs/agent/:id/default`, access: AI, params: ID, response: NOT_BUILT },
  "ai.agentConfigs.createForAgent": { method: "POST", path: `${FLOW}/agent-configs/agent/:id`, access: AI, params: ID, response: NOT_BUILT },
  "ai.agentConfigs.updateForAgent": { method: "PUT", path: `${FLOW}/agent-configs/agent/:id`, access: AI, params: ID, response: NOT_BUILT },
  "ai.agentConfigs.deleteForAgent": { method: "DELETE", path: `${FLOW}/agent-configs/agent/:id`, access: AI, params: ID, response: NOT_BUILT },
  "ai.agentConfigs.validate": { method: "GET", path: `${FLOW}/agent-configs/:id/validate`, access: AI, params: ID, response: NOT_BUILT },
  "ai.agentConfigs.get": { method: "GET", path: `${FLOW}/agent-configs/:id`, access: AI, params: ID, response: NOT_BUILT },
  "ai.agentConfigs.update": { method: "PUT", path: `${FLOW}/agent-configs/:id`, access: AI, params: ID, response: NOT_BUILT },
  "ai.agentConfigs.delete": { method: "DELETE", path: `${FLOW}/agent-configs/:id`, access: AI, params: ID, response: NOT_BUILT },
  "ai.knowledge.create": { method: "POST", path: `${FLOW}/knowledge`, access: AI, response: NOT_BUILT },
  "ai.knowledge.list": { method: "GET", path: `${FLOW}/knowledge`, access: AI, query: PageQuery, response: NOT_BUILT },
  "ai.knowledge.stats": { method: "GET", path: `${FLOW}/knowledge/stats`, access: AI, response: NOT_BUILT },
  "ai.knowledge.search": {
    method: "GET", path: `${FLOW}/knowledge/search`, access: AI, queryDefaults: { limit: PAGE_DEFAULTS.limit },
    query: Type.Object({ query: text(), agentId: text(), intent: text(), limit: PageQuery.properties.limit }), response: NOT_BUILT,
  },
  "ai.knowledge.get": { method: "GET", path: `${FLOW}/knowledge/:id`, access: AI, params: ID, response: NOT_BUILT },
  "ai.knowledge.update": { method: "PUT", path: `${FLOW}/knowledge/:id`, access: AI, params: ID, response: NOT_BUILT },
  "ai.knowledge.delete": { method: "DELETE", path: `${FLOW}/knowledge/:id`, access: AI, params: ID, response: NOT_BUILT },
  "ai.businessContext.create": { method: "POST", path: `${FLOW}/business-context`, access: "signed-in", response: NOT_BUILT },
  "ai.businessContext.list": { method: "GET", path: `${FLOW}/business-context`, access: "signed-in", response: NOT_BUILT },
  "ai.businessContext.stats": { method: "GET", path: `${FLOW}/business-context/stats`, access: "signed-in", response: NOT_BUILT },
  "ai.businessContext.summary": { method: "GET", path: `${FLOW}/business-context/summary`, access: "signed-in", response: NOT_BUILT },
  "ai.businessContext.search": {
    method: "GET", path: `${FLOW}/business-context/search`, access: "signed-in", queryDefaults: PAGE_DEFAULTS,
    query: Type.Object({ query: text(), industry: text(), companyName: text(), ...PageQuery.properties }), response: NOT_BUILT,
  },
  "ai.businessContext.getForAgent": { method: "GET", path: `${FLOW}/business-context/agent/:id`, access: "signed-in", params: ID, response: NOT_BUILT },
  "ai.businessContext.updateForAgent": { method: "PUT", path: `${FLOW}/business-context/agent/:id`, access: "signed-in", params: ID, response: NOT_BUILT },
  "ai.businessContext.validate": { method: "GET", path: `${FLOW}/business-context/:id/validate`, access: "signed-in", params: ID, response: NOT_BUILT },
  "ai.businessContext.get": { method: "GET", path: `${FLOW}/business-context/:id`, access: "signed-in", params: ID, response: NOT_BUILT },
  "ai.businessContext.update": { method: "PUT", path: `${FLOW}/business-context/:id`, access: "signed-in", params: ID, response: NOT_BUILT },
  "ai.businessContext.delete": { method: "DELETE", path: `${FLOW}/business-context/:id`, access: "signed-in", params: ID, response: NOT_BUILT },
  "ai.intents.create": { method: "POST", path: `${FLOW}/intent-mappings`, access: AI, response: NOT_BUILT },
  "ai.intents.list": { method: "GET", path: `${FLOW}/intent-mappings`, access: AI, response: NOT_BUILT },
  "ai.intents.stats": { method: "GET", path: `${FLOW}/intent-mappings/stats`, access: AI, response: NOT_BUILT },
  "ai.intents.testClassification": { method: "POST", path: `${FLOW}/intent-mappings/test-classification`, access: AI, response: NOT_BUILT },
  "ai.intents.bulk": { method: "POST", path: `${FLOW}/intent-mappings/bulk`, access: AI, response: NOT_BUILT },
  "ai.intents.get": { method: "GET", path: `${FLOW}/intent-mappings/:id`, access: AI, params: ID, response: NOT_BUILT },
  "ai.intents.update": { method: "PUT", path: `${FLOW}/intent-mappings/:id`, access: AI, params: ID, response: NOT_BUILT },
  "ai.intents.delete": { method: "DELETE", path: `${FLOW}/intent-mappings/:id`, access: AI, params: ID, response: NOT_BUILT },
} as const satisfies Record<string, CallDef>;
