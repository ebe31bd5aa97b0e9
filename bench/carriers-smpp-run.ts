// The SMPP part of the carriers bench (bench/carriers.mjs): a real server whose SMS channel is bound to the SMSC
// stand-in (in a process of its own; it answers ESME_RTHROTTLED above the contract's rate, R submit_sm a second per
// bind, and sends each receipt after a delay), connected through the API as a person would, then one campaign of N
// recipients from the channel's header through the real adapter, dispatcher and receipts. Counted: messages/s from
// the start to the last send outcome, against the configured per-bind throughput (the target); how often the SMSC
// took each recipient (loss: never, duplicate: twice); states after the receipts over the bind.
import { insertCampaign, ordinaryNumbers, smsTemplate } from "../server/test/campaign-fixtures";
import {
  awaitReceipts,
  countPerRecipient,
  finish,
  forkStandIn,
  runCampaigns,
  startBenchServer,
} from "./lib/carrier-bench";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 4000);
const MPS = Number(process.env.BENCH_SMPP_MPS ?? 100);
const USER = { systemId: "benchsmpp", password: "Sm5c-pw9" };
/** "Met" allows 5% for the first and last second of pacing (a token bucket starts full, and is then refused). */
const MET = 0.95;

const { ask } = forkStandIn("bench/lib/smpp-stand-in-child.ts");
const smscPort = await ask<number>("start", { users: [USER], receiptDelayMs: 200, throttlePerSecond: MPS });
// The SMSC listens on 127.0.0.1: a private address, allowed as an operator would for an SMSC on their network.
const server = await startBenchServer({ carrierAllowPrivate: true });
const { app, db, auth } = server;

const template = await smsTemplate(db, server.userId);
const connected = await app.inject({
  method: "POST",
  url: "/api/v1/channels/smpp",
  headers: auth,
  payload: {
    name: "Bench SMSC",
    sender_ids: [template.senderId],
    host: "127.0.0.1",
    port: smscPort,
    system_id: USER.systemId,
    password: USER.password,
    dlt_entity_id: "1201159100000012345",
    messages_per_second: MPS,
  },
});
if (connected.statusCode !== 201) throw new Error(`connect failed: ${connected.body}`);

const numbers = ordinaryNumbers(RECIPIENTS, 500_000);
const campaignId = await insertCampaign(db, {
  userId: server.userId,
  channel: "sms",
  templateId: template.id,
  templateName: template.name,
  sender: template.senderId,
  smsAccountId: template.accountId,
  numbers,
  holdPaise: RECIPIENTS * 100,
  status: "paused",
  rowVariables: (n) => ["Asha", String(100_000 + n)],
});
console.log(
  `SMPP stand-in on ${server.database.kind}: ${RECIPIENTS} recipients, one bind at ${MPS} msg/s (the SMSC throttles above it)`,
);

const secs = await runCampaigns(db, [campaignId]);
const states = await awaitReceipts(db, [campaignId]);
const stats = await ask<{ to: string[]; throttled: number; binds: number }>("stats");
const taken = countPerRecipient(numbers, stats.to);
const rate = RECIPIENTS / secs;
console.log(
  `smpp on ${server.database.kind}: ${RECIPIENTS} messages in ${secs.toFixed(1)} s = ${rate.toFixed(1)} msg/s; target ${MPS} msg/s per bind: ${rate >= MPS * MET ? "met" : "NOT met"} (met means at least ${MET * 100}% of it)`,
);
console.log(
  `  taken by the SMSC: ${taken.accepted} (distinct recipients ${taken.distinct}, sent twice ${taken.duplicated}, never sent ${taken.missing}); unknown: ${states.unknown}, failed: ${states.failed}; ESME_RTHROTTLED answers: ${stats.throttled}, recipients claimed again after one: ${states.retried}; binds: ${stats.binds}`,
);
console.log(
  `  states after the receipts over the bind: ${JSON.stringify({ sent: states.sent, delivered: states.delivered })}`,
);
const ok =
  taken.accepted === RECIPIENTS &&
  taken.distinct === RECIPIENTS &&
  states.unknown + states.failed === 0 &&
  states.delivered === RECIPIENTS;
console.log(ok ? "  no loss, no duplicates" : "  LOSS OR DUPLICATES: see above");
await finish(server, ask, ok);
