// Pausing a running SMS campaign on the built server (PGlite, and PostgreSQL in its pass of npm test): at most the
// in-flight window more reach the SMSC after each pause, counted at the SMSC stand-in; resumed, every recipient is
// submitted exactly once and the money is exact (campaign-pause-journey.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmsc, type Smsc } from "../carriers/smpp/stand-in";
import { buildBundle, startServer, stopServer, type ServerProcess } from "./cluster/servers";
import { journeyDatabase, PAUSE_JOURNEY_ENV, pauseJourney, SMSC_USER } from "./campaign-pause-journey";

let smsc: Smsc;
let bundle: Awaited<ReturnType<typeof buildBundle>>;
let database: Awaited<ReturnType<typeof journeyDatabase>>;
let server: ServerProcess | undefined;

beforeAll(async () => {
  smsc = await startSmsc({ users: [SMSC_USER], behaviour: { receiptDelayMs: 20 } });
  bundle = await buildBundle("pause");
  database = await journeyDatabase();
}, 120_000);
afterAll(async () => {
  if (server) await stopServer(server);
  await smsc?.close();
  await database?.close();
  bundle?.remove();
});

describe(`pausing a running SMS campaign (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}, the bundle)`, () => {
  it("lets at most the in-flight window more reach the SMSC; resumed, every recipient is submitted once", async () => {
    const started = Date.now();
    server = await startServer(bundle.main, { ...PAUSE_JOURNEY_ENV, ...database.env });
    console.info(`pause: server ready in ${Date.now() - started} ms`);
    const figures = await pauseJourney(
      smsc,
      {
        pauseVia: server.port,
        sendVia: server.port,
        recipients: 600,
        perSecond: 100,
        pauseAt: [150, 330, 470],
        from: "move",
      },
      (m) => console.info(`pause: ${m}`),
    );
    expect(figures.pauses).toHaveLength(3);
    expect(await stopServer(server)).toBe(0);
    server = undefined;
  }, 240_000);
});
