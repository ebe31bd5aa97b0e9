import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { WebhookDeliveryEvent, WebhookDeliveryStatus, WebhookEvent } from "../../../contract/domain/webhooks";
import { users } from "./accounts";
import { createdAt } from "./columns";

// Outbound webhooks: an account's endpoints and the durable queue of deliveries to them (one row per event and
// endpoint, kept as the delivery log). server/services/webhooks/ writes them, server/jobs/webhook-delivery.ts sends.

const at = (name: string) => timestamp(name, { withTimezone: true });

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events").array().$type<WebhookEvent[]>().notNull(),
    active: boolean("active").notNull().default(true),
    /**
     * The HMAC key, kept as is: a signature needs the key itself (unlike a password or an API key, which are only
     * compared). Never answered after create and rotate-secret.
     */
    secret: text("secret").notNull(),
    /** After a rotation the old secret also signs, until previous_secret_until, so receivers can switch over. */
    previousSecret: text("previous_secret"),
    previousSecretUntil: at("previous_secret_until"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_user_idx").on(t.userId)],
);

/**
 * One event for one endpoint. The row is the queue entry (status pending, due at next_attempt_at) and afterwards the
 * log entry. Its id is the X-Webhook-Id header, the same on every attempt. The body is stored as the exact text that
 * is signed and sent, so every retry sends the same bytes.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The endpoint's owner, so a delivery found by id is checked against the caller in one lookup. */
    userId: uuid("user_id").notNull(),
    event: text("event").$type<WebhookDeliveryEvent>().notNull(),
    eventId: uuid("event_id").notNull(),
    body: text("body").notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    /** Attempts whose outcome was written (an attempt cut short by a crash is not counted; it is made again). */
    attempts: integer("attempts").notNull().default(0),
    /** Due time of the next attempt; while an attempt is under way it is pushed forward by the lease. */
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    /** Set while a worker holds the row; its value is the worker's token when it writes the outcome. */
    leaseUntil: at("lease_until"),
    /** The 24-hour retry window runs from here: the delivery's creation, or a resend. */
    retryFrom: at("retry_from").notNull().defaultNow(),
    lastAttemptAt: at("last_attempt_at"),
    deliveredAt: at("delivered_at"),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    error: text("error"),
    durationMs: integer("duration_ms"),
    createdAt: createdAt(),
  },
  (t) => [
    // The delivery job's claim: due pending rows only, so the log's finished rows cost it nothing.
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    check("webhook_deliveries_status_known", sql`${t.status} in ('pending','succeeded','failed')`),
  ],
);
