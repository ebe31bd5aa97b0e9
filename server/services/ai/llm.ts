// An OpenAI-compatible endpoint (OpenAI, Azure OpenAI's compatible route, Ollama, vLLM, LM Studio, llama.cpp's
// server...): chat completions for answers and prompt rewrites, embeddings for hybrid search. Both are optional; the
// hub works without network and gets better with them.
import type { AiConfig } from "../../config/ai";

export const modelConfigured = (c: AiConfig | undefined): c is AiConfig & { llmUrl: string; llmModel: string } =>
  Boolean(c?.llmUrl && c.llmModel);
export const embeddingsConfigured = (
  c: AiConfig | undefined,
): c is AiConfig & { embeddingsUrl: string; embeddingsModel: string } => Boolean(c?.embeddingsUrl && c.embeddingsModel);

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export class ModelError extends Error {}

async function post<T>(url: string, apiKey: string | undefined, body: unknown, timeoutMs: number): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new ModelError(`model endpoint unreachable: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!res.ok)
    throw new ModelError(`model endpoint answered ${res.status}: ${(await res.text().catch(() => "")).slice(0, 200)}`);
  return (await res.json()) as T;
}

/** One chat completion; the first choice's text. */
export async function complete(
  config: AiConfig & { llmUrl: string; llmModel: string },
  messages: ChatMessage[],
  options: { model?: string | null; temperature?: number; maxTokens?: number } = {},
): Promise<string> {
  const reply = await post<{ choices?: { message?: { content?: string } }[] }>(
    `${config.llmUrl}/chat/completions`,
    config.llmApiKey,
    {
      model: options.model || config.llmModel,
      messages,
      temperature: options.temperature ?? 0.3,
      max_tokens: options.maxTokens ?? 300,
    },
    config.timeoutMs,
  );
  const text = reply.choices?.[0]?.message?.content;
  if (typeof text !== "string" || !text.trim()) throw new ModelError("model endpoint answered without text");
  return text.trim();
}

/** Embeddings of several texts, in their order. */
export async function embed(
  config: AiConfig & { embeddingsUrl: string; embeddingsModel: string },
  input: string[],
): Promise<number[][]> {
  const reply = await post<{ data?: { index?: number; embedding?: number[] }[] }>(
    `${config.embeddingsUrl}/embeddings`,
    config.embeddingsApiKey,
    { model: config.embeddingsModel, input },
    config.timeoutMs,
  );
  const data = reply.data ?? [];
  if (data.length !== input.length)
    throw new ModelError(`embeddings endpoint answered ${data.length} vectors for ${input.length} texts`);
  const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  return ordered.map((d) => {
    if (!Array.isArray(d.embedding) || d.embedding.length === 0)
      throw new ModelError("embeddings endpoint answered an empty vector");
    return d.embedding;
  });
}
