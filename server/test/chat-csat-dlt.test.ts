// The CSAT settings on an Indian DLT route (issue 40 item 6): an SMS survey there goes only as a registered template, so
// saving refuses, with the reason under the field, a DLT template id none of the account's SMS templates has (a refused
// save changes nothing). Turning the survey on without an id while an SMS number of the account is on a DLT route
// saves (WhatsApp and RCS conversations get their survey) and the answer, and the settings read later, warn that SMS
// conversations on that number get no survey; with a registered id, off, or no DLT route there is no warning.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CSAT_DLT_MESSAGES } from "../../contract/domain/csat";
import type { Carrier } from "../carriers/carrier";
import { businessAddresses } from "../services/chats/addresses";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let carrier: Carrier;
/** The account's SMS numbers (headers): the mocked route puts them all on DLT, so each gets a warning. */
let smsAddresses: string[] = [];
// The demo manager's SMS template "Satisfaction survey" (server/seed-sms.ts).
const REGISTERED = "1107160000000000005";

beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000 });
  carrier = (server.app as unknown as { carrier: Carrier }).carrier;
  smsAddresses = (await businessAddresses(server.database.db, await server.id("manager")))
    .filter((a) => a.channel === "sms")
    .map((a) => a.address);
  expect(smsAddresses.length).toBeGreaterThan(0);
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
const read = async () => (await server.call({ method: "GET", url: "/api/v1/chats/csat", as: "manager" })).json();
const saved = async () => (await read()).data;

/** The carrier says the account's SMS numbers go out on a DLT route (as an SMPP/HTTP channel with an entity id does). */
function dltRoute(on: boolean) {
  const describe = carrier.describeSender!.bind(carrier);
  vi.spyOn(carrier, "describeSender").mockImplementation(async (s) =>
    s.channel === "sms" ? { ...(await describe(s)), dltTemplates: on } : describe(s),
  );
}

const NO_SURVEY = () => smsAddresses.map(CSAT_DLT_MESSAGES.noSurvey);
const CASES: [string, boolean, ReturnType<typeof settings>, "unknown" | null, () => string[]][] = [
  ["on, no template id, a DLT route: saved, with a warning", true, settings(true, null), null, NO_SURVEY],
  ["on, an id no SMS template has", false, settings(true, "1107169999999999999"), "unknown", () => []],
  ["off, an id no SMS template has", true, settings(false, "1107169999999999999"), "unknown", () => []],
  ["on, a registered id, a DLT route", true, settings(true, REGISTERED), null, () => []],
  ["on, no template id, no DLT route", false, settings(true, null), null, () => []],
  ["off, no template id, a DLT route", true, settings(false, null), null, () => []],
];

describe("CSAT settings and DLT routes", () => {
  it.each(CASES)("%s", async (_, route, payload, refusal, warnings) => {
    expect((await put(settings(false, null))).statusCode).toBe(200);
    const before = await saved();
    dltRoute(route);
    const res = await put(payload);
    if (refusal === null) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ data: payload, warnings: warnings() });
      // The settings read later say the same, so the screen shows it whenever it opens.
      expect(await read()).toMatchObject({ data: payload, warnings: warnings() });
      return;
    }
    const message = CSAT_DLT_MESSAGES.unknown("1107169999999999999");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: [{ field: "smsDltTemplateId", message }] });
    expect(await saved()).toEqual(before);
  });
});
