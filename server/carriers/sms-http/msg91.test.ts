// The HTTP SMS adapter with the MSG91 preset (contract/domain/sms-http-presets.ts), its settings made from the preset's
// form values as the connect call makes them, against the stand-in in MSG91 mode: the body MSG91 documents with the
// message's DLT template id as DLT_TE_ID, the request id read from {"type":"success"}, refusals written in a 200
// answer's body mapped by MSG91's codes (the key or the account stops the channel, a number fails the recipient), and
// the v3 webhook's reports turned into receipts; a customer's message to the virtual number read by the preset's
// (unverified) inbound names with the reply number entered on the channel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMS_HTTP_PRESETS } from "../../../contract/domain/sms-http-presets";
import { httpSettingsOf } from "../../services/carrier-channels/sms";
import type { OutboundMessage } from "../carrier";
import type { ChannelAdapter, ChannelConnection, ChannelHealth, KeyedEvent } from "../router/channel-adapter";
import { startDlrReceiver, until, type DlrReceiver } from "./dlr-receiver";
import { createHttpSmsAdapter } from "./index";
import { startSmsHttpStandIn, type SmsHttpStandIn } from "./stand-in";

const KEY = "msg91-authkey-0001";
const TOKEN = "verify-token-msg91";
const ENTITY = "1201159100000012345";
const DLT_TEMPLATE = "1107161234567890123";
let provider: SmsHttpStandIn;
let receiver: DlrReceiver;
let adapter: ChannelAdapter;
const delivered = (): KeyedEvent[] => receiver.delivered;
let seq = 0;

function connection(apiKey: string): ChannelConnection {
  const settings = httpSettingsOf({
    ...SMS_HTTP_PRESETS.msg91.form,
    url: provider.url,
    preset: "msg91",
    name: "MSG91",
    sender_ids: ["JMSHOP"],
    dlt_entity_id: ENTITY,
    inbound_number: "919876500091",
  });
  return {
    id: "00000000-0000-4000-8000-000000000091",
    userId: "u",
    provider: "sms_http",
    channel: "sms",
    version: 1,
    status: "connected",
    statusReason: null,
    verifyToken: TOKEN,
    secrets: { apiKey },
    settings: { ...settings },
  };
}
const sms = (to: string, text: string, dltTemplateId = DLT_TEMPLATE): OutboundMessage => ({
  id: `m-${++seq}`,
  channel: "sms",
  from: "JMSHOP",
  to,
  content: { kind: "text", text, dltTemplateId },
});
const health = (failures: Parameters<ChannelHealth["failure"]>[0][] = []): ChannelHealth => ({
  success: () => undefined,
  sent: () => undefined,
  failure: (f) => failures.push(f),
});

beforeAll(async () => {
  receiver = await startDlrReceiver(() => adapter);
  provider = await startSmsHttpStandIn({ apiKey: KEY, callbackUrl: `${receiver.url}?token=${TOKEN}`, mode: "msg91" });
  adapter = createHttpSmsAdapter(connection(KEY), health(), { allowPrivate: true });
});
afterAll(async () => {
  await provider?.close();
  await receiver?.close();
});

