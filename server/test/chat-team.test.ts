// The inbox's team list and assignment as a live agent would use them: the agent (role user, chat module only) reads
// its owner's team (names and presence, nothing more), takes an unassigned conversation ("Assign to me"), hands it to
// a teammate; nobody reads or assigns across tenants.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

type Member = { _id: string; name: string; presence: string; isOnline: boolean; you: boolean };
type Conversation = { _id: string; assignedAgentId: string | null; assignedAgentName: string | null };

const team = async (as: Parameters<TestServer["call"]>[0]["as"], token?: string) => {
  const res = await server.call({ method: "GET", url: "/api/v1/chats/team", as, token });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Member[] }).data;
};

/** A new active agent of `owner`, signed in: its agent id and token. */
async function newAgent(owner: "manager" | "globex", name: string): Promise<{ id: string; token: string }> {
  const username = name.toLowerCase().replace(/\W+/g, "_");
  const created = await server.call({
    method: "POST",
    url: "/api/live-agent/create-agent",
    as: owner,
    payload: { name, email: `${username}@example.com`, username, password: "Agent-pass-2026" },
  });
  expect(created.statusCode).toBe(200);
  const login = await server.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { email: username, password: "Agent-pass-2026" },
  });
  expect(login.statusCode).toBe(200);
  return {
    id: (created.json() as { data: { _id: string } }).data._id,
    token: (login.json() as { data: { token: string } }).data.token,
  };
}

async function unassigned(as: "agent" | "manager"): Promise<Conversation> {
  const res = await server.call({ method: "GET", url: "/api/v1/chats?scope=unassigned&limit=50", as });
  const list = (res.json() as { data: Conversation[] }).data;
  const first = list[0];
  if (!first) throw new Error("no unassigned conversation in the seed");
  return first;
}

const assign = (id: string, agentId: string | null, who: { as?: "agent" | "manager" | "globex"; token?: string }) =>
  server.call({ method: "POST", url: `/api/v1/chats/${id}/assign`, payload: { agentId }, ...who });

describe("the inbox's team list", () => {
  it("a live agent reads its owner's active team: names and presence only, itself marked", async () => {
    // The owner's full list stays the Team Members screen's (module agent): a live agent has only the chat module.
    expect((await server.call({ method: "GET", url: "/api/live-agent/agents", as: "agent" })).statusCode).toBe(403);
    const members = await team("agent");
    expect(members.map((m) => m.name)).toEqual(["Asha Verma"]);
    expect(Object.keys(members[0] ?? {}).sort()).toEqual(["_id", "isOnline", "name", "presence", "you"]);
    expect(members[0]).toMatchObject({ you: true, presence: "offline", isOnline: false });
    // The owner sees the same team (the open invitation is not a member yet), itself not among them.
    expect((await team("manager")).map((m) => [m.name, m.you])).toEqual([["Asha Verma", false]]);
  });

  it("each tenant sees its own team only; an account without agents an empty one", async () => {
    const kiran = await newAgent("globex", "Kiran Globex");
    expect((await team(undefined, kiran.token)).map((m) => m.name)).toEqual(["Kiran Globex"]);
    expect((await team("globex")).map((m) => m.name)).toEqual(["Kiran Globex"]);
    expect((await team("manager")).map((m) => m.name)).not.toContain("Kiran Globex");
    // A sub-user of the manager with the chat module works in an inbox of its own, with no team.
    expect(await team("priya")).toEqual([]);
  });
});

describe("assignment by a live agent", () => {
  it("takes an unassigned conversation, hands it to a teammate, and cannot reach other tenants' agents", async () => {
    const [asha] = await team("agent");
    const dev = await newAgent("manager", "Dev Manager Team");
    const globexAgent = await newAgent("globex", "Gaurav Globex");
    const chat = await unassigned("agent");

    const taken = await assign(chat._id, asha?._id ?? "", { as: "agent" });
    expect(taken.statusCode).toBe(200);
    expect((taken.json() as { data: Conversation }).data).toMatchObject({
      assignedAgentId: asha?._id,
      assignedAgentName: "Asha Verma",
    });

    // Another tenant's agent is no agent of this team: refused, and nothing changes.
    const foreign = await assign(chat._id, globexAgent.id, { as: "agent" });
    expect(foreign.statusCode).toBe(400);
    // Nor can another tenant's agent touch the conversation at all.
    expect((await assign(chat._id, globexAgent.id, { token: globexAgent.token })).statusCode).toBe(404);

    const handed = await assign(chat._id, dev.id, { as: "agent" });
    expect(handed.statusCode).toBe(200);
    expect((handed.json() as { data: Conversation }).data).toMatchObject({
      assignedAgentId: dev.id,
      assignedAgentName: "Dev Manager Team",
    });
    // Now it is the teammate's: out of Asha's reach (as if it did not exist), in Dev's, who hands it back to the team.
    expect((await assign(chat._id, asha?._id ?? "", { as: "agent" })).statusCode).toBe(404);
    expect((await assign(chat._id, null, { token: dev.token })).statusCode).toBe(200);
    expect(
      (await server.call({ method: "GET", url: `/api/v1/chats/${chat._id}`, as: "manager" })).json(),
    ).toMatchObject({ data: { assignedAgentId: null } });
  });
});
