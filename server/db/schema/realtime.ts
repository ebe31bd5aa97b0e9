import { bigserial, customType, index, pgTable, timestamp } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * socket.io's PostgreSQL adapter (server/realtime/postgres-adapter.ts) passes an event between server processes
 * with NOTIFY, whose payload is limited to 8000 bytes: a larger event (a long chat message) is written here and
 * only its id is notified. The adapter deletes rows older than its cleanup interval. Unused on PGlite.
 */
export const socketIoAttachments = pgTable(
  "socket_io_attachments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
    payload: bytea("payload"),
  },
  (t) => [index("socket_io_attachments_created_at_idx").on(t.createdAt)],
);
