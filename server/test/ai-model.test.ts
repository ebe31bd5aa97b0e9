// The model path against a local stand-in speaking the OpenAI-compatible API (llm-stand-in.ts): with LLM_URL and
// LLM_MODEL answers are written by the model from the retrieved passages and the business context, enhance-prompt is
// the model's; with an embeddings model passages are embedded by the job (real[]) and search is hybrid. When the
// endpoint fails, answers and prompts fall back to the rules and search to full text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./harness";
import { startStandIn, type StandIn } from "./llm-stand-in";

let server: TestServer;
let standIn: StandIn;
let agentId = "";

const FLOW = "/api/flow/v1";
type Json = Record<string, unknown>;
const body = <T = Json>(res: { json: () => unknown }) => res.json() as T;
const call = (method: "GET" | "POST" | "PUT", url: string, payload?: Json) =>
  server.call({ method, url: `${FLOW}${url}`, as: "manager", ...(payload ? { payload } : {}) });

async function until<T>(check: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

// The demo seed (a 10,000-message conversation) takes long on a busy machine.
beforeAll(async () => {
  standIn = await startStandIn();
  server = await startServer({
    jobIntervalMs: 200,
    ai: {
      llmUrl: standIn.url,
      llmModel: "stand-in-chat",
      embeddingsUrl: standIn.url,
      embeddingsModel: "stand-in-embed",
      timeoutMs: 5000,
    },
  });
  const res = await call("POST", "/marketplace/order-status/install", {});
  expect(res.statusCode, res.body).toBe(201);
  agentId = body<{ data: { _id: string } }>(res).data._id;
}, 240_000);
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

describe("with an embeddings endpoint", () => {
  it("embeds every passage in the background and ranks hybrid", async () => {
    const stats = await until(async () => {
      const s = body<{ data: { passages: number; embedded: number; hybrid: boolean } }>(
        await call("GET", "/knowledge/stats"),
      ).data;
      return s.embedded === s.passages && s.passages > 0 ? s : undefined;
    });
    expect(stats.hybrid).toBe(true);
    expect(standIn.requests.some((r) => r.path === "/v1/embeddings" && r.body.model === "stand-in-embed")).toBe(true);
    // "abroad" is in no passage: full-text alone ranks another first; the embedding finds "outside India".
    const res = body<{ data: { title: string; vectorScore: number | null }[]; mode: string }>(
      await call("GET", `/knowledge/search?query=${encodeURIComponent("do you ship abroad")}&agentId=${agentId}`),
    );
    expect(res.mode).toBe("hybrid");
    expect(res.data[0].title).toBe("Delivery times and charges");
    expect(res.data[0].vectorScore).toBeGreaterThan(0);
  });
});

describe("with a chat model", () => {
  it("writes the answer from the retrieved passages, the prompt and the business context", async () => {
    standIn.requests.length = 0;
    const res = await call("POST", `/agents/${agentId}/playground`, { message: "How long does delivery take?" });
    expect(res.statusCode, res.body).toBe(200);
    const answer = body<{ data: { engine: string; outcome: string; reply: string; sources: { title: string }[] } }>(
      res,
    ).data;
    expect(answer).toMatchObject({ engine: "model", outcome: "answered" });
    expect(answer.reply).toMatch(/^According to our policy: We deliver across India\./);
    expect(answer.sources[0].title).toBe("Delivery times and charges");
    const chat = standIn.requests.find((r) => r.path === "/v1/chat/completions");
    expect(chat?.body).toMatchObject({ model: "stand-in-chat", temperature: expect.closeTo(0.3, 5), max_tokens: 300 });
    const system = (chat?.body.messages as { role: string; content: string }[])[0].content;
    expect(system).toContain("You answer customers of an online shop");
    expect(system).toContain("About the business: Your Shop is a E-commerce business.");
    expect(system).toMatch(/\[1\] Delivery times and charges: /);
  });

  it("hands over when the model finds no answer in the passages", async () => {
    // A confident refund intent; its passage shares no word with the question, so the stand-in answers HANDOFF.
    const res = await call("POST", `/agents/${agentId}/playground`, { message: "I want my money back" });
    const answer = body<{ data: { engine: string; outcome: string; intent: string; handoffReason: string | null } }>(
      res,
    ).data;
    expect(answer).toMatchObject({
      engine: "model",
      outcome: "handoff",
      intent: "refund_return",
      handoffReason: "out-of-scope",
    });
  });

  it("enhances the prompt with the model", async () => {
    const res = await call("POST", `/agent-configs/agent/${agentId}/enhance-prompt`, {});
    const out = body<{ originalPrompt: string; enhancedPrompt: string; data: { engine: string; changes: string[] } }>(
      res,
    );
    expect(out.data.engine).toBe("model");
    expect(out.enhancedPrompt).toMatch(
      /^You are a careful support agent \(rewritten by the stand-in\)\.\nYou answer customers of an online shop/,
    );
    expect(out.originalPrompt).toMatch(/^You answer customers of an online shop/);
    expect(out.data.changes).toEqual(["Rewritten by the model stand-in-chat"]);
  });

  it("answers an inbox customer with the model, logged as such", async () => {
    const addresses = body<{ data: { channel: string; address: string }[] }>(
      await server.call({ method: "GET", url: "/api/v1/sandbox/phone/addresses", as: "manager" }),
    ).data;
    const address = addresses.find((a) => a.channel === "whatsapp")?.address ?? "";
    const number = "+919876500777";
    await server.call({
      method: "POST",
      url: "/api/v1/sandbox/phone/messages",
      as: "manager",
      payload: { channel: "whatsapp", address, number, text: "Can I pay cash on delivery?" },
    });
    const log = await until(async () => {
      const res = body<{ data: { engine: string; outcome: string; reply: string; customerNumber: string }[] }>(
        await call("GET", `/agents/${agentId}/answers?limit=50`),
      );
      return res.data.find((a) => a.customerNumber === number);
    });
    expect(log).toMatchObject({ engine: "model", outcome: "answered" });
    expect(log.reply).toMatch(/^According to our policy: We accept UPI/);
  });

  it("falls back to the rules when the endpoint fails, and search to full text", async () => {
    standIn.failing = true;
    try {
      const answer = body<{ data: { engine: string; outcome: string; reply: string } }>(
        await call("POST", `/agents/${agentId}/playground`, { message: "How long does delivery take?" }),
      ).data;
      expect(answer).toMatchObject({ engine: "rules", outcome: "answered" });
      expect(answer.reply).toMatch(/2 to 3 working days/);
      const enhanced = body<{ data: { engine: string; changes: string[] } }>(
        await call("POST", `/agent-configs/agent/${agentId}/enhance-prompt`, { prompt: "help" }),
      ).data;
      expect(enhanced.engine).toBe("rules");
      expect(enhanced.changes[0]).toMatch(/could not be reached/);
      expect(body<{ mode: string; data: unknown[] }>(await call("GET", "/knowledge/search?query=refund")).mode).toBe(
        "full-text",
      );
    } finally {
      standIn.failing = false;
    }
  });
});
