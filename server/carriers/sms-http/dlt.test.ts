// The HTTP SMS stand-in as an Indian DLT account: a message whose body carries no DLT template id, or a malformed one, or
// no well-formed entity id, is refused (400); one the registry does not know, or whose text is not its template's, is
// accepted and comes back UNDELIVERED with the DLT platform's code; a registered one is delivered. An HTTP channel with
// an entity id tells its senders that every message needs a template.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, type Receiver } from "../../test/webhook-receiver";
import { DLT_TEMPLATE_NOT_FOUND, TEMPLATE_MISMATCH } from "../dlt-registry";
import type { MessageContent } from "../carrier";
import type { ChannelConnection } from "../router/channel-adapter";
import { createHttpSmsAdapter } from "./index";
import { startSmsHttpStandIn, type SmsHttpStandIn } from "./stand-in";

const KEY = "hx-dlt-key-0001";
const ENTITY = "1201159100000012345";
const OTP_TEMPLATE = "1107161234567890123";
let provider: SmsHttpStandIn;
let reports: Receiver;
let seq = 0;

const connection = (entityId?: string): ChannelConnection => ({
  id: "00000000-0000-4000-8000-000000000177",
  userId: "u",
  provider: "sms_http",
  channel: "sms",
  version: 1,
  status: "connected",
  statusReason: null,
  verifyToken: "t",
  secrets: { apiKey: KEY },
  settings: {
    url: provider.url,
    body: {
      to: "{{to_digits}}",
      sender: "{{from}}",
      message: "{{text}}",
      pe_id: "{{entity_id}}",
      dlt_template_id: "{{dlt_template_id}}",
    },
    messageIdPath: "data.message_id",
    dlr: { idPath: "message_id", statusPath: "status", statuses: { DELIVERED: "delivered" } },
    ...(entityId ? { entityId } : {}),
  },
});
const noHealth = { success: () => undefined, sent: () => undefined, failure: () => undefined };

beforeAll(async () => {
  reports = await startReceiver();
  provider = await startSmsHttpStandIn({
    apiKey: KEY,
    callbackUrl: reports.url,
    dltTemplateField: "dlt_template_id",
    dltEntityField: "pe_id",
    dltTemplates: new Map([[OTP_TEMPLATE, "Your OTP is {#var#}. - Acme"]]),
  });
  provider.behaviour.dlrDelayMs = 0;
});
afterAll(async () => {
  await provider?.close();
  await reports?.close();
});

/** The delivery report the stand-in posted for the provider's message id. */
async function reportOf(id: string): Promise<{ status: string; error_code: string | null }> {
  for (let i = 0; i < 200; i++) {
    const hit = reports.received
      .map((r) => JSON.parse(r.body) as { message_id: string; status: string; error_code: string | null })
      .find((r) => r.message_id === id);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no report for ${id}`);
}

describe("an HTTP SMS channel on a DLT account", () => {
  const adapter = () => createHttpSmsAdapter(connection(ENTITY), noHealth, { allowPrivate: true });
  const send = (content: MessageContent) =>
    adapter().send({ id: `m-${++seq}`, channel: "sms", from: "JMSHOP", to: "+919812300771", content });

  it.each([
    // [case, the message's template id, the channel's entity id, the provider's answer]
    ["no template id", undefined, ENTITY, "DLT template id is required"],
    ["a template id that is not digits", "TPL-OTP-1", ENTITY, "DLT template id is invalid"],
    ["a template id too short to be one", "110716", ENTITY, "DLT template id is invalid"],
    ["an entity id that is not digits", OTP_TEMPLATE, "PE-ACME", "DLT entity id is missing or invalid"],
  ] as const)("%s: refused by the provider (400), nothing taken", async (_, templateId, entityId, reason) => {
    const before = provider.received.length;
    const sent = await createHttpSmsAdapter(connection(entityId), noHealth, { allowPrivate: true }).send({
      id: `m-${++seq}`,
      channel: "sms",
      from: "JMSHOP",
      to: "+919812300771",
      content: { kind: "text", text: "Your OTP is 4411. - Acme", ...(templateId ? { dltTemplateId: templateId } : {}) },
    });
    expect(sent).toMatchObject({
      accepted: false,
      code: "400",
      retryable: false,
      reason: expect.stringContaining(reason),
    });
    expect(provider.received).toHaveLength(before);
  });

  it.each([
    // [case, template id, text, the delivery report's status and DLT code]
    ["its registered template, variable filled", OTP_TEMPLATE, "Your OTP is 4411. - Acme", "DELIVERED", null],
    [
      "a template the registry lacks",
      "1107169999999999999",
      "Your OTP is 4411. - Acme",
      "UNDELIVERED",
      DLT_TEMPLATE_NOT_FOUND,
    ],
    [
      "text outside its template",
      OTP_TEMPLATE,
      "Your one-time password is 4411. - Acme",
      "UNDELIVERED",
      TEMPLATE_MISMATCH,
    ],
    [
      "a variable past 30 characters",
      OTP_TEMPLATE,
      `Your OTP is ${"4".repeat(31)}. - Acme`,
      "UNDELIVERED",
      TEMPLATE_MISMATCH,
    ],
  ] as const)("%s: accepted, then scrubbed by the registry (%s)", async (_, templateId, text, status, code) => {
    const sent = await send({ kind: "text", text, dltTemplateId: templateId });
    expect(sent).toMatchObject({ accepted: true });
    const body = provider.received.at(-1)?.body;
    expect(body).toMatchObject({ pe_id: ENTITY, dlt_template_id: templateId, message: text });
    const id = String(provider.received.at(-1)?.id);
    expect(await reportOf(id)).toMatchObject({ status, error_code: code });
  });

  it("says so in its profile when it sends under an entity id", () => {
    expect(adapter().profile).toEqual({ idempotentSends: false, perSecond: 100, dltTemplates: true });
    expect(createHttpSmsAdapter(connection(), noHealth, { allowPrivate: true }).profile).toEqual({
      idempotentSends: false,
      perSecond: 100,
    });
  });
});
