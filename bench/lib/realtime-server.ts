// The realtime bench's server (run by bench/realtime-run.ts as a child with an IPC channel): the real app on a real
// port, PGlite on disk or DATABASE_URL (the demo manager gets the live-agent module), with the sandbox carrier wrapped
// so the bench can hand it inbound customer messages in process (the way a provider's webhook would), or emit straight
// into the manager's room.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { CHAT_MESSAGE_EVENT, type RealtimeChatMessage } from "../../contract/domain/chats";
import { buildApp } from "../../server/app";
import type { Carrier, CarrierEvent } from "../../server/carriers/carrier";
import { createSandboxCarrier } from "../../server/carriers/sandbox";
import { testSandboxConfig } from "../../server/carriers/sandbox/test-config";
import { openDatabase } from "../../server/db/client";
import { chatMessages, modulePermissions, users, wabaPhoneNumbers, wabas } from "../../server/db/schema";
import { userRoom } from "../../server/realtime";
import { conversationRooms } from "../../server/services/chats/workspace";

export type BenchCommand =
  | { kind: "inbound" | "emit"; seq: number; text: string; from: string }
  /**
   * How many inbound chat messages whose text matches `pattern` (a POSIX regex) the database holds: answered with
   * BenchStored.
   */
  | { kind: "count"; pattern: string }
  | { kind: "stop" };
export interface BenchStored {
  kind: "stored";
  count: number;
}
export interface BenchReady {
  kind: "ready";
  port: number;
  database: string;
  managerId: string;
  /** The manager's WhatsApp number (phone number id): where the customers write. */
  address: string;
}

/** The sandbox carrier plus a door for inbound events: listeners registered by the app also hear `inject`. */
function injectable(carrier: Carrier): { carrier: Carrier; inject(event: CarrierEvent): void } {
  const listeners = new Set<(event: CarrierEvent) => void>();
  return {
    carrier: {
      ...carrier,
      onEvent: (listener) => {
        listeners.add(listener);
        const off = carrier.onEvent(listener);
        return () => {
          listeners.delete(listener);
          off();
        };
      },
    },
    inject: (event) => listeners.forEach((listener) => listener(event)),
  };
}

const send = (message: BenchReady | BenchStored) => process.send?.(message);

const dataDir = mkdtempSync(join(tmpdir(), "bench-realtime-"));
// BENCH_QUERIES=1: counts the statements the server ran, by text, and prints the most frequent when it stops.
const statements = new Map<string, number>();
const queryLog =
  process.env.BENCH_QUERIES === "1"
    ? (query: string) => void statements.set(query, (statements.get(query) ?? 0) + 1)
    : undefined;
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir, queryLog });
const { carrier, inject } = injectable(createSandboxCarrier(testSandboxConfig("bench-realtime")));
const app = await buildApp({
  database,
  logger: process.env.BENCH_LOG === "1",
  carrier,
  config: {
    dataDir,
    webRoot: "./.no-web-root",
    jwtSecret: "bench-realtime",
    demoPassword: process.env.BENCH_PASSWORD ?? "bench-pw-1",
  },
});
await app.listen({ port: 0, host: "127.0.0.1" });
const [manager] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, "manager"));
const [number] = await database.db
  .select({ phoneNumberId: wabaPhoneNumbers.phoneNumberId })
  .from(wabaPhoneNumbers)
  .innerJoin(wabas, eq(wabas.id, wabaPhoneNumbers.wabaId))
  .where(and(eq(wabas.userId, manager.id)));
const address = number?.phoneNumberId ?? "";
// The demo manager lacks the live-agent module (it shows the gating); the bench grants it so it can add agents.
await database.db.insert(modulePermissions).values({ userId: manager.id, moduleName: "agent" }).onConflictDoNothing();

process.on("message", (command: BenchCommand) => {
  if (command.kind === "stop") {
    const top = [...statements].sort((a, b) => b[1] - a[1]).slice(0, 25);
    for (const [text, count] of top)
      console.log(`${String(count).padStart(8)}  ${text.replace(/\s+/g, " ").slice(0, 160)}`);
    void app.close().then(async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
    return;
  }
  if (command.kind === "count") {
    void database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(and(eq(chatMessages.direction, "in"), sql`${chatMessages.text} ~ ${command.pattern}`))
      .then(([row]) => send({ kind: "stored", count: row?.count ?? 0 }));
    return;
  }
  if (command.kind === "inbound") {
    inject({
      type: "inbound",
      channel: "whatsapp",
      from: command.from,
      to: address,
      text: command.text,
      at: new Date(),
    });
    return;
  }
  // What the chat service emits for an inbound message, straight into the room: measures the socket path alone.
  const payload: RealtimeChatMessage = {
    message: {
      channel: "whatsapp",
      chatId: "bench",
      messageId: String(command.seq),
      senderPhoneNumber: command.from,
      text: command.text,
      sendTime: new Date().toISOString(),
      direction: "in",
      messageType: "text",
      clientId: null,
    },
  };
  // Where the chat service sends an unassigned conversation's events (owner and team), and the manager's own room
  // (its sockets are in it whether or not the chat rooms are joined on this build); one delivery per socket.
  app.io.to([userRoom(manager.id), ...conversationRooms(manager.id, null)]).emit(CHAT_MESSAGE_EVENT, payload);
});
send({
  kind: "ready",
  port: (app.server.address() as { port: number }).port,
  database: database.kind,
  managerId: manager.id,
  address,
});