describe("HTTP SMS with the MSG91 preset", () => {
  it("posts MSG91's body with the message's DLT_TE_ID and the authkey, and reads the request id", async () => {
    const result = await adapter.send(sms("+919812300001", 'Order "42" shipped. - JMSHOP'));
    const [sent] = provider.received;
    expect(result).toEqual({ accepted: true, providerMessageId: sent.id });
    expect(sent.id).toMatch(/^[0-9a-f]{24}$/);
    expect(sent.body).toEqual({
      sender: "JMSHOP",
      route: "4",
      country: "91",
      DLT_TE_ID: DLT_TEMPLATE,
      sms: [{ message: 'Order "42" shipped. - JMSHOP', to: ["919812300001"] }],
    });
  });

  it("turns the v3 webhook's reports into receipts of the request: 1 delivered, 17 failed with MSG91's words", async () => {
    provider.behaviour.undeliverable.add("919812300003");
    const ok = await adapter.send(sms("+919812300002", "hello"));
    const blocked = await adapter.send(sms("+919812300003", "hello"));
    const ids = [ok, blocked].map((r) => (r.accepted ? r.providerMessageId : ""));
    const events = await until(
      () => delivered().filter((e) => ids.some((id) => e.key.startsWith(`${id}:`))),
      (e) => e.length === 2,
    );
    const byId = Object.fromEntries(
      events.map((e) => [e.event.type === "receipt" ? e.event.providerMessageId : "", e]),
    );
    expect(byId[ids[0]]).toEqual({
      key: `${ids[0]}:1`,
      event: expect.objectContaining({ type: "receipt", status: "delivered" }),
    });
    expect(byId[ids[1]]).toEqual({
      key: `${ids[1]}:17`,
      event: expect.objectContaining({
        type: "receipt",
        status: "failed",
        code: "BLOCKED",
        reason: "The provider reported 17 (BLOCKED)",
      }),
    });
  });

  it("maps MSG91's refusals, written in a 200 answer: an invalid number fails the recipient, never read as an id", async () => {
    expect(await adapter.send(sms("+91123", "x"))).toEqual({
      accepted: false,
      code: "202",
      retryable: false,
      reason: "The provider refused the message (202): Invalid mobile number",
    });
    provider.behaviour.refuseNext = {
      code: "311",
      message: "Request discarded because same request was generated twice within 10 seconds",
    };
    expect(await adapter.send(sms("+919812300004", "x"))).toMatchObject({
      accepted: false,
      code: "311",
      retryable: false,
    });
    provider.behaviour.limitNext = 1;
    expect(await adapter.send(sms("+919812300004", "x"))).toMatchObject({
      accepted: false,
      code: "429",
      retryable: true,
      retry: "sender",
      retryAfterMs: 2000,
    });
  });

  it("an account MSG91 refuses (301 insufficient balance) stops the channel until it is put right", async () => {
    const failures: Parameters<ChannelHealth["failure"]>[0][] = [];
    const own = createHttpSmsAdapter(connection(KEY), health(failures), { allowPrivate: true });
    provider.behaviour.refuseNext = { code: "301", message: "Insufficient balance to send SMS" };
    const count = provider.received.length;
    expect(await own.send(sms("+919812300005", "x"))).toMatchObject({
      accepted: false,
      code: "301",
      retry: "channel",
      reason: expect.stringContaining("the provider refused the account (301: Insufficient balance to send SMS)"),
    });
    expect(failures).toEqual([expect.objectContaining({ code: "301", disconnect: true })]);
    expect(await own.send(sms("+919812300005", "x"))).toMatchObject({ accepted: false, code: "disconnected" });
    expect(provider.received.length).toBe(count);
  });

  it("a refused authkey (207) disconnects: the connection test says so, and nothing is posted", async () => {
    const wrong = createHttpSmsAdapter(connection("not-the-authkey"), health(), { allowPrivate: true });
    expect(await wrong.testConnection()).toEqual({
      ok: false,
      code: "207",
      auth: true,
      message: "The provider refused the API key (207: Invalid authentication key)",
    });
    const count = provider.received.length;
    expect(await wrong.send(sms("+919812300006", "x"))).toMatchObject({
      accepted: false,
      code: "207",
      retry: "channel",
      reason: expect.stringContaining("SMS channel disconnected: the provider refused the API key (207"),
    });
    expect(await wrong.send(sms("+919812300006", "x"))).toMatchObject({ accepted: false, code: "disconnected" });
    expect(provider.received.length).toBe(count);
    expect(await adapter.testConnection()).toMatchObject({ ok: true });
  });

  it("takes a customer's message to the virtual number by the preset's inbound fields, the reply number the channel's", async () => {
    const sent = await provider.customerWrites(`${receiver.url}?token=${TOKEN}&kind=inbound`, {
      from: "919812300007",
      to: "",
      text: "STOP offers",
    });
    expect(sent.status).toBe(200);
    const [event] = await until(
      () => delivered().filter((e) => e.key === `mo:${sent.id}`),
      (e) => e.length > 0,
    );
    expect(event.event).toEqual({
      type: "inbound",
      channel: "sms",
      from: "+919812300007",
      to: "+919876500091",
      text: "STOP offers",
      at: expect.any(Date),
      channelId: connection(KEY).id,
    });
  });
});
