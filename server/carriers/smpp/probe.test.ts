// The check of SMPP credentials typed into the console (probe.ts) against the local SMSC: a transmitter bind and an
// unbind that takes none of the account's stored receipts, the SMSC's refusal named, and no SMSC answered at once.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmsc, type Smsc } from "./stand-in";
import { probeSmpp } from "./probe";
import type { CarrierEvent } from "../carrier";
import { createSmppAdapter, type SmppTimings } from "./index";

const USER = { systemId: "probeme", password: "pw-1234" };
const TIMINGS: SmppTimings = {
  responseTimeoutMs: 400,
  bindTimeoutMs: 1_500,
  enquireLinkMs: 1_000,
  rebindInitialMs: 50,
  rebindMaxMs: 400,
};
let smsc: Smsc;

beforeAll(async () => {
  smsc = await startSmsc({ users: [USER] });
});
afterAll(async () => smsc?.close());

describe("probeSmpp", () => {
  it("binds as a transmitter and unbinds; receipts waiting for the account stay for its transceiver", async () => {
    smsc.customerWrites({ systemId: USER.systemId, from: "+919812300001", to: "9000000001", text: "waiting" });
    const [binds, unbinds, transceivers] = [smsc.transmitterBinds, smsc.unbinds, smsc.binds];
    const check = await probeSmpp(
      { host: "127.0.0.1", port: smsc.port, systemId: USER.systemId, password: USER.password },
      TIMINGS,
      true,
    );
    expect(check).toEqual({ ok: true, name: `SMSC 127.0.0.1:${smsc.port} as ${USER.systemId}`, phoneNumbers: [] });
    expect([smsc.transmitterBinds, smsc.unbinds, smsc.binds]).toEqual([binds + 1, unbinds + 1, transceivers]);
    // The channel's own bind gets the message the check left at the SMSC.
    const adapter = createSmppAdapter(
      {
        id: "00000000-0000-4000-8000-000000000001",
        userId: "u",
        provider: "smpp",
        channel: "sms",
        version: 1,
        status: "connected",
        statusReason: null,
        settings: { host: "127.0.0.1", port: smsc.port, systemId: USER.systemId },
        secrets: { password: USER.password },
        verifyToken: "v",
      },
      { success: () => undefined, sent: () => undefined, failure: () => undefined },
      { timings: TIMINGS, allowPrivate: true },
    );
    const events: CarrierEvent[] = [];
    adapter.onEvent((e) => {
      events.push(e);
    });
    expect(await adapter.testConnection()).toMatchObject({ ok: true });
    for (let i = 0; i < 50 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await adapter.close();
    expect(events).toEqual([expect.objectContaining({ type: "inbound", text: "waiting" })]);
  });

  it("names the SMSC's refusal of the bind as the credentials' fault", async () => {
    expect(
      await probeSmpp(
        { host: "127.0.0.1", port: smsc.port, systemId: USER.systemId, password: "wrong" },
        TIMINGS,
        true,
      ),
    ).toMatchObject({ ok: false, code: "ESME_RINVPASWD", auth: true });
    expect(
      await probeSmpp({ host: "127.0.0.1", port: smsc.port, systemId: "nobody", password: "x" }, TIMINGS, true),
    ).toMatchObject({ ok: false, code: "ESME_RINVSYSID", auth: true });
  });

  it("answers at once when nothing listens, and within the bind timeout when something listens but never binds", async () => {
    const started = Date.now();
    expect(await probeSmpp({ host: "127.0.0.1", port: 1, systemId: "x", password: "y" }, TIMINGS, true)).toMatchObject({
      ok: false,
      code: "network",
      message: expect.stringContaining("could not be reached"),
    });
    expect(Date.now() - started).toBeLessThan(TIMINGS.bindTimeoutMs);
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    expect(await probeSmpp({ host: "127.0.0.1", port, systemId: "x", password: "y" }, TIMINGS, true)).toMatchObject({
      ok: false,
      code: "network",
      message: expect.stringContaining("did not bind within 1.5 s"),
    });
    silent.close();
  });
});

describe("the SMSC address through the SSRF guard (private addresses not allowed)", () => {
  it("refuses a private host before connecting, written as an address or as a name resolving to one; the adapter disconnects its channel", async () => {
    let connections = 0;
    const local = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
    const port = (local.address() as { port: number }).port;
    try {
      for (const host of ["127.0.0.1", "localhost", "127.1"]) {
        const started = Date.now();
        expect(
          await probeSmpp({ host, port, systemId: USER.systemId, password: USER.password }, TIMINGS, false),
          host,
        ).toMatchObject({
          ok: false,
          code: "address",
          auth: false,
          message: expect.stringMatching(
            /^The address is private, loopback or link-local; an SMS provider must have a public address .*\(.*127\.0\.0\.1\)$/,
          ),
        });
        expect(Date.now() - started).toBeLessThan(TIMINGS.bindTimeoutMs);
      }
      const failures: { code: string; message: string; disconnect?: boolean }[] = [];
      const adapter = createSmppAdapter(
        {
          id: "00000000-0000-4000-8000-000000000002",
          userId: "u",
          provider: "smpp",
          channel: "sms",
          version: 1,
          status: "connected",
          statusReason: null,
          settings: { host: "localhost", port, systemId: USER.systemId },
          secrets: { password: USER.password },
          verifyToken: "v",
        },
        { success: () => undefined, sent: () => undefined, failure: (f) => failures.push(f) },
        { timings: TIMINGS, allowPrivate: false },
      );
      try {
        expect(
          await adapter.send({
            id: "m-1",
            channel: "sms",
            from: "JMSHOP",
            to: "+919812300001",
            content: { kind: "text", text: "hi" },
          }),
        ).toMatchObject({ accepted: false, code: "address", retryable: true, retry: "channel" });
        expect(await adapter.testConnection()).toMatchObject({ ok: false, code: "address" });
        expect(failures).toEqual([
          expect.objectContaining({
            code: "address",
            disconnect: true,
            message: expect.stringContaining("SMS channel disconnected: The address is private"),
          }),
        ]);
        // No rebind either: the refusal stands until the address or the setting changes.
        await new Promise((r) => setTimeout(r, TIMINGS.rebindMaxMs));
        expect(failures).toHaveLength(1);
      } finally {
        await adapter.close();
      }
      expect(connections).toBe(0);
      // Allowed, the same name reaches the SMSC.
      expect(
        await probeSmpp(
          { host: "localhost", port: smsc.port, systemId: USER.systemId, password: USER.password },
          TIMINGS,
          true,
        ),
      ).toMatchObject({ ok: true });
    } finally {
      local.close();
    }
  });
});
