// The pause journey across two server processes (the bundle) on one PostgreSQL: the owner pauses and resumes through
// one process while the other one sends, so only NOTIFY can stop the sender in time (its status reads are made rare;
// they would notice seconds later, by which time many more messages have reached the SMSC than the in-flight window).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmsc, type Smsc } from "../carriers/smpp/stand-in";
import { buildBundle, startServer, stopServer, type ServerProcess } from "./cluster/servers";
import { journeyDatabase, PAUSE_JOURNEY_ENV, pauseJourney, SMSC_USER } from "./campaign-pause-journey";

let smsc: Smsc;
let bundle: Awaited<ReturnType<typeof buildBundle>>;
let database: Awaited<ReturnType<typeof journeyDatabase>>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  smsc = await startSmsc({ users: [SMSC_USER], behaviour: { receiptDelayMs: 20 } });
  bundle = await buildBundle("pause-two");
  database = await journeyDatabase();
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.splice(0).map((s) => stopServer(s)));
  await smsc?.close();
  await database?.close();
  bundle?.remove();
});

describe("pausing through one process while another sends (PostgreSQL, two bundles)", () => {
  it("stops the sender by NOTIFY: at most the in-flight window more reach the SMSC; resumed, every recipient once", async () => {
    const env = { ...PAUSE_JOURNEY_ENV, ...database.env };
    // The owner's process looks for running campaigns once, at start (there are none yet), then not for ten minutes:
    // every send of the campaign goes through the other process.
    const [sender, owner] = await Promise.all([
      startServer(bundle.main, env),
      startServer(bundle.main, { ...env, DISPATCH_IDLE_MS: "600000" }),
    ]);
    servers.push(sender, owner);
    const plan = {
      pauseVia: owner.port,
      sendVia: sender.port,
      recipients: 400,
      perSecond: 60,
      pauseAt: [90, 210, 310],
      from: "answer" as const,
    };
    const figures = await pauseJourney(smsc, plan, (m) => console.info(`pause (two processes): ${m}`));
    expect(figures.pauses).toHaveLength(3);
    expect(await Promise.all(servers.splice(0).map((s) => stopServer(s)))).toEqual([0, 0]);
  }, 240_000);
});
