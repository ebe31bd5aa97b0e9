// The HTTP SMS stand-in as an Indian DLT account: a message whose body carries no DLT template id is refused (400),
// one with it goes; an HTTP channel with an entity id tells its senders that every message needs a template.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageContent } from "../carrier";
import type { ChannelConnection } from "../router/channel-adapter";
import { createHttpSmsAdapter } from "./index";
import { startSmsHttpStandIn, type SmsHttpStandIn } from "./stand-in";

const KEY = "hx-dlt-key-0001";
let provider: SmsHttpStandIn;
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
  provider = await startSmsHttpStandIn({
    apiKey: KEY,
    callbackUrl: "http://127.0.0.1:9/none",
    dltTemplateField: "dlt_template_id",
  });
});
afterAll(async () => provider?.close());

describe("an HTTP SMS channel on a DLT account", () => {
  const adapter = () => createHttpSmsAdapter(connection("1201159100000012345"), noHealth, { allowPrivate: true });
  const send = (content: MessageContent) =>
    adapter().send({ id: `m-${++seq}`, channel: "sms", from: "JMSHOP", to: "+919812300771", content });

  it("a message without its DLT template id is refused by the provider and fails; with it, it goes", async () => {
    const before = provider.received.length;
    expect(await send({ kind: "text", text: "Hi, how can we help?" })).toMatchObject({
      accepted: false,
      code: "400",
      retryable: false,
      reason: expect.stringContaining("DLT template id is required"),
    });
    expect(provider.received).toHaveLength(before);
    expect(await send({ kind: "text", text: "OTP 4411", dltTemplateId: "1107161234567890123" })).toMatchObject({
      accepted: true,
    });
    expect(provider.received.at(-1)?.body).toMatchObject({
      pe_id: "1201159100000012345",
      dlt_template_id: "1107161234567890123",
    });
  });

  it("says so in its profile when it sends under an entity id", () => {
    expect(adapter().profile).toEqual({ idempotentSends: false, perSecond: 100, dltTemplates: true });
    expect(createHttpSmsAdapter(connection(), noHealth, { allowPrivate: true }).profile).toEqual({
      idempotentSends: false,
      perSecond: 100,
    });
  });
});
