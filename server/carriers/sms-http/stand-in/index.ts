// A local HTTP SMS provider of the common shape (POST a message with a bearer key, get a message id, a delivery report
// POSTed to the callback URL later), for the generic adapter's tests: it refuses a wrong key (401), an invalid number
// (400 with a message), limits when told (429 with Retry-After), fails when told (500), on an Indian DLT account refuses
// a message without a well-formed DLT template id or entity id and scrubs the rest against its registry (`dlt*`
// options), and reports DELIVERED or UNDELIVERED with an error
// code, or with the status word a test gives a number (many aggregators forward the SMSC's own words: EXPIRED, REJECTD,
// ACCEPTD…). With `mode: "msg91"` it speaks MSG91's documented API instead (msg91.ts). Its
// customers write too: customerWrites posts a customer's message to the channel's inbound URL (inbound.ts).
import { createServer } from "node:http";
import { dltIdWellFormed, DLT_INVALID_ENTITY, scrubTemplate } from "../../dlt-registry";
import type { AddressInfo } from "node:net";
import { postCustomerMessage, type CustomerMessage, type Delivered } from "./inbound";
import { MSG91_PATH, msg91Answer } from "./msg91";
import { read, report } from "./wire";

export interface SmsHttpStandIn {
  url: string;
  received: { id: string; body: Record<string, unknown> }[];
  behaviour: {
    invalid: Set<string>;
    undeliverable: Set<string>;
    /** Numbers (digits) reported with this status and error code instead of DELIVERED. */
    reports: Map<string, { status: string; code: string | null }>;
    limitNext: number;
    failNext: number;
    dlrDelayMs: number;
    /** MSG91 mode: the next send answered with this documented error (301 insufficient balance, …). */
    refuseNext: { code: string; message: string } | null;
  };
  /**
   * A customer's message to the account's number, posted to `inboundUrl` (the channel's, token in it) as this mode's
   * provider would.
   */
  customerWrites(inboundUrl: string, message: CustomerMessage): Promise<Delivered>;
  close(): Promise<void>;
}

export interface SmsHttpStandInOptions {
  apiKey: string;
  /** Read at each report, so a test may set it once the channel (and so its DLR URL) exists. */
  callbackUrl: string;
  mode?: "generic" | "msg91";
  /**
   * An Indian DLT account (generic mode): the body's field that must carry the message's DLT template id. TRAI's DLT
   * scrubbing (TCCCPR 2018) lets no commercial SMS through without its registered template, and HTTP aggregators
   * take the id with each message and refuse a send without it (Fast2SMS's DLT API: "Pass correct DLT Content
   * Template ID ... It's optional if template is added in DLT_MANAGER; otherwise, it's mandatory.").
   */
  dltTemplateField?: string;
  /**
   * The body's field for the principal entity id, when the account takes it per message (Exotel's `DltEntityId`:
   * "Mandatory (India)"). A missing or malformed one is refused at once, as a malformed template id is (Twilio's
   * 21901 "DltTemplateId is invalid: Too long DltTemplateId or its format is invalid").
   */
  dltEntityField?: string;
  /**
   * The DLT registry's content templates by id. Scrubbing is the operator's, after the provider accepted the message:
   * an unknown id or a text that is not its template's comes back in the delivery report (UNDELIVERED with the DLT
   * platform's code; Exotel's FAILED_DLT_TEMPLATE "DLT template ID mismatch or not approved").
   */
  dltTemplates?: ReadonlyMap<string, string>;
}

export async function startSmsHttpStandIn(options: SmsHttpStandInOptions): Promise<SmsHttpStandIn> {
  const received: SmsHttpStandIn["received"] = [];
  const behaviour: SmsHttpStandIn["behaviour"] = {
    invalid: new Set(),
    undeliverable: new Set(),
    reports: new Map(),
    limitNext: 0,
    failNext: 0,
    dlrDelayMs: 30,
    refuseNext: null,
  };
  let next = 1000;
  const server = createServer((req, res) => {
    void (async () => {
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      if (options.mode === "msg91") {
        const answer = await msg91Answer(req, options, received, behaviour);
        return json(answer.status, answer.body, answer.headers);
      }
      if (req.headers.authorization !== `Bearer ${options.apiKey}`)
        return json(401, { status: "error", message: "Invalid API key" });
      if (req.method === "OPTIONS") return json(204, {});
      const body = JSON.parse(await read(req)) as Record<string, unknown>;
      if (behaviour.limitNext > 0) {
        behaviour.limitNext--;
        return json(429, { status: "error", message: "Rate limit exceeded" }, { "retry-after": "2" });
      }
      if (behaviour.failNext > 0) {
        behaviour.failNext--;
        return json(500, { status: "error", message: "Internal error" });
      }
      const dltField = options.dltTemplateField;
      const dltTemplateId = dltField ? String(body[dltField] ?? "").trim() : "";
      if (dltField && !dltTemplateId)
        return json(400, { status: "error", message: "DLT template id is required for messages to India" });
      if (dltField && !dltIdWellFormed(dltTemplateId))
        return json(400, { status: "error", message: "DLT template id is invalid" });
      if (options.dltEntityField && !dltIdWellFormed(String(body[options.dltEntityField] ?? "").trim()))
        return json(400, { status: "error", message: "DLT entity id is missing or invalid", code: DLT_INVALID_ENTITY });
      const to = String(body.to ?? "");
      if (!/^91\d{10}$/.test(to) || behaviour.invalid.has(to))
        return json(400, { status: "error", message: "Invalid mobile number" });
      const id = `HX${next++}`;
      received.push({ id, body });
      json(200, { status: "success", data: { message_id: id } });
      const scrubbed = dltField
        ? scrubTemplate(options.dltTemplates, dltTemplateId, { text: String(body.message ?? ""), multipart: false })
        : null;
      const outcome =
        behaviour.reports.get(to) ??
        (scrubbed ? { status: "UNDELIVERED", code: scrubbed } : null) ??
        (behaviour.undeliverable.has(to)
          ? { status: "UNDELIVERED", code: "DND" }
          : { status: "DELIVERED", code: null });
      report(
        options.callbackUrl,
        { message_id: id, status: outcome.status, error_code: outcome.code, mobile: to },
        behaviour.dlrDelayMs,
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${options.mode === "msg91" ? MSG91_PATH : "/v1/sms"}`,
    received,
    behaviour,
    customerWrites: (inboundUrl, message) => postCustomerMessage(inboundUrl, options.mode ?? "generic", message),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
