import fp from "fastify-plugin";
import type { ServerConfig } from "../../config";
import { startClaimLoop, type ClaimLoop } from "../../db/claim-loop";
import { webhookDeliveryJob } from "../../jobs/webhook-delivery";
import { createDeliverer, type Deliverer } from "../../services/webhooks/deliver";
import { pruneDeliveries } from "../../services/webhooks/deliveries";
import { enqueueWebhookEvents, onWebhookEnqueued } from "../../services/webhooks/enqueue";
import { publicMessageStatusEvents } from "../../services/webhooks/events";
import { createPoster } from "../../services/webhooks/post";
import { followWebhookSubscriptions } from "../../services/webhooks/subscribers";

declare module "fastify" {
  interface FastifyInstance {
    /** Outbound webhooks: send one delivery now (test, resend); the job loop is in `jobs` as "webhook-delivery". */
    webhooks: Deliverer;
  }
}

const HOUR = 3_600_000;
/** Deliveries a claim takes at most; the loop keeps WEBHOOK_CONCURRENCY of them in flight. */
const CLAIM_BATCH = 100;

/**
 * Outbound webhooks: the subscriptions cache (followed through LISTEN/NOTIFY), the delivery job (started with the
 * other jobs, woken as soon as events are written), and the hourly sweep of old log rows. On close, attempts under
 * way are cut short first; their rows are sent again when their lease ends.
 */
export const webhooksPlugin = fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const settings = config.webhooks;
    const poster = createPoster(settings);
    const deliverer = createDeliverer({
      db: app.database.db,
      poster,
      config: settings,
      now: config.now ?? (() => new Date()),
    });
    app.decorate("webhooks", deliverer);
    const unfollow = await followWebhookSubscriptions(app.database);
    // The public API's messages: their deliveries are written in the transaction of each state change, whichever
    // process makes it (the dispatcher's outcome, a receipt taken by any process's bind or webhook), so a change is
    // one delivery per endpoint, committed with it or not at all. Never unsubscribed: the events live as long as this
    // app, and the jobs' last writes on close still report their changes.
    app.publicApi.events.onPublicMessageStateChanged(async (tx, changes) => {
      await enqueueWebhookEvents(tx, publicMessageStatusEvents(changes));
    });

    let loop: ClaimLoop | undefined;
    let stopKicks: (() => void) | undefined;
    let wanted = false;
    let waking: Promise<void> | undefined;
    // Events are often written inside a transaction that has not committed yet: wake a moment later, and once more
    // after a round that was already under way.
    const wake = () => {
      wanted = true;
      waking ??= new Promise<void>((resolve) => setTimeout(resolve, 20).unref()).then(async () => {
        while (wanted && loop) {
          wanted = false;
          await loop.tick();
        }
        waking = undefined;
      });
    };
    const sweep = setInterval(() => {
      pruneDeliveries(app.database.db, settings.retentionDays).catch((err: unknown) =>
        app.log.error({ err }, "webhook log sweep failed"),
      );
    }, HOUR);
    sweep.unref();

    app.addHook("onReady", async () => {
      loop = startClaimLoop(app.database.db, webhookDeliveryJob(deliverer), {
        intervalMs: config.jobIntervalMs,
        batch: CLAIM_BATCH,
        log: app.log,
        concurrency: settings.concurrency,
      });
      app.jobs.set("webhook-delivery", loop);
      stopKicks = onWebhookEnqueued(wake);
    });
    app.addHook("preClose", async () => {
      clearInterval(sweep);
      stopKicks?.();
      deliverer.abort();
      await loop?.stop();
      await waking;
    });
    app.addHook("onClose", async () => {
      poster.close();
      await unfollow();
    });
  },
  { name: "webhooks", dependencies: ["database", "jobs", "public-api"] },
);
