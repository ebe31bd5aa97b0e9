// A local HTTP SMS provider of the common shape (POST a message with a bearer key, get a message id, a delivery report
// POSTed to the callback URL later), for the generic adapter's tests: it refuses a wrong key (401), an invalid number
// (400 with a message), limits when told (429 with Retry-After), fails when told (500), and reports DELIVERED or
// UNDELIVERED with an error code.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface SmsHttpStandIn {
  url: string;
  received: { id: string; body: Record<string, unknown> }[];
  behaviour: { invalid: Set<string>; undeliverable: Set<string>; limitNext: number; failNext: number; dlrDelayMs: number };
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = "";
    req.on("data", (c: Buffer) => (data += c.toString("utf8")));
    req.on("end", () => resolve(data));
  });

export async function startSmsHttpStandIn(options: { apiKey: string; callbackUrl: string }): Promise<SmsHttpStandIn> {
  const received: SmsHttpStandIn["received"] = [];
  const behaviour: SmsHttpStandIn["behaviour"] = { invalid: new Set(), undeliverable: new Set(), limitNext: 0, failNext: 0, dlrDelayMs: 30 };
  let next = 1000;
  const server = createServer((req, res) => {
    void (async () => {
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${options.apiKey}`) return json(401, { status: "error", message: "Invalid API key" });
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
      const to = String(body.to ?? "");
      if (!/^91\d{10}$/.test(to) || behaviour.invalid.has(to)) return json(400, { status: "error", message: "Invalid mobile number" });
      const id = `HX${next++}`;
      received.push({ id, body });
      json(200, { status: "success", data: { message_id: id } });
      const undelivered = behaviour.undeliverable.has(to);
      setTimeout(() => {
        void fetch(options.callbackUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ message_id: id, status: undelivered ? "UNDELIVERED" : "DELIVERED", error_code: undelivered ? "DND" : null, mobile: to }),
        }).catch(() => undefined);
      }, behaviour.dlrDelayMs).unref();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/sms`,
    received,
    behaviour,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
