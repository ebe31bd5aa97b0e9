// The WhatsApp part of the carriers bench (bench/carriers.mjs): a real server listening on a port, its Graph URL at a
// WhatsApp Cloud API stand-in (K numbers, R messages/s each), a channel connected through the API as a person would,
// an approved template, then one campaign of N/K recipients per number, started together. Counted: messages/s per
// number from start to the last send outcome; loss (a recipient without a final state, a send the stand-in never
// accepted) and duplicates (one recipient accepted twice); 130429 refusals the dispatcher slowed down for.
import { sql } from "drizzle-orm";
import { whatsappCloudConfigFromEnv } from "../server/carriers/whatsapp-cloud/config";
import { DEFAULT_APP, DEFAULT_TOKEN, DOC_WABA_ID } from "../server/carriers/whatsapp-cloud/stand-in";
import { rowsOf } from "../server/db/sql";
import { insertCampaign, ordinaryNumbers } from "../server/test/campaign-fixtures";
import {
  countPerRecipient,
  finalStates,
  finish,
  forkStandIn,
  runCampaigns,
  sleep,
  startBenchServer,
} from "./lib/carrier-bench";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 4000);
const NUMBERS = Number(process.env.BENCH_NUMBERS ?? 1);
const MPS = Number(process.env.BENCH_MPS ?? 80);
const PER_NUMBER = Math.ceil(RECIPIENTS / NUMBERS);

const phones = Array.from({ length: NUMBERS }, (_, i) => `10654035224${String(5000 + i)}`);
const { ask } = forkStandIn("bench/lib/whatsapp-stand-in-child.ts");
const standInUrl = await ask<string>("start", {
  options: {
    wabaId: DOC_WABA_ID,
    phones,
    behaviour: {
      messagesPerSecond: MPS,
      pairLimit: { count: 1000, windowMs: 60_000 },
      delays: { sentMs: 100, deliveredMs: 400, readMs: 800 },
      readReceipts: true,
      reviewMs: 50,
    },
  },
});

const server = await startBenchServer({ whatsappCloud: { ...whatsappCloudConfigFromEnv({}), graphUrl: standInUrl } });
const { app, db, auth } = server;

// Connected as a person does: the form's call, then the webhook pasted at Meta (the stand-in verifies it).
const connected = await app.inject({
  method: "POST",
  url: "/api/v1/channels/whatsapp-cloud",
  headers: auth,
  payload: {
    name: "Bench",
    waba_id: DOC_WABA_ID,
    phone_number_id: phones[0],
    access_token: DEFAULT_TOKEN,
    app_secret: DEFAULT_APP.secret,
    messages_per_second: MPS,
  },
});
if (connected.statusCode !== 201) throw new Error(`connect failed: ${connected.body}`);
const channel = connected.json().data as { _id: string; webhook: { url: string; verifyToken: string } };
if (phones.length > 1) {
  // The other numbers of the WABA, as one channel: added to its settings and numbers directly (the form takes one).
  const [row] = await rowsOf<{ id: string }>(db, sql`select id from wabas where waba_id = ${DOC_WABA_ID}`);
  for (const id of phones.slice(1)) {
    await db.execute(
      sql`insert into waba_phone_numbers (waba_id, phone_number_id, display_phone_number, verified_name, quality_rating, account_mode) values (${row.id}, ${id}, ${id}, 'Bench Market', 'GREEN', 'LIVE')`,
    );
  }
  await db.execute(
    sql`update carrier_channels set settings = jsonb_set(settings, '{phoneNumberIds}', ${JSON.stringify(phones)}::jsonb), version = version + 1 where id = ${channel._id}`,
  );
  app.carrier.invalidate();
}
if (!(await ask<boolean>("configureWebhook", { url: channel.webhook.url, verifyToken: channel.webhook.verifyToken })))
  throw new Error("webhook not verified");

const form = new FormData();
for (const [k, v] of Object.entries({
  waba_id: DOC_WABA_ID,
  name: "bench_update",
  language: "en_US",
  category: "UTILITY",
  components: JSON.stringify([
    { type: "BODY", text: "Hi {{1}}, your order is on its way.", example: { body_text: [["Asha"]] } },
  ]),
}))
  form.append(k, v);
const made = await app.inject({
  method: "POST",
  url: "/api/waba/create-template",
  headers: auth,
  payload: form as unknown as Record<string, unknown>,
});
if (made.statusCode !== 201) throw new Error(`template failed: ${made.body}`);
const templateId = made.json().data.id as string;
for (let i = 0; ; i++) {
  const [t] = await rowsOf<{ status: string }>(db, sql`select status from whatsapp_templates where id = ${templateId}`);
  if (t?.status === "APPROVED") break;
  if (i > 200) throw new Error("template not approved");
  await sleep(20);
}

const campaignIds: string[] = [];
const numbers: string[] = [];
for (const [i, phone] of phones.entries()) {
  const mine = ordinaryNumbers(PER_NUMBER, i * PER_NUMBER);
  numbers.push(...mine);
  campaignIds.push(
    await insertCampaign(db, {
      userId: server.userId,
      templateId,
      templateName: "bench_update",
      sender: phone,
      numbers: mine,
      holdPaise: PER_NUMBER * 100,
      status: "paused",
    }),
  );
}
const total = PER_NUMBER * NUMBERS;
console.log(
  `WhatsApp Cloud API stand-in on ${server.database.kind}: ${total} recipients, ${NUMBERS} number(s) at ${MPS} msg/s each`,
);

const secs = await runCampaigns(db, campaignIds);
await ask("idle");
await sleep(1500);
const states = await finalStates(db, campaignIds);
const stats = await ask<{ to: string[]; deliveries: number; refused: number }>("stats");
const taken = countPerRecipient(numbers, stats.to);
console.log(
  `whatsapp-cloud on ${server.database.kind}: ${total} messages in ${secs.toFixed(1)} s = ${(total / secs).toFixed(1)} msg/s (${(total / secs / NUMBERS).toFixed(1)} per number; Meta's default ceiling ${MPS})`,
);
console.log(
  `  accepted by the stand-in: ${taken.accepted} (distinct recipients ${taken.distinct}, sent twice ${taken.duplicated}, never sent ${taken.missing}); unknown: ${states.unknown}, failed: ${states.failed}; sent again after a 130429 or a lost lease: ${states.retried}`,
);
console.log(
  `  states after the receipts: ${JSON.stringify({ sent: states.sent, delivered: states.delivered, read: states.read })}; webhooks not answered 200 by our server: ${stats.refused} of ${stats.deliveries}`,
);
const ok = taken.accepted === total && taken.distinct === total && states.unknown + states.failed === 0;
console.log(ok ? "  no loss, no duplicates" : "  LOSS OR DUPLICATES: see above");
await finish(server, ask, ok);
