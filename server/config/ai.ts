// The AI endpoints' settings from the environment: an OpenAI-compatible chat endpoint for answers and prompt rewrites,
// and one for embeddings (hybrid search). Both optional. Beside config.ts, below services/ai/llm.ts that calls them.

export interface AiConfig {
  /** Base URL of the chat endpoint, e.g. http://localhost:11434/v1 (LLM_URL); with `llmModel` answers are generated. */
  llmUrl?: string;
  llmModel?: string;
  llmApiKey?: string;
  /** Base URL for embeddings (EMBEDDINGS_URL, default LLM_URL); with `embeddingsModel` search is hybrid. */
  embeddingsUrl?: string;
  embeddingsModel?: string;
  embeddingsApiKey?: string;
  /** How long one model call may take before the rule-based answer is used instead (LLM_TIMEOUT_MS). */
  timeoutMs: number;
}

export function aiConfigFromEnv(env: NodeJS.ProcessEnv): AiConfig {
  const base = (v: string | undefined) => v?.trim().replace(/\/+$/, "") || undefined;
  const timeout = Number(env.LLM_TIMEOUT_MS ?? "");
  return {
    llmUrl: base(env.LLM_URL),
    llmModel: env.LLM_MODEL?.trim() || undefined,
    llmApiKey: env.LLM_API_KEY || undefined,
    embeddingsUrl: base(env.EMBEDDINGS_URL) ?? base(env.LLM_URL),
    embeddingsModel: env.EMBEDDINGS_MODEL?.trim() || undefined,
    embeddingsApiKey: env.EMBEDDINGS_API_KEY || env.LLM_API_KEY || undefined,
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : 20_000,
  };
}
