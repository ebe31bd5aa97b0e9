// The Google RBM part of the carriers bench (bench/carriers.mjs): a real server whose RCS bot is connected through the
// API to an agent at the RBM stand-in (in a process of its own: the JWT bearer grant, a capability check and
// agentMessages.create per recipient, a DELIVERED event at once through the signed webhook), then one RCS campaign of
// N recipients from the bot through the real adapter, dispatcher and webhook. Counted: messages/s from the start to
// the last send outcome, against the channel's throughput (what Google allows the agent; the server's default 50);
// how often Google took each recipient (loss: never, duplicate: twice; RBM refuses a message id it has seen with 409);
// states after the receipts.
import { rcsBots, rcsTemplates } from "../server/db/schema";
import { rbmConfigFromEnv } from "../server/carriers/rcs/config";
import { insertCampaign, ordinaryNumbers } from "../server/test/campaign-fixtures";
import {
  awaitReceipts,
  countPerRecipient,
  finish,
  forkStandIn,
  runCampaigns,
  startBenchServer,
} from "./lib/carrier-bench";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 4000);
const MPS = Number(process.env.BENCH_RCS_MPS ?? 50);
const AGENT = "bench-rbm-bot";
const CLIENT_TOKEN = "BENCHCLIENTTOKEN";

const { ask } = forkStandIn("bench/lib/rcs-stand-in-child.ts");
const google = await ask<{ url: string; tokenUrl: string; key: string }>("start", {
  agentId: AGENT,
  clientToken: CLIENT_TOKEN,
});
const server = await startBenchServer({
  rbm: { ...rbmConfigFromEnv({}), apiUrl: google.url, tokenUrl: google.tokenUrl },
});
const { app, db, auth } = server;

const [bot] = await db
  .insert(rcsBots)
  .values({ userId: server.userId, name: "Bench Offers", useCase: "PROMOTIONAL", providerBotId: "bench-offers" })
  .returning({ id: rcsBots.id, providerBotId: rcsBots.providerBotId });
const connected = await app.inject({
  method: "POST",
  url: "/api/v1/channels/rcs-google",
  headers: auth,
  payload: {
    name: "Bench RBM",
    bot_id: bot.id,
    agent_id: `${AGENT}@rbm.goog`,
    service_account_key: google.key,
    client_token: CLIENT_TOKEN,
    messages_per_second: MPS,
  },
});
if (connected.statusCode !== 201) throw new Error(`connect failed: ${connected.body}`);
// What the owner does next at Google: paste the webhook URL.
await ask("webhook", { url: (connected.json().data as { webhook: { url: string } }).webhook.url });

const numbers = ordinaryNumbers(RECIPIENTS, 700_000);
await ask("capable", { numbers });
const [template] = await db
  .insert(rcsTemplates)
  .values({
    userId: server.userId,
    botId: bot.id,
    name: "bench_offer",
    type: "standalone",
    draft: {
      botId: bot.id,
      name: "bench_offer",
      type: "standalone",
      textMessageContent: "",
      orientation: "VERTICAL",
      alignment: "LEFT",
      height: "MEDIUM",
      width: "MEDIUM",
      suggestions: [{ type: "reply", text: "Stop", postbackData: "STOP" }],
      standAlone: {
        cardTitle: "Hi {{1}}",
        cardDescription: "Your offer is ready",
        mediaUrl: "https://cdn.example.com/offer.jpg",
        suggestions: [],
      },
      carouselList: [],
    },
  })
  .returning();
const campaignId = await insertCampaign(db, {
  userId: server.userId,
  channel: "rcs",
  templateId: template.id,
  templateName: template.name,
  sender: bot.providerBotId ?? bot.id,
  numbers,
  holdPaise: RECIPIENTS * 100,
  status: "paused",
});
console.log(`RBM stand-in on ${server.database.kind}: ${RECIPIENTS} recipients, one agent at ${MPS} msg/s`);

const secs = await runCampaigns(db, [campaignId]);
const states = await awaitReceipts(db, [campaignId]);
const stats = await ask<{ to: string[]; grants: number }>("stats");
const taken = countPerRecipient(numbers, stats.to);
const rate = RECIPIENTS / secs;
console.log(
  `rcs-google on ${server.database.kind}: ${RECIPIENTS} messages in ${secs.toFixed(1)} s = ${rate.toFixed(1)} msg/s (the agent's throughput ${MPS})`,
);
console.log(
  `  taken by Google: ${taken.accepted} (distinct recipients ${taken.distinct}, sent twice ${taken.duplicated}, never sent ${taken.missing}); unknown: ${states.unknown}, failed: ${states.failed}; claimed again: ${states.retried}; token grants: ${stats.grants}`,
);
console.log(
  `  states after the receipts through the webhook: ${JSON.stringify({ sent: states.sent, delivered: states.delivered })}`,
);
const ok =
  taken.accepted === RECIPIENTS &&
  taken.distinct === RECIPIENTS &&
  states.unknown + states.failed === 0 &&
  states.delivered === RECIPIENTS;
console.log(ok ? "  no loss, no duplicates" : "  LOSS OR DUPLICATES: see above");
await finish(server, ask, ok);
