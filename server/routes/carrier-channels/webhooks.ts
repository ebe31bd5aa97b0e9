// Providers' webhooks: GET (verification handshakes) and POST (events) on /api/carrier-webhooks/:channelId, one URL
// per channel, shown on the channel's page to paste at the provider. Not calls of the contract's table: no token,
// the provider authenticates by its signature, which the channel's adapter checks over the raw body. That is why this
// scope, and only this one, keeps bodies as bytes instead of parsed JSON. Events already taken in (by the provider's
// own key) are dropped, so a webhook delivered twice changes nothing; the rest go to the carrier's listeners
// (services/carrier-channels/webhook-intake.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import { createWebhookIntake } from "../../services/carrier-channels/webhook-intake";
import { CARRIER_WEBHOOK_PATH } from "../../../contract/calls";

/** Provider events arrive for as long as they retry (Meta: up to a day); a week of keys covers every retry. */
const KEEP_KEYS = "7 days";
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Webhook bodies are small JSON: a large one is not a provider's. */
const BODY_LIMIT = 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type WebhookRequest = FastifyRequest<{
  Params: { channelId: string };
  Querystring: Record<string, string | undefined>;
}>;

export async function carrierWebhooks(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  const { db } = app.database;
  const intake = createWebhookIntake(db, (events) => app.carrier.publish(events));
  app.addHook("onClose", async () => intake.drain());
  let prunedAt = 0;

  const handler = async (request: WebhookRequest, reply: FastifyReply) => {
    const { channelId } = request.params;
    const adapter = UUID.test(channelId) ? await app.carrier.adapterOf(channelId) : null;
    if (!adapter) return reply.status(404).type("text/plain").send("Unknown webhook");
    const answer = await adapter.webhook({
      method: request.method === "GET" ? "GET" : "POST",
      query: request.query,
      headers: request.headers,
      ...(Buffer.isBuffer(request.body) ? { rawBody: request.body } : {}),
    });
    if (answer.status !== 200)
      request.log.warn({ channelId, status: answer.status }, `carrier webhook refused: ${answer.body ?? ""}`);
    await intake.take(channelId, answer.events ?? []);
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await db.execute(sql`delete from carrier_webhook_events where received_at < now() - ${KEEP_KEYS}::interval`);
    }
    return reply
      .status(answer.status)
      .type("text/plain")
      .send(answer.body ?? "");
  };

  const schema = {
    hide: true,
    params: { type: "object", properties: { channelId: { type: "string", maxLength: 64 } }, required: ["channelId"] },
  };
  app.get(`${CARRIER_WEBHOOK_PATH}/:channelId`, { schema }, handler);
  app.post(`${CARRIER_WEBHOOK_PATH}/:channelId`, { schema }, handler);
}
