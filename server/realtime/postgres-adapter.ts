import type { createAdapter } from "@socket.io/postgres-adapter";
import type pg from "pg";
import type { Server } from "socket.io";
import { socketIoAttachments } from "../db/schema";
import { getTableName } from "drizzle-orm";

/** What attachRealtime plugs into socket.io, and how to let go of its connections when the app closes. */
export interface ClusterAdapter {
  adapter: ReturnType<typeof createAdapter>;
  /** Resolves once the adapter's connection LISTENs: from then on no event of another process is missed. */
  listening: Promise<void>;
  close(): Promise<void>;
}

/** The part of pg.Pool that @socket.io/postgres-adapter 0.5 uses (PubSubClient: connect() once, query() to publish). */
interface AdapterPool {
  connect(): Promise<pg.PoolClient>;
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
}

const CHANNEL_PREFIX = "socket.io";
const never = () => new Promise<never>(() => undefined);

/**
 * socket.io's PostgreSQL adapter: an emit into a room on one server process reaches that room's sockets on every
 * process sharing the database (LISTEN/NOTIFY; events over 8000 bytes go through socket_io_attachments).
 *
 * Two connections of our own, not the app's pool: one held for LISTEN for the adapter's whole life, one for
 * publishing. Publishing on a single connection runs the NOTIFYs one at a time in emit order, and the adapter
 * delivers to local sockets only after its NOTIFY returns, so a room hears its events in the order they were
 * emitted (a message's 'sent' tick never overtakes its 'delivered' one), here and on other processes.
 *
 * The adapter retries its LISTEN connection on failure, even after it is closed, and leaves checked-out clients
 * without an 'error' listener (an unhandled 'error' would end the process): the facade handed to it answers
 * connect() with a promise that never settles once closed, and gives every client an error listener.
 *
 * The adapter LISTENs in the background after start-up; the facade issues that LISTEN itself before handing the
 * connection over (the adapter's own LISTEN then changes nothing), so `listening` says when it took effect.
 *
 * The packages are imported here, not at the top: a static import would be hoisted into the server bundle and loaded
 * by every server, PGlite ones too.
 */
export async function postgresAdapter(url: string, onError: (error: Error) => void): Promise<ClusterAdapter> {
  const [{ default: pg }, { createAdapter }] = await Promise.all([import("pg"), import("@socket.io/postgres-adapter")]);
  // Never closed for being idle: an emit after a quiet minute must not wait for a new connection (a local emit is
  // delivered only after its NOTIFY, so a slow connect delays this process's sockets too).
  const options = { connectionString: url, max: 1, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 0 };
  const listenPool = new pg.Pool(options);
  const publishPool = new pg.Pool(options);
  for (const pool of [listenPool, publishPool]) pool.on("error", onError);
  let closed = false;
  let listened = () => undefined as void;
  const listening = new Promise<void>((resolve) => (listened = resolve));
  const facade: AdapterPool = {
    connect: async () => {
      if (closed) return never();
      const client = await listenPool.connect();
      if (closed) {
        client.release(true);
        return never();
      }
      client.on("error", onError);
      try {
        await client.query(`LISTEN ${client.escapeIdentifier(`${CHANNEL_PREFIX}#/`)}`);
      } catch (error) {
        client.release(true);
        throw error;
      }
      listened();
      return client;
    },
    query: (text, values) => publishPool.query(text, values),
  };
  // The cast is the facade above: the adapter calls nothing else on its pool (checked against 0.5.0's source).
  const adapter = createAdapter(facade as unknown as pg.Pool, {
    channelPrefix: CHANNEL_PREFIX,
    tableName: getTableName(socketIoAttachments),
    errorHandler: onError,
  });
  return {
    adapter,
    listening,
    close: async () => {
      closed = true;
      await Promise.all([listenPool.end(), publishPool.end()]);
    },
  };
}

const LISTEN_WAIT_MS = 10_000;

/**
 * Waits (bounded) until this process hears the others, then says hello again: the adapter's first hello went out
 * before it listened, so the other processes' answers, which tell it how many there are (fetchSockets and
 * serverSideEmit wait for each), may have been missed.
 */
export async function announce(io: Server, cluster: ClusterAdapter, log: (message: string) => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), LISTEN_WAIT_MS)));
  const heard = await Promise.race([cluster.listening.then(() => true), late]);
  clearTimeout(timer);
  if (!heard) {
    log(`realtime adapter: not listening after ${LISTEN_WAIT_MS} ms; events of other processes arrive once it does`);
    return;
  }
  await io.of("/").adapter.init();
}
