// The one door from workflows to the AI agent hub (issue 13, built on another branch): the trigger "AI intent
// detected", the condition "Intent is" and the action "Hand to an AI agent" call only this. The default answers
// every call with a plain step error, so a workflow that uses them fails its step with a message that says why; the
// hub's merge replaces `defaultAiBridge` (server/plugins/app/jobs.ts passes it to the engine).
import { AI_NOT_AVAILABLE } from "../../../contract/domain/workflow-runs";

export interface IntentResult {
  intent: string;
  /** 0 to 1. */
  confidence: number;
}

export interface AiBridge {
  /** The intent of a customer's text for an account. */
  classify(ownerId: string, text: string): Promise<IntentResult>;
  /** An AI agent of the account takes the conversation. */
  handToAgent(ownerId: string, conversationId: string, agentId: string): Promise<void>;
  /** Whether the hub is here at all: events for the AI-intent trigger are not queued without it. */
  readonly available: boolean;
}

export class AiUnavailableError extends Error {
  constructor() {
    super(AI_NOT_AVAILABLE);
  }
}

export const defaultAiBridge: AiBridge = {
  available: false,
  classify: () => Promise.reject(new AiUnavailableError()),
  handToAgent: () => Promise.reject(new AiUnavailableError()),
};
