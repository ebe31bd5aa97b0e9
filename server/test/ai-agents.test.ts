// The AI agent hub's calls against the real server: agents (the SPEC 3 list shape), configurations (enhance-prompt,
// defaults, validation), business context (SPEC 6: any signed-in account, records within their tenant), intents (bulk,
// test-classification, retraining), the marketplace; tenant isolation; refused input changes nothing.
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALLS } from "../../contract/calls";
import { MSG } from "../../contract/messages";
import { LIVE_AGENT_AI_ACCESS } from "../auth/live-agent-access";
import { aiAgentConfigs, aiAgents, aiBusinessContexts, aiIntents, aiKnowledge } from "../db/schema";
import { startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
// The demo seed (a 10,000-message conversation) takes long on a busy machine.
beforeAll(async () => {
  server = await startServer();
}, 240_000);
afterAll(async () => server?.close());

const FLOW = "/api/flow/v1";
type Json = Record<string, unknown>;
const body = <T = Json>(res: { json: () => unknown }) => res.json() as T;

async function call(as: DemoName, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: Json) {
  return server.call({ method, url: `${FLOW}${url}`, as, ...(payload ? { payload } : {}) });
}

async function rows() {
  const db = server.database.db;
  const n = async (
    t: typeof aiAgents | typeof aiIntents | typeof aiAgentConfigs | typeof aiBusinessContexts | typeof aiKnowledge,
  ) => (await db.select({ n: count() }).from(t))[0].n;
  return {
    agents: await n(aiAgents),
    intents: await n(aiIntents),
    configs: await n(aiAgentConfigs),
    contexts: await n(aiBusinessContexts),
    knowledge: await n(aiKnowledge),
  };
}

const AGENT = { name: "Front desk", channels: ["whatsapp"], scope: "unassigned", persona: "Kind and brief." };

describe("agents", () => {
  let id = "";

  it("creates an agent with the default hand-off rule and lists it as SPEC 3 says (data.agents, data.count, pagination)", async () => {
    const res = await call("manager", "POST", "/agents", AGENT);
    expect(res.statusCode, res.body).toBe(201);
    const agent = body<{
      data: { _id: string; enabled: boolean; handoff: { confidenceThreshold: number; keywords: string[] } };
    }>(res).data;
    id = agent._id;
    expect(agent.enabled).toBe(true);
    expect(agent.handoff.keywords).toContain("human");
    expect(agent.handoff.confidenceThreshold).toBeGreaterThan(0);
    const list = body<{ data: { agents: { _id: string }[]; count: number }; pagination: Json }>(
      await call("manager", "GET", "/agents?limit=5"),
    );
    expect(list.data.count).toBe(1);
    expect(list.data.agents.map((a) => a._id)).toEqual([id]);
    expect(list.pagination).toEqual({ page: 1, limit: 5, total: 1, totalPages: 1 });
  });

  it("refuses bad agents and changes nothing", async () => {
    const before = await rows();
    const cases: [Json, number][] = [
      [{ ...AGENT, name: "Keyword bot", scope: "keyword" }, 400], // a keyword scope with no keyword
      [{ ...AGENT, name: "No channel", channels: [] }, 400],
      [{ ...AGENT, name: "Odd", channels: ["fax"] }, 400],
      [
        {
          ...AGENT,
          name: "Hours",
          handoff: {
            confidenceThreshold: 0.5,
            keywords: [],
            message: "Hi",
            businessHours: { enabled: true, timezone: "Mars/Olympus", days: [1], start: "09:00", end: "17:00" },
          },
        },
        400,
      ],
      [
        {
          ...AGENT,
          name: "Threshold",
          handoff: {
            confidenceThreshold: 2,
            keywords: [],
            message: "Hi",
            businessHours: { enabled: false, timezone: "Asia/Kolkata", days: [], start: "09:00", end: "17:00" },
          },
        },
        400,
      ],
      [AGENT, 409], // the same name again
    ];
    for (const [payload, status] of cases) {
      const res = await call("manager", "POST", "/agents", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(body(res)).toMatchObject({ success: false });
    }
    expect(await rows()).toEqual(before);
  });

  it("updates only what is sent, and answers 404 to another tenant for get, update and delete", async () => {
    const res = await call("manager", "PUT", `/agents/${id}`, { enabled: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: { enabled: boolean; persona: string; name: string } }>(res).data).toMatchObject({
      enabled: false,
      persona: "Kind and brief.",
      name: "Front desk",
    });
    for (const [method, payload] of [["GET"], ["PUT", { name: "Stolen" }], ["DELETE"]] as const) {
      const other = await call("globex", method, `/agents/${id}`, payload);
      expect(other.statusCode).toBe(404);
    }
    expect(body<{ data: { count: number } }>(await call("globex", "GET", "/agents")).data.count).toBe(0);
    expect(body<{ data: { name: string } }>(await call("manager", "GET", `/agents/${id}`)).data.name).toBe(
      "Front desk",
    );
  });

  it("lets a live agent of the account read its owner's agents", async () => {
    const list = body<{ data: { agents: { _id: string }[] } }>(await call("agent", "GET", "/agents"));
    expect(list.data.agents.map((a) => a._id)).toContain(id);
  });
});

describe("marketplace", () => {
  it("makes an agent with intents, sample knowledge, a configuration and a business context in one step", async () => {
    const templates = body<{ data: { id: string; installed: number }[] }>(
      await call("user", "GET", "/marketplace"),
    ).data;
    expect(templates.map((t) => t.id)).toEqual(["order-status", "appointment-booking", "faq", "lead-qualification"]);
    const res = await call("user", "POST", "/marketplace/order-status/install", {});
    expect(res.statusCode, res.body).toBe(201);
    const agent = body<{
      data: { _id: string; template: string; stats: { intents: number; knowledge: number; passages: number } };
    }>(res).data;
    expect(agent.template).toBe("order-status");
    expect(agent.stats.intents).toBe(8);
    expect(agent.stats.knowledge).toBe(5);
    expect(agent.stats.passages).toBeGreaterThanOrEqual(5);
    const configs = body<{ data: { isDefault: boolean; prompt: string }[] }>(
      await call("user", "GET", `/agent-configs?agentId=${agent._id}`),
    ).data;
    expect(configs).toHaveLength(1);
    expect(configs[0].isDefault).toBe(true);
    expect(
      body<{ data: { companyName: string } | null }>(await call("user", "GET", `/business-context/agent/${agent._id}`))
        .data?.companyName,
    ).toBe("Your Shop");
    expect(
      body<{ data: { id: string; installed: number }[] }>(await call("user", "GET", "/marketplace")).data.find(
        (t) => t.id === "order-status",
      )?.installed,
    ).toBe(1);
  });

  it("refuses a second agent of the same name and an unknown template, changing nothing", async () => {
    const before = await rows();
    expect((await call("user", "POST", "/marketplace/order-status/install", {})).statusCode).toBe(409);
    expect((await call("user", "POST", "/marketplace/no-such/install", {})).statusCode).toBe(404);
    expect(await rows()).toEqual(before);
  });
});

describe("agent configurations", () => {
  let agentId = "";
  let first = "";
  let second = "";

  beforeAll(async () => {
    agentId = body<{ data: { _id: string } }>(
      await call("depthead", "POST", "/agents", { name: "Config bot", channels: ["sms", "whatsapp"], scope: "all" }),
    ).data._id;
  });

  it("makes the agent's first configuration its default, and moves the default on request", async () => {
    const a = await call("depthead", "POST", `/agent-configs/agent/${agentId}`, { prompt: "help customers" });
    expect(a.statusCode, a.body).toBe(201);
    first = body<{ data: { _id: string; isDefault: boolean } }>(a).data._id;
    expect(body<{ data: { isDefault: boolean } }>(a).data.isDefault).toBe(true);
    const b = await call("depthead", "POST", `/agent-configs/agent/${agentId}`, {
      name: "Evening",
      prompt: "You are the evening desk. Answer only from the knowledge.",
    });
    second = body<{ data: { _id: string; isDefault: boolean } }>(b).data._id;
    expect(body<{ data: { isDefault: boolean } }>(b).data.isDefault).toBe(false);
    const set = await call("depthead", "POST", `/agent-configs/agent/${agentId}/default`, { configId: second });
    expect(set.statusCode, set.body).toBe(200);
    const list = body<{ data: { _id: string; isDefault: boolean }[] }>(
      await call("depthead", "GET", `/agent-configs?agentId=${agentId}`),
    ).data;
    expect(list.filter((c) => c.isDefault).map((c) => c._id)).toEqual([second]);
    expect(
      body<{ data: { total: number; defaults: number } }>(await call("depthead", "GET", "/agent-configs/stats")).data,
    ).toMatchObject({ total: 2, defaults: 1 });
  });

  it("enhances a prompt by rules without a model: enhancedPrompt beside originalPrompt, with what changed", async () => {
    const res = await call("depthead", "POST", `/agent-configs/agent/${agentId}/enhance-prompt`, {
      prompt: "help customers",
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = body<{
      originalPrompt: string;
      enhancedPrompt: string;
      data: { engine: string; changes: string[]; configId: string | null };
    }>(res);
    expect(out.originalPrompt).toBe("help customers");
    expect(out.enhancedPrompt).toContain("You are Config bot");
    expect(out.enhancedPrompt).toMatch(/only from the knowledge/);
    expect(out.enhancedPrompt).toMatch(/160 characters on SMS/);
    expect(out.data.engine).toBe("rules");
    expect(out.data.changes).toEqual(
      expect.arrayContaining([expect.stringMatching(/grounding rule/), expect.stringMatching(/hand over/)]),
    );
    // Deterministic: the same input gives the same rewrite.
    expect(
      body<{ enhancedPrompt: string }>(
        await call("depthead", "POST", `/agent-configs/agent/${agentId}/enhance-prompt`, { prompt: "help customers" }),
      ).enhancedPrompt,
    ).toBe(out.enhancedPrompt);
    // The default configuration's own prompt is enhanced and kept beside it.
    const kept = body<{ data: { configId: string | null } }>(
      await call("depthead", "POST", `/agent-configs/agent/${agentId}/enhance-prompt`, {}),
    );
    expect(kept.data.configId).toBe(second);
    expect(
      body<{ data: { enhancedPrompt: string | null } }>(await call("depthead", "GET", `/agent-configs/${second}`)).data
        .enhancedPrompt,
    ).toContain("Rules:");
  });

  it("validates a configuration: what is missing and what contradicts the agent's rules", async () => {
    await call("depthead", "PUT", `/agent-configs/${first}`, {
      prompt: "Never hand over to a human. Give detailed answers.",
      maxTokens: 60,
      temperature: 1.5,
    });
    const res = await call("depthead", "GET", `/agent-configs/${first}/validate`);
    expect(res.statusCode, res.body).toBe(200);
    const result = body<{ data: { valid: boolean; issues: { field: string; level: string; message: string }[] } }>(
      res,
    ).data;
    expect(result.valid).toBe(false);
    const fields = result.issues.map((i) => `${i.level}:${i.field}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        "error:prompt",
        "error:maxTokens",
        "error:agent",
        "warning:temperature",
        "warning:businessContext",
      ]),
    );
  });

  it("refuses a configuration that uses an enhanced prompt it does not have, changing nothing", async () => {
    const before = await rows();
    const res = await call("depthead", "POST", `/agent-configs/agent/${agentId}`, { prompt: "x", useEnhanced: true });
    expect(res.statusCode).toBe(400);
    expect(body<{ errors: { field: string }[] }>(res).errors[0].field).toBe("useEnhanced");
    expect(await rows()).toEqual(before);
  });

  it("deletes the default and hands the role to the remaining one; another tenant sees none of it", async () => {
    expect((await call("globex", "GET", `/agent-configs/${first}`)).statusCode).toBe(404);
    expect((await call("globex", "GET", `/agent-configs/${first}/validate`)).statusCode).toBe(404);
    expect((await call("globex", "POST", `/agent-configs/agent/${agentId}/enhance-prompt`, {})).statusCode).toBe(404);
    expect((await call("depthead", "DELETE", `/agent-configs/${second}`)).statusCode).toBe(200);
    const list = body<{ data: { _id: string; isDefault: boolean }[] }>(
      await call("depthead", "GET", `/agent-configs?agentId=${agentId}`),
    ).data;
    expect(list).toEqual([expect.objectContaining({ _id: first, isDefault: true })]);
    expect((await call("depthead", "DELETE", `/agent-configs/agent/${agentId}`)).statusCode).toBe(200);
    expect(body<{ count: number }>(await call("depthead", "GET", `/agent-configs?agentId=${agentId}`)).count).toBe(0);
  });
});

describe("business context (any signed-in account, within its tenant)", () => {
  let id = "";

  it("creates, searches, summarises and validates contexts", async () => {
    const res = await call("reseller", "POST", "/business-context", {
      companyName: "Chai Point",
      industry: "Food and beverage",
      description: "Tea cafés and delivery across Bengaluru.",
      email: "help@chaipoint.example",
      website: "https://chaipoint.example",
      hours: "7 am to 10 pm",
      products: ["Masala chai", "Snacks"],
    });
    expect(res.statusCode, res.body).toBe(201);
    id = body<{ data: { _id: string; completeness: number } }>(res).data._id;
    expect(body<{ data: { completeness: number } }>(res).data.completeness).toBe(60);
    await call("reseller", "POST", "/business-context", { companyName: "Bolt Bikes", industry: "Retail" });
    const search = body<{ data: { companyName: string }[]; count: number }>(
      await call("reseller", "GET", "/business-context/search?query=tea&page=1&limit=10"),
    );
    expect(search.data.map((c) => c.companyName)).toEqual(["Chai Point"]);
    expect(
      body<{ count: number }>(await call("reseller", "GET", "/business-context/search?industry=retail")).count,
    ).toBe(1);
    expect(
      body<{ count: number }>(await call("reseller", "GET", "/business-context/search?companyName=bolt")).count,
    ).toBe(1);
    const summary = body<{ data: { companyName: string; summary: string }[] }>(
      await call("reseller", "GET", "/business-context/summary"),
    ).data;
    expect(summary.find((s) => s.companyName === "Chai Point")?.summary).toMatch(
      /Chai Point is a Food and beverage business\. Tea cafés/,
    );
    expect(
      body<{ data: { total: number; industries: Json[] } }>(await call("reseller", "GET", "/business-context/stats"))
        .data.total,
    ).toBe(2);
    const validation = body<{ data: { valid: boolean; issues: { field: string }[] } }>(
      await call("reseller", "GET", `/business-context/${id}/validate`),
    ).data;
    expect(validation.valid).toBe(true);
    expect(validation.issues.map((i) => i.field)).toEqual(
      expect.arrayContaining(["address", "policies", "tone", "languages"]),
    );
  });

  it("keeps records within their tenant: another account gets 404 and lists none", async () => {
    for (const [method, url] of [
      ["GET", `/business-context/${id}`],
      ["PUT", `/business-context/${id}`],
      ["DELETE", `/business-context/${id}`],
      ["GET", `/business-context/${id}/validate`],
    ] as const) {
      expect((await call("admin", method, url, method === "PUT" ? { tone: "x" } : undefined)).statusCode).toBe(404);
    }
    expect(body<{ count: number }>(await call("admin", "GET", "/business-context")).count).toBe(0);
    expect(body<{ count: number }>(await call("admin", "GET", "/business-context/search?query=tea")).count).toBe(0);
  });

  it("writes an agent's own context on PUT /agent/:id, requiring name and industry on the first write", async () => {
    const agent = body<{ data: { _id: string } }>(
      await call("reseller", "POST", "/agents", { name: "Café bot", channels: ["whatsapp"], scope: "all" }),
    ).data._id;
    expect(body<{ data: null }>(await call("reseller", "GET", `/business-context/agent/${agent}`)).data).toBeNull();
    const before = await rows();
    expect((await call("reseller", "PUT", `/business-context/agent/${agent}`, { tone: "Warm" })).statusCode).toBe(400);
    expect(await rows()).toEqual(before);
    const created = await call("reseller", "PUT", `/business-context/agent/${agent}`, {
      companyName: "Chai Point",
      industry: "Cafés",
      tone: "Warm",
    });
    expect(created.statusCode, created.body).toBe(200);
    const updated = await call("reseller", "PUT", `/business-context/agent/${agent}`, { tone: "Cheerful" });
    expect(body<{ data: { tone: string; companyName: string; agentName: string } }>(updated).data).toMatchObject({
      tone: "Cheerful",
      companyName: "Chai Point",
      agentName: "Café bot",
    });
    expect(
      (await call("reseller", "POST", "/business-context", { companyName: "Dup", industry: "X", agentId: agent }))
        .statusCode,
    ).toBe(409);
  });
});

describe("intent mappings", () => {
  let agentId = "";

  beforeAll(async () => {
    agentId = body<{ data: { _id: string } }>(
      await call("manager", "POST", "/agents", { name: "Intent bot", channels: ["whatsapp"], scope: "unassigned" }),
    ).data._id;
  });

  it("creates intents in bulk, all or nothing, and classifies with the top three and their scores", async () => {
    const intents = [
      {
        name: "opening_hours",
        action: "knowledge",
        examples: ["when are you open", "opening hours", "what time do you close", "are you open on Sunday"],
      },
      {
        name: "book",
        action: "knowledge",
        examples: ["book a table", "reserve for two tonight", "I want a reservation", "table for four at 8"],
      },
      {
        name: "menu",
        action: "knowledge",
        examples: ["what is on the menu", "do you have vegan food", "show me the menu", "any gluten free dishes"],
      },
      { name: "human", action: "handoff", examples: ["talk to a person", "call me", "speak to the manager"] },
    ];
    const before = await rows();
    // The last intent is invalid (no examples): nothing of the batch is written.
    const refused = await call("manager", "POST", "/intent-mappings/bulk", {
      agentId,
      intents: [...intents, { name: "bad", action: "knowledge", examples: [] }],
    });
    expect(refused.statusCode).toBe(400);
    expect(
      (await call("manager", "POST", "/intent-mappings/bulk", { agentId, intents: [...intents, intents[0]] }))
        .statusCode,
    ).toBe(409);
    expect(await rows()).toEqual(before);
    const res = await call("manager", "POST", "/intent-mappings/bulk", { agentId, intents });
    expect(res.statusCode, res.body).toBe(201);
    expect(body<{ created: number; updated: number }>(res)).toMatchObject({ created: 4, updated: 0 });
    const test = await call("manager", "POST", "/intent-mappings/test-classification", {
      agentId,
      text: "can I reserve a table for six",
    });
    const result = body<{
      data: { intent: string; confidence: number; top: { intent: string; score: number }[]; action: string };
    }>(test).data;
    expect(result.intent).toBe("book");
    expect(result.action).toBe("knowledge");
    expect(result.top).toHaveLength(3);
    expect(result.top[0].score).toBeGreaterThan(result.top[1].score);
    expect(result.confidence).toBeGreaterThan(0.4);
  });

  it("retrains when an intent changes", async () => {
    const text = "is there parking near you";
    const before = body<{ data: { intent: string | null } }>(
      await call("manager", "POST", "/intent-mappings/test-classification", { agentId, text }),
    ).data;
    expect(before.intent).not.toBe("parking");
    const created = await call("manager", "POST", "/intent-mappings", {
      agentId,
      name: "parking",
      action: "knowledge",
      examples: ["where can I park", "is there parking", "parking available?"],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(
      body<{ data: { intent: string } }>(
        await call("manager", "POST", "/intent-mappings/test-classification", { agentId, text }),
      ).data.intent,
    ).toBe("parking");
    const id = body<{ data: { _id: string } }>(created).data._id;
    await call("manager", "PUT", `/intent-mappings/${id}`, { enabled: false });
    expect(
      body<{ data: { intent: string | null } }>(
        await call("manager", "POST", "/intent-mappings/test-classification", { agentId, text }),
      ).data.intent,
    ).not.toBe("parking");
    const stats = body<{ data: { total: number; enabled: number; byAction: { handoff: number } } }>(
      await call("manager", "GET", "/intent-mappings/stats"),
    ).data;
    expect(stats).toMatchObject({ total: 5, enabled: 4, byAction: expect.objectContaining({ handoff: 1 }) });
  });

  it("keeps intents within their tenant", async () => {
    const list = body<{ data: { _id: string }[] }>(
      await call("manager", "GET", `/intent-mappings?agentId=${agentId}&limit=100`),
    ).data;
    expect(list.length).toBe(5);
    expect((await call("globex", "GET", `/intent-mappings/${list[0]._id}`)).statusCode).toBe(404);
    expect(
      (await call("globex", "POST", "/intent-mappings/test-classification", { agentId, text: "hi" })).statusCode,
    ).toBe(400);
    expect(
      (await call("globex", "POST", "/intent-mappings", { agentId, name: "x", action: "knowledge", examples: ["x"] }))
        .statusCode,
    ).toBe(400);
    expect(body<{ count: number }>(await call("globex", "GET", "/intent-mappings")).count).toBe(0);
  });
});

describe("a live agent and its owner's AI records (the table in server/auth/live-agent-access.ts)", () => {
  // The manager's records, made by one marketplace install: an agent with a configuration, knowledge, intents and a
  // business context. "agent" (Asha) is a live agent of the manager: role user, chat module.
  const ids = { agent: "", config: "", knowledge: "", intent: "", context: "", template: "faq" };
  beforeAll(async () => {
    const installed = await call("manager", "POST", `/marketplace/${ids.template}/install`, {});
    expect(installed.statusCode, installed.body).toBe(201);
    ids.agent = body<{ data: { _id: string } }>(installed).data._id;
    ids.config = body<{ data: { _id: string }[] }>(
      await call("manager", "GET", `/agent-configs?agentId=${ids.agent}`),
    ).data[0]._id;
    ids.knowledge = body<{ data: { _id: string }[] }>(
      await call("manager", "GET", `/knowledge?agentId=${ids.agent}`),
    ).data[0]._id;
    ids.intent = body<{ data: { _id: string }[] }>(
      await call("manager", "GET", `/intent-mappings?agentId=${ids.agent}`),
    ).data[0]._id;
    ids.context = body<{ data: { _id: string } }>(
      await call("manager", "GET", `/business-context/agent/${ids.agent}`),
    ).data._id;
  });

  /** The id a call's `:id` names: an agent, or the record of the resource its path is under. */
  const idFor = (path: string) => {
    if (/\/(agents|agent-configs\/agent|business-context\/agent)\/:id/.test(path)) return ids.agent;
    if (path.includes("/agent-configs/:id")) return ids.config;
    if (path.includes("/knowledge/:id")) return ids.knowledge;
    if (path.includes("/intent-mappings/:id")) return ids.intent;
    if (path.includes("/business-context/:id")) return ids.context;
    if (path.includes("/marketplace/:id")) return ids.template;
    return "";
  };
  /** What a read needs besides the path (a search's words, a classification's text). */
  const READ_INPUT: Partial<Record<keyof typeof LIVE_AGENT_AI_ACCESS, { query?: string; payload?: () => Json }>> = {
    "ai.knowledge.search": { query: "?query=refund" },
    "ai.intents.testClassification": { payload: () => ({ agentId: ids.agent, text: "where is my order" }) },
  };
  const snapshot = async () => {
    const db = server.database.db;
    return JSON.stringify([
      await db.select().from(aiAgents),
      await db.select().from(aiAgentConfigs),
      await db.select().from(aiKnowledge),
      await db.select().from(aiIntents),
      await db.select().from(aiBusinessContexts),
    ]);
  };

  it.each(Object.entries(LIVE_AGENT_AI_ACCESS).filter(([, access]) => access === "none"))(
    "%s is refused with 403 and changes nothing",
    async (id) => {
      const def = CALLS[id as keyof typeof LIVE_AGENT_AI_ACCESS];
      const before = await snapshot();
      const url = def.path.replace(":id", idFor(def.path));
      const payload = def.method === "POST" || def.method === "PUT" ? { name: "pwn", text: "pwn" } : undefined;
      const res = await server.call({ method: def.method, url, as: "agent", ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBe(403);
      expect(body(res)).toEqual({ success: false, message: MSG.liveAgentAiReadOnly });
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(Object.entries(LIVE_AGENT_AI_ACCESS).filter(([, access]) => access === "read"))(
    "%s is answered to the live agent with its owner's records",
    async (id) => {
      const def = CALLS[id as keyof typeof LIVE_AGENT_AI_ACCESS];
      const input = READ_INPUT[id as keyof typeof LIVE_AGENT_AI_ACCESS];
      const url = `${def.path.replace(":id", idFor(def.path))}${input?.query ?? ""}`;
      const res = await server.call({
        method: def.method,
        url,
        as: "agent",
        ...(input?.payload ? { payload: input.payload() } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      // The same answer as the owner's own.
      const owners = await server.call({
        method: def.method,
        url,
        as: "manager",
        ...(input?.payload ? { payload: input.payload() } : {}),
      });
      expect(JSON.stringify(body(res)).replace(/"tookMs":[\d.]+/, "")).toBe(
        JSON.stringify(body(owners)).replace(/"tookMs":[\d.]+/, ""),
      );
    },
  );

  it("the owner itself still changes them, and an account that is no live agent keeps its own", async () => {
    const renamed = await call("manager", "PUT", `/agents/${ids.agent}`, { name: "FAQ desk" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call("user", "POST", "/agents", { ...AGENT, name: "Own desk" })).statusCode).toBe(201);
  });
});
