// The scale scenario, run against server processes behind the balancer (balancer.ts) on one PostgreSQL: a big
// campaign, agents chatting over sockets with customers on the simulated phone, one process killed with SIGKILL
// mid-run and started again; then every check of issue 16. The small version runs in `npm test`
// (server/test/scale.pg.test.ts), the big one is `npm run bench -- scale` (bench/scale-run.ts).
import { sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { SERVER_SHUTDOWN_EVENT } from "../../../contract/constants";
import { PROGRESS_EVENT } from "../../../contract/domain/campaigns";
import { CHAT_MESSAGE_EVENT, SEND_MESSAGE_EVENT, type RealtimeChatMessage } from "../../../contract/domain/chats";
import type { Database } from "../../db/client";
import { pgArray, rowsOf } from "../../db/sql";
import { applyMoves, creditMoves } from "../../services/balance/ledger";
import { insertCampaign, ordinaryNumbers, whatsappTemplate } from "../campaign-fixtures";
import { readSendLog } from "../crash-child";
import type { ScenarioPart, PartContext } from "./scenario-parts";

export interface ScaleOptions {
  /** The balancer's address. */
  base: string;
  /** Ports of the server processes now (direct calls: sessions and rate limits across processes). */
  backendPorts(): number[];
  /** The test's own connection to the database (set-up and checks). */
  database: Database;
  password: string;
  recipients: number;
  agents: number;
  /** Customer messages per second while the campaign runs (and at least `minChat` in all). */
  chatPerSecond: number;
  minChat: number;
  /** The campaign's fraction sent when `kill` is called; null: no kill. */
  killAt: number | null;
  /** Which backend (index) `kill` kills. */
  victim: number;
  /** The balancer's open WebSockets: which backend each went to. */
  sockets(): { url: string; backend: number }[];
  /** SIGKILLs one process; `restart` starts it again on the same port (resolves when it is ready). */
  kill(): Promise<void>;
  restart(): Promise<void>;
  /** The sandbox send log every process shares (SANDBOX_SEND_LOG). */
  sendLog: string;
  /** RATE_LIMIT_RESET_PER_IP of the processes (the cross-process rate-limit check); 0 skips it. */
  resetLimit: number;
  parts: ScenarioPart[];
  log(message: string): void;
}

export interface ScaleResult {
  problems: string[];
  figures: {
    recipients: number;
    sendSeconds: number;
    messagesPerSecond: number;
    acceptedBeforeKill: number;
    resentAfterKill: number;
    chatSent: number;
    chatRetried: number;
    inboundToAgentP50: number;
    inboundToAgentP95: number;
    replyAckP95: number;
    postP95: number;
    crossProcessDeliveries: number;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

interface Http {
  status: number;
  body: unknown;
  backend: number;
}

/** One HTTP call; a refused or cut connection answers status 0. */
async function call(url: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<Http> {
  try {
    const res = await fetch(url, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: {
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body, backend: Number(res.headers.get("x-backend") ?? -1) };
  } catch {
    return { status: 0, body: null, backend: -1 };
  }
}

/** A call through the balancer, retried while no process answers (a client's retry after a 502/503 or a cut). */
async function retried(
  url: string,
  init: Parameters<typeof call>[1],
  attempts = 40,
): Promise<Http & { attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    const res = await call(url, init);
    if (![0, 502, 503].includes(res.status) || attempt >= attempts) return { ...res, attempts: attempt };
    await sleep(250);
  }
}

const data = <T>(res: Http) => (res.body as { data: T }).data;

interface Agent {
  index: number;
  username: string;
  token: string;
  socket: Socket;
  disconnects: number;
  /** Inbound message ids heard live, with the time heard. */
  heard: Map<string, number>;
  /** Inbound message ids known from a catch-up (chats.sync) after a reconnect. */
  synced: Set<string>;
  lastId: number;
  /** Chat ids of every chat event this socket received (the tenant check). */
  chatIds: Set<string>;
  progressEvents: number;
  shutdownHints: number;
  connectedAt: number;
}

interface Sent {
  seq: number;
  owner: "manager" | "user";
  text: string;
  status: number;
  attempts: number;
  backend: number;
  sentAt: number;
  answeredAt: number;
}

export async function runScale(o: ScaleOptions): Promise<ScaleResult> {
  const problems: string[] = [];
  const fail = (message: string) => {
    problems.push(message);
    o.log(`PROBLEM: ${message}`);
  };
  const { db } = o.database;
  const run = Math.random().toString(36).slice(2, 8);

  // --- set-up: sign-ins through the balancer (they land on different processes), agents, money, the campaign.
  const login = async (email: string) => {
    const res = await retried(`${o.base}/api/v1/auth/login`, { body: { email, password: o.password } });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return data<{ token: string; _id: string }>(res);
  };
  const manager = await login("manager");
  const user = await login("user");
  const admin = await login("admin");
  const agentLogins: { username: string; token: string }[] = [];
  for (let i = 0; i < o.agents; i++) {
    const username = `scale-${run}-${i}`;
    const created = await retried(`${o.base}/api/live-agent/create-agent`, {
      token: manager.token,
      body: { name: `Scale Agent ${i}`, email: `${username}@example.com`, username, password: o.password },
    });
    if (created.status !== 200) throw new Error(`create-agent: ${created.status} ${JSON.stringify(created.body)}`);
    agentLogins.push({ username, token: (await login(username)).token });
  }
  const addressOf = async (token: string) => {
    const res = await retried(`${o.base}/api/v1/sandbox/phone/addresses`, { token });
    const list = data<{ channel: "whatsapp" | "sms" | "rcs"; address: string }[]>(res);
    const pick = list.find((a) => a.channel === "whatsapp") ?? list[0];
    if (!pick) throw new Error("no business address to write to");
    return pick;
  };
  const addresses = { manager: await addressOf(manager.token), user: await addressOf(user.token) };

  const balances = async () =>
    new Map(
      (
        await rowsOf<{ id: string; balance: string; ledger: string }>(
          db,
          sql`select u.id, u.balance::text as balance, coalesce((select sum(amount) from balance_ledger l where l.user_id = u.id), 0)::text as ledger from users u`,
        )
      ).map((r) => [
        r.id,
        { balance: Math.round(Number(r.balance) * 100), ledger: Math.round(Number(r.ledger) * 100) },
      ]),
    );
  // Money for the campaign comes through the ledger like an admin's credit.
  await applyMoves(
    db,
    creditMoves({ id: admin._id, role: "admin" }, manager._id, o.recipients * 100 + 100_000, "scale test credit"),
    admin._id,
  );
  const before = await balances();
  const template = await whatsappTemplate(db, manager._id);
  const holdPaise = o.recipients * 20;
  const campaignId = await insertCampaign(db, {
    userId: manager._id,
    templateId: template.id,
    templateName: template.name,
    sender: `scale-${run}`,
    numbers: ordinaryNumbers(o.recipients, 500_000),
    holdPaise,
    status: "paused",
  });
  const partContext: PartContext = {
    base: o.base,
    database: o.database,
    sendLog: o.sendLog,
    tokens: { manager: manager.token, user: user.token, admin: admin.token },
    ids: { manager: manager._id, user: user._id },
    log: o.log,
    retried,
  };
  for (const part of o.parts) await part.prepare(partContext);

  // --- sockets: the agents (the manager's team), and each owner's own.
  const conversationsOf = async (ownerId: string) =>
    new Set(
      (await rowsOf<{ id: string }>(db, sql`select id::text from conversations where user_id = ${ownerId}`)).map(
        (r) => r.id,
      ),
    );
  const replyQueue: { agent: Agent; chatId: string; messageId: string; text: string }[] = [];
  const replied = new Map<string, { ackMs: number | null }>();
  const openSocket = (token: string) =>
    connect(o.base, {
      transports: ["websocket"],
      query: { token },
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
      randomizationFactor: 0.5,
    });

  // A message id is taken at insert but seen at commit: with several processes writing, a lower id can become
  // visible after a higher one was heard. So a catch-up starts CATCH_UP_REWIND ids before the last one heard (the
  // console's inbox has the same need), and the last one reads everything.
  const CATCH_UP_REWIND = 500;
  const catchUp = async (agent: Agent, from = Math.max(0, agent.lastId - CATCH_UP_REWIND)) => {
    let after = from;
    for (;;) {
      const res = await retried(`${o.base}/api/v1/chats/sync?after=${after}&limit=1000`, { token: agent.token });
      if (res.status !== 200) return;
      const page = data<{ _id: string; chatId: string; direction: string; text: string }[]>(res);
      for (const m of page) {
        after = Math.max(after, Number(m._id));
        agent.lastId = Math.max(agent.lastId, Number(m._id));
        if (m.direction === "in" && !agent.heard.has(m._id)) {
          agent.synced.add(m._id);
          if (ours(agent, m.chatId, m.text))
            replyQueue.push({ agent, chatId: m.chatId, messageId: m._id, text: m.text });
        }
      }
      if (!(res.body as { hasMore?: boolean }).hasMore) return;
    }
  };
  const mine = (agent: Agent, chatId: string) => {
    let h = 0;
    for (const ch of chatId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    return h % o.agents === agent.index;
  };
  // Agents answer the customers of this run, not the simulated phones' replies to the campaign (thousands, and not
  // what the chat checks are about).
  const ours = (agent: Agent, chatId: string, text: string) => mine(agent, chatId) && text.startsWith(`scale ${run} `);

  const agents: Agent[] = agentLogins.map(({ username, token }, index) => {
    const agent: Agent = {
      index,
      username,
      token,
      socket: undefined as unknown as Socket,
      disconnects: 0,
      heard: new Map(),
      synced: new Set(),
      lastId: 0,
      chatIds: new Set(),
      progressEvents: 0,
      shutdownHints: 0,
      connectedAt: 0,
    };
    agent.socket = openSocket(token);
    agent.socket.on(CHAT_MESSAGE_EVENT, (payload: RealtimeChatMessage) => {
      const m = payload.message;
      agent.chatIds.add(m.chatId);
      agent.lastId = Math.max(agent.lastId, Number(m.messageId));
      if (m.direction !== "in" || agent.heard.has(m.messageId)) return;
      agent.heard.set(m.messageId, Date.now());
      if (ours(agent, m.chatId, m.text))
        replyQueue.push({ agent, chatId: m.chatId, messageId: m.messageId, text: m.text });
    });
    agent.socket.onAny((event: string, payload: unknown) => {
      if (event === PROGRESS_EVENT) agent.progressEvents++;
      if (event === SERVER_SHUTDOWN_EVENT) agent.shutdownHints++;
      const chatId = (payload as { chatId?: unknown } | null)?.chatId;
      if (typeof chatId === "string") agent.chatIds.add(chatId);
    });
    agent.socket.on("connect", () => {
      if (agent.connectedAt === 0) agent.connectedAt = Date.now();
      else void catchUp(agent);
    });
    agent.socket.on("disconnect", () => agent.disconnects++);
    return agent;
  });
  const owners = {
    manager: { socket: openSocket(manager.token), chatIds: new Set<string>(), progress: new Set<string>() },
    user: { socket: openSocket(user.token), chatIds: new Set<string>(), progress: new Set<string>() },
  };
  for (const owner of Object.values(owners)) {
    owner.socket.onAny((event: string, payload: unknown) => {
      const body = payload as { chatId?: unknown; message?: { chatId?: unknown }; campaignId?: unknown } | null;
      const chatId = body?.message?.chatId ?? body?.chatId;
      if (typeof chatId === "string") owner.chatIds.add(chatId);
      if (event === PROGRESS_EVENT && typeof body?.campaignId === "string") owner.progress.add(body.campaignId);
    });
  }
  const everyone = [...agents.map((a) => a.socket), owners.manager.socket, owners.user.socket];
  const deadline = Date.now() + 60_000;
  while (everyone.some((s) => !s.connected)) {
    if (Date.now() > deadline) throw new Error("sockets did not connect");
    await sleep(50);
  }
  /** Which backend each socket is on, by its token (the balancer saw its URL). */
  const where = () => {
    const byToken = new Map<string, number>();
    for (const { url, backend } of o.sockets()) {
      const token = new URLSearchParams(url.split("?")[1] ?? "").get("token");
      if (token) byToken.set(token, backend);
    }
    return byToken;
  };

  // --- replies: each agent answers the inbound messages of its share of the conversations, over its socket.
  let replying = true;
  const replier = (async () => {
    while (replying || replyQueue.length > 0) {
      const item = replyQueue.shift();
      if (!item) {
        await sleep(20);
        continue;
      }
      const clientId = `r-${item.messageId}`;
      if (replied.get(clientId)?.ackMs != null) continue;
      const started = Date.now();
      const ack = await new Promise<{ success?: boolean } | null>((resolve) => {
        if (!item.agent.socket.connected) return resolve(null);
        item.agent.socket
          .timeout(10_000)
          .emit(
            SEND_MESSAGE_EVENT,
            { chatId: item.chatId, clientId, messageType: "text", text: `re: ${item.text}` },
            (err: Error | null, reply: { success?: boolean }) => resolve(err ? null : reply),
          );
      });
      if (ack?.success) replied.set(clientId, { ackMs: Date.now() - started });
      else {
        // Not acknowledged (the socket's process died): again after the reconnect, with the same clientId.
        replied.set(clientId, { ackMs: null });
        setTimeout(() => replyQueue.push(item), 500);
      }
    }
  })();

  // --- the run: start the campaign, customers write, one process is killed mid-way and started again.
  const sent: Sent[] = [];
  let chatting = true;
  const customers = async () => {
    let seq = 0;
    const inFlight = new Set<Promise<void>>();
    while (chatting || seq < o.minChat) {
      const owner = seq % 10 === 9 ? "user" : "manager";
      const token = owner === "manager" ? manager.token : user.token;
      const address = addresses[owner];
      const number = `+9197${String(10_000_000 + (seq % 40) + (owner === "user" ? 100 : 0)).slice(-8)}`;
      const text = `scale ${run} ${seq}`;
      const entry: Sent = { seq, owner, text, status: 0, attempts: 0, backend: -1, sentAt: Date.now(), answeredAt: 0 };
      sent.push(entry);
      const job = retried(`${o.base}/api/v1/sandbox/phone/messages`, {
        token,
        body: { channel: address.channel, address: address.address, number, text },
      }).then((res) => {
        Object.assign(entry, {
          status: res.status,
          attempts: res.attempts,
          backend: res.backend,
          answeredAt: Date.now(),
        });
        inFlight.delete(job);
      });
      inFlight.add(job);
      seq++;
      await sleep(1000 / o.chatPerSecond);
    }
    await Promise.all(inFlight);
  };

  const recipientIds = (
    await rowsOf<{ id: string }>(db, sql`select id::text from campaign_recipients where campaign_id = ${campaignId}`)
  ).map((r) => r.id);
  const accepted = () => readSendLog(o.sendLog).accepted.length;
  const acceptedBefore = accepted();
  const startedAt = Date.now();
  await db.execute(sql`update campaigns set status = 'running', started_at = now() where id = ${campaignId}`);
  const chat = customers();
  const partsRunning = o.parts.map((part) => part.run(partContext));
  let acceptedBeforeKill = 0;
  let killedAt = 0;
  if (o.killAt !== null) {
    const target = acceptedBefore + Math.floor(o.recipients * o.killAt);
    while (accepted() < target) await sleep(20);
    acceptedBeforeKill = accepted() - acceptedBefore;
    killedAt = Date.now();
    o.log(`SIGKILL at ${acceptedBeforeKill} of ${o.recipients} sent`);
    await o.kill();
    await sleep(500);
    await o.restart();
    o.log(`restarted after ${Date.now() - killedAt} ms`);
  }
  let lastSendAt = startedAt;
  for (;;) {
    const [c] = await rowsOf<{ status: string }>(db, sql`select status from campaigns where id = ${campaignId}`);
    const n = accepted() - acceptedBefore;
    if (n >= o.recipients && lastSendAt === startedAt) lastSendAt = Date.now();
    if (c.status === "completed") break;
    if (Date.now() - startedAt > 30 * 60_000) {
      fail(`campaign still ${c.status} after 30 minutes (${n} accepted)`);
      break;
    }
    await sleep(100);
  }
  if (lastSendAt === startedAt) lastSendAt = Date.now();
  const sendSeconds = (lastSendAt - startedAt) / 1000;
  chatting = false;
  await chat;
  await Promise.all(partsRunning);
  o.log(`campaign sent in ${sendSeconds.toFixed(1)} s; ${sent.length} customer messages`);

  // Every agent catches up once more (what it missed is queued for a reply too), then the replies still queued are
  // acknowledged before the replier stops.
  await sleep(500);
  for (const agent of agents) await catchUp(agent, 0);
  const quiet = Date.now() + 60_000;
  while ((replyQueue.length > 0 || [...replied.values()].some((r) => r.ackMs === null)) && Date.now() < quiet)
    await sleep(100);
  replying = false;
  await replier;

  // --- checks
  // Campaign: every recipient reached the provider exactly once (one provider: the shared send log), none skipped.
  const log = readSendLog(o.sendLog);
  const mineIds = new Set(recipientIds);
  const acceptedIds = log.accepted.filter((id) => mineIds.has(id));
  if (acceptedIds.length !== recipientIds.length)
    fail(`${acceptedIds.length} recipients accepted by the provider for ${recipientIds.length} recipients`);
  if (new Set(acceptedIds).size !== acceptedIds.length)
    fail(`${acceptedIds.length - new Set(acceptedIds).size} recipients sent twice`);
  const [states] = await rowsOf<{ open: number; total: number; cost: number }>(
    db,
    sql`select count(*) filter (where state in ('queued', 'sending', 'unknown', 'skipped'))::int as open, count(*)::int as total, coalesce(sum(cost_paise + failover_cost_paise), 0)::float8 as cost from campaign_recipients where campaign_id = ${campaignId}`,
  );
  if (states.open > 0) fail(`${states.open} recipients left queued, sending, unknown or skipped`);
  const [money] = await rowsOf<{ held: number; spent: number; status: string }>(
    db,
    sql`select held_paise::float8 as held, spent_paise::float8 as spent, status from campaigns where id = ${campaignId}`,
  );
  if (money.spent !== states.cost) fail(`campaign spent ${money.spent} paise but its recipients cost ${states.cost}`);
  if (money.held !== money.spent)
    fail(`campaign held ${money.held} paise at the end but spent ${money.spent} (the rest not released)`);
  const resentAfterKill = log.again;

  // Balances: every account's balance moved exactly as much as its ledger did.
  const after = await balances();
  for (const [id, now] of after) {
    const was = before.get(id) ?? { balance: 0, ledger: 0 };
    if (now.balance - was.balance !== now.ledger - was.ledger)
      fail(`account ${id}: balance moved ${now.balance - was.balance} paise, its ledger ${now.ledger - was.ledger}`);
  }

  // Chat: every customer message acknowledged is stored (once, unless its answer was lost and it was sent again).
  const stored = await rowsOf<{ id: string; text: string; chat: string; owner: string }>(
    db,
    sql`select m.id::text, m.text, m.conversation_id::text as chat, c.user_id::text as owner from chat_messages m join conversations c on c.id = m.conversation_id
        where m.direction = 'in' and m.text like ${`scale ${run} %`}`,
  );
  const byText = new Map<string, number>();
  for (const m of stored) byText.set(m.text, (byText.get(m.text) ?? 0) + 1);
  for (const s of sent) {
    const copies = byText.get(s.text) ?? 0;
    if (s.status === 200 && copies === 0)
      fail(`customer message "${s.text}" was acknowledged (by process ${s.backend}) but is not stored`);
    if (s.status !== 200)
      fail(
        `customer message "${s.text}" was never acknowledged (last status ${s.status} after ${s.attempts} attempts)`,
      );
    if (copies > 1 && s.attempts === 1)
      fail(`customer message "${s.text}" is stored ${copies} times though it was sent once`);
  }
  // Every inbound message of the manager's team got exactly one reply, stored once, whatever process took it.
  const managerInbound = stored.filter((m) => m.owner === manager._id);
  const replies = await rowsOf<{ client: string; n: number }>(
    db,
    sql`select client_id as client, count(*)::int as n from chat_messages where direction = 'out' and client_id = any(${pgArray(managerInbound.map((m) => `r-${m.id}`))}::text[]) group by client_id`,
  );
  const replyCount = new Map(replies.map((r) => [r.client, r.n]));
  const unanswered = managerInbound.filter((m) => (replyCount.get(`r-${m.id}`) ?? 0) !== 1);
  if (unanswered.length > 0)
    fail(`${unanswered.length} customer messages without exactly one stored reply (e.g. ${unanswered[0].text})`);

  // Sockets: every event went to the right tenant, and every agent knows every message of its team.
  const managerChats = await conversationsOf(manager._id);
  const userChats = await conversationsOf(user._id);
  const latencies: number[] = [];
  let crossProcess = 0;
  const sentByText = new Map(sent.map((s) => [s.text, s]));
  // Stored by the killed process in its last moment: answered by it, or retried elsewhere after a first attempt that
  // reached it (that first copy was written but its push died with the process; the retry's copy is pushed).
  const killWindow = (s: Sent | undefined) =>
    s !== undefined &&
    killedAt > 0 &&
    s.answeredAt > killedAt - 1500 &&
    s.answeredAt < killedAt + 60_000 &&
    (s.backend === o.victim || s.attempts > 1);
  const tokenBackend = where();
  for (const agent of agents) {
    const foreign = [...agent.chatIds].filter((id) => !managerChats.has(id));
    if (foreign.length > 0)
      fail(`agent ${agent.index} received events of ${foreign.length} conversations outside its team`);
    if (agent.progressEvents > 0)
      fail(`agent ${agent.index} received ${agent.progressEvents} campaign progress events of its owner`);
    const agentBackend = tokenBackend.get(agent.token);
    o.log(
      `agent ${agent.index}: on process ${agentBackend ?? "?"}, ${agent.disconnects} disconnects, ${agent.heard.size} heard live, ${agent.synced.size} by catch-up, ${agent.shutdownHints} shutdown hints`,
    );
    for (const m of managerInbound) {
      const heardAt = agent.heard.get(m.id);
      if (heardAt === undefined && !agent.synced.has(m.id))
        fail(`agent ${agent.index} never got message ${m.id} ("${m.text}"), live or by catch-up`);
      const s = sentByText.get(m.text);
      if (heardAt !== undefined && s) {
        latencies.push(Math.max(0, heardAt - s.sentAt));
        if (agentBackend !== undefined && s.backend >= 0 && s.backend !== agentBackend) crossProcess++;
      }
      // An agent that never lost its socket heard live everything after it connected, except what the killed
      // process stored in its last moment (written, but its socket push may have died with it: the catch-up has it).
      if (agent.disconnects === 0 && heardAt === undefined && s && s.sentAt > agent.connectedAt && !killWindow(s)) {
        fail(
          `agent ${agent.index} (never disconnected) did not hear message ${m.id} live (answered by process ${s.backend} after ${s.attempts} attempts, ${s.answeredAt - killedAt} ms after the kill, stored ${byText.get(m.text)} times)`,
        );
      }
    }
  }
  if (![...owners.manager.chatIds].every((id) => managerChats.has(id)))
    fail("the manager's socket received another tenant's chat events");
  if (![...owners.user.chatIds].every((id) => userChats.has(id)))
    fail("the user's socket received another tenant's chat events");
  if (owners.user.progress.size > 0) fail("the user's socket received another account's campaign progress");
  if (!owners.manager.progress.has(campaignId)) fail("the campaign's owner never received its progress");
  if (o.killAt !== null && crossProcess === 0)
    fail("no chat event crossed processes (agent on one, message taken by another)");

  // Sessions: a token from any process works on every process, and a logout on one ends it on all of them.
  for (const port of o.backendPorts()) {
    for (const agent of agents.slice(0, 3)) {
      const res = await call(`http://127.0.0.1:${port}/api/v1/chats?limit=1`, { token: agent.token });
      if (res.status !== 200) fail(`agent ${agent.index}'s token answered ${res.status} on the process at ${port}`);
    }
  }
  const ports = o.backendPorts();
  const extra = await login(agents[0].username);
  const extraSocket = openSocket(extra.token);
  while (!extraSocket.connected) await sleep(20);
  const out = await call(`http://127.0.0.1:${ports[ports.length - 1]}/api/v1/auth/logout`, {
    method: "POST",
    token: extra.token,
    body: {},
  });
  if (out.status !== 200) fail(`logout answered ${out.status}`);
  await sleep(1500);
  for (const port of ports) {
    const res = await call(`http://127.0.0.1:${port}/api/v1/chats?limit=1`, { token: extra.token });
    if (res.status !== 401)
      fail(`a token logged out on one process still answered ${res.status} on the process at ${port}`);
  }
  if (extraSocket.connected) fail("the socket of a logged-out session stayed connected");
  extraSocket.close();

  // Rate limits: the per-IP window is shared, whichever process a request reaches.
  if (o.resetLimit > 0) {
    const statuses: number[] = [];
    for (let i = 0; i < o.resetLimit + 3; i++) {
      const port = ports[i % ports.length];
      statuses.push(
        (
          await call(`http://127.0.0.1:${port}/api/auth/send-reset-link`, {
            body: { email: `nobody-${run}@example.com` },
          })
        ).status,
      );
    }
    const ok = statuses.filter((s) => s === 200).length;
    if (ok !== o.resetLimit)
      fail(
        `reset-link rate limit: ${ok} of ${statuses.length} accepted across processes, expected ${o.resetLimit} (${statuses.join(",")})`,
      );
  }

  for (const part of o.parts) for (const p of await part.check(partContext)) fail(`${part.name}: ${p}`);

  for (const s of everyone) s.close();
  const ackTimes = [...replied.values()].flatMap((r) => (r.ackMs === null ? [] : [r.ackMs]));
  return {
    problems,
    figures: {
      recipients: o.recipients,
      sendSeconds,
      messagesPerSecond: o.recipients / sendSeconds,
      acceptedBeforeKill,
      resentAfterKill,
      chatSent: sent.length,
      chatRetried: sent.filter((s) => s.attempts > 1).length,
      inboundToAgentP50: percentile(latencies, 50),
      inboundToAgentP95: percentile(latencies, 95),
      replyAckP95: percentile(ackTimes, 95),
      postP95: percentile(
        sent.map((s) => s.answeredAt - s.sentAt),
        95,
      ),
      crossProcessDeliveries: crossProcess,
    },
  };
}
