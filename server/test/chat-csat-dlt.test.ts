// The CSAT settings on an Indian DLT route (issue 40 item 6): an SMS survey there goes only as a registered template, so
// saving refuses, with the reason under the field, a DLT template id none of the account's SMS templates has, and
// turning the survey on without one while an SMS number of the account is on a DLT route; a refused save changes
// nothing. Off, or with a registered id, or with no DLT route, it saves.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CSAT_DLT_MESSAGES } from "../../contract/domain/csat";
import type { Carrier } from "../carriers/carrier";
import { businessAddresses } from "../services/chats/addresses";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let carrier: Carrier;
let smsAddress = "";
// The demo manager's SMS template "Order shipped" (server/seed-sms.ts).
const REGISTERED = "1107160000000000001";

beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000 });
  carrier = (server.app as unknown as { carrier: Carrier }).carrier;
  smsAddress =
    (await businessAddresses(server.database.db, await server.id("manager"))).find((a) => a.channel === "sms")
      ?.address ?? "";
  expect(smsAddress).not.toBe("");
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => server?.close());

const settings = (enabled: boolean, smsDltTemplateId: string | null) => ({
  enabled,
  question: "How did we do?",
  whatsappTemplate: null,
  smsDltTemplateId,
});
const put = (payload: Record<string, unknown>) =>
  server.call({ method: "PUT", url: "/api/v1/chats/csat", as: "manager", payload });
const saved = async () => (await server.call({ method: "GET", url: "/api/v1/chats/csat", as: "manager" })).json().data;

/** The carrier says the account's SMS numbers go out on a DLT route (as an SMPP/HTTP channel with an entity id does). */
function dltRoute(on: boolean) {
  const describe = carrier.describeSender!.bind(carrier);
  vi.spyOn(carrier, "describeSender").mockImplementation(async (s) =>
    s.channel === "sms" ? { ...(await describe(s)), dltTemplates: on } : describe(s),
  );
}

const CASES: [string, boolean, ReturnType<typeof settings>, string | null][] = [
  ["on, no template id, a DLT route", true, settings(true, null), "needed"],
  ["on, an id no SMS template has", false, settings(true, "1107169999999999999"), "unknown"],
  ["off, an id no SMS template has", true, settings(false, "1107169999999999999"), "unknown"],
  ["on, a registered id, a DLT route", true, settings(true, REGISTERED), null],
  ["on, no template id, no DLT route", false, settings(true, null), null],
  ["off, no template id, a DLT route", true, settings(false, null), null],
];

describe("CSAT settings and DLT routes", () => {
  it.each(CASES)("%s", async (_, route, payload, refusal) => {
    expect((await put(settings(false, null))).statusCode).toBe(200);
    const before = await saved();
    dltRoute(route);
    const res = await put(payload);
    if (refusal === null) {
      expect(res.statusCode, res.body).toBe(200);
      expect(await saved()).toEqual(payload);
      return;
    }
    const message =
      refusal === "needed" ? CSAT_DLT_MESSAGES.needed(smsAddress) : CSAT_DLT_MESSAGES.unknown("1107169999999999999");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: [{ field: "smsDltTemplateId", message }] });
    expect(await saved()).toEqual(before);
  });
});
