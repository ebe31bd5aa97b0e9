// GET /l/:code: a tracked campaign's short link. Answers 302 to the recipient's own value (the long URL it stood
// for) after one primary-key read; the click is buffered and written in a batch (services/links/recorder.ts), so a
// person never waits on it. Outside /api and the console's routes (and their URL guard): a phone opens it with no
// session.
import { eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { isTrackableUrl, LINK_PATH } from "../../contract/domain/links";
import { campaignRecipients, campaigns } from "../db/schema";
import { paramsFor } from "../services/campaigns/dispatch-content";
import { deviceOf, isMachine } from "../services/links/clicks";
import { linkKeyOf, readLinkCode } from "../services/links/code";
import { clickRecorder } from "../services/links/recorder";

const GONE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Link not found</title></head><body style="font-family:system-ui;margin:3rem auto;max-width:32rem;padding:0 1rem">
<h1>This link is not valid</h1><p>It may have been typed wrongly, or the campaign it came with was deleted.</p></body></html>`;

const notFound = (reply: FastifyReply) =>
  reply.status(404).type("text/html; charset=utf-8").header("cache-control", "no-store").send(GONE);

export const shortLinks = fp(
  async (app) => {
    let key: Buffer | undefined;
    const keyOf = () => (key ??= linkKeyOf(app.routeContext.secret()));
    const { db } = app.routeContext;
    const clicks = clickRecorder(db, app.log);
    app.addHook("onClose", () => clicks.flush());

    app.route<{ Params: { code: string } }>({
      method: ["GET", "HEAD"],
      url: `${LINK_PATH}:code`,
      schema: {
        hide: true,
        params: {
          type: "object",
          properties: { code: { type: "string", maxLength: 64 } },
          required: ["code"],
        },
      },
      handler: async (request, reply) => {
        const target = readLinkCode(keyOf(), request.params.code);
        if (!target) return notFound(reply);
        const [row] = await db
          .select({
            campaignId: campaignRecipients.campaignId,
            values: campaignRecipients.variables,
            campaignValues: campaigns.variables,
            tracked: campaigns.linkOrigin,
          })
          .from(campaignRecipients)
          .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
          .where(eq(campaignRecipients.id, target.recipientId));
        const url = row?.tracked ? paramsFor(row.campaignValues, row.values)[target.position] : undefined;
        if (!row || !url || !isTrackableUrl(url)) return notFound(reply);
        const userAgent = request.headers["user-agent"];
        const purpose = request.headers["sec-purpose"] ?? request.headers["purpose"];
        const machine = isMachine({
          method: request.method,
          userAgent,
          purpose: Array.isArray(purpose) ? purpose.join(",") : purpose,
        });
        clicks.record({
          campaignId: row.campaignId,
          recipientId: target.recipientId,
          position: target.position,
          device: deviceOf(userAgent),
          machine,
        });
        return reply
          .status(302)
          .header("location", url)
          .header("cache-control", "private, no-store")
          .header("referrer-policy", "no-referrer")
          .send();
      },
    });
  },
  { name: "short-links", dependencies: ["route-context"] },
);
