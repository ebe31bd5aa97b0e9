// A local stand-in for an OpenAI-compatible endpoint (POST /v1/chat/completions, POST /v1/embeddings), so the model
// path is tested without network or a paid model. Embeddings are bags of word prefixes hashed into 128 dimensions, with
// a few synonyms folded together (enough for related texts to lie near each other); chat completions answer from the
// first knowledge passage they are given, HANDOFF when the question shares no word with it, and rewrite prompts.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandIn {
  url: string;
  /** Every request body, by path. */
  requests: { path: string; body: Record<string, unknown> }[];
  /** While true every call answers 500. */
  failing: boolean;
  close(): Promise<void>;
}

const SYNONYMS: Record<string, string> = {
  abroad: "outsi",
  overseas: "outsi",
  international: "outsi",
  internationally: "outsi",
  parcel: "order",
  package: "order",
};
const STOP = new Set([
  "you",
  "your",
  "the",
  "and",
  "are",
  "for",
  "can",
  "with",
  "our",
  "not",
  "any",
  "this",
  "that",
  "have",
  "will",
  "from",
  "its",
  "has",
  "but",
  "all",
  "yet",
]);
const DIMENSIONS = 128;

const words = (text: string) =>
  (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((w) => w.length > 2 && !STOP.has(w))
    .map((w) => SYNONYMS[w] ?? w.slice(0, 5));

export function standInEmbedding(text: string): number[] {
  const v = new Array<number>(DIMENSIONS).fill(0);
  for (const w of words(text)) {
    let h = 0;
    for (const c of w) h = (h * 31 + c.charCodeAt(0)) >>> 0;
    v[h % DIMENSIONS] += 1;
  }
  return v;
}

async function read(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
}

type Chat = { role: string; content: string }[];

function chatReply(messages: Chat): string {
  const system = messages.find((m) => m.role === "system")?.content ?? "";
  const user = messages.find((m) => m.role === "user")?.content ?? "";
  if (system.startsWith("You improve system prompts"))
    return `You are a careful support agent (rewritten by the stand-in).\n${user.split("Prompt to improve:\n")[1] ?? ""}`;
  const passage = /\[1\] ([^\n]*)/.exec(system)?.[1] ?? "";
  const shared = words(user).filter((w) => words(passage).includes(w));
  if (!passage || shared.length === 0) return "HANDOFF";
  return `According to our policy: ${passage.split(": ").slice(1).join(": ").split(". ")[0]}.`;
}

export async function startStandIn(): Promise<StandIn> {
  const state: StandIn = { url: "", requests: [], failing: false, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      state.requests.push({ path: req.url ?? "", body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      if (state.failing) return send(500, { error: { message: "stand-in is down" } });
      if (req.method === "POST" && req.url === "/v1/embeddings") {
        const input = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input)];
        return send(200, {
          object: "list",
          model: body.model,
          data: input.map((text, index) => ({ object: "embedding", index, embedding: standInEmbedding(text) })),
        });
      }
      if (req.method === "POST" && req.url === "/v1/chat/completions") {
        const content = chatReply(body.messages as Chat);
        return send(200, {
          id: "chatcmpl-stand-in",
          object: "chat.completion",
          model: body.model,
          choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
        });
      }
      send(404, { error: { message: "not found" } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
