// The stand-in's MSG91 mode: MSG91's documented SMS API (contract/domain/sms-http-presets.ts lists the sources).
// POST /api/v2/sendsms with the key in `authkey` and a JSON body { sender, route, country, DLT_TE_ID, sms: [{ message,
// to: [...] }] }; the answer {"type":"success","message":"<request id>"} or {"type":"error","message","code"}; one
// delivery report per recipient in the v3 webhook's JSON (requestId, number, senderId, status, desc). MSG91's examples
// give the bodies, not the HTTP status: the stand-in answers a refusal with 200, the case an adapter reading only the
// status would take for an acceptance. Its request ids are 24 hex digits, as in the documented answer.
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { SmsHttpStandIn, SmsHttpStandInOptions } from "./index";
import { read, report } from "./wire";

export const MSG91_PATH = "/api/v2/sendsms";

export interface StandInAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const error = (code: string, message: string): StandInAnswer => ({
  status: 200,
  body: { type: "error", message, code },
});

/** The v3 webhook's status and desc of a recipient's outcome (1 delivered; 17 a blocked number). */
const DELIVERED = { status: "1", desc: "DELIVERED" };
const BLOCKED = { status: "17", desc: "BLOCKED" };

function recipients(body: Record<string, unknown>): string[] | null {
  const sms = body.sms;
  if (!Array.isArray(sms) || sms.length === 0) return null;
  const numbers: string[] = [];
  for (const part of sms as unknown[]) {
    const to = part && typeof part === "object" ? (part as Record<string, unknown>).to : undefined;
    if (!Array.isArray(to) || typeof (part as Record<string, unknown>).message !== "string") return null;
    numbers.push(...to.map(String));
  }
  return numbers;
}

export async function msg91Answer(
  req: IncomingMessage,
  options: SmsHttpStandInOptions,
  received: SmsHttpStandIn["received"],
  behaviour: SmsHttpStandIn["behaviour"],
): Promise<StandInAnswer> {
  const key = req.headers.authkey;
  if (!key) return error("106", "Missing Authentication Key");
  if (key !== options.apiKey) return error("207", "Invalid authentication key");
  if (req.method === "OPTIONS") return { status: 204, body: {} };
  if (req.url !== MSG91_PATH || req.method !== "POST")
    return { status: 404, body: { type: "error", message: "Not found" } };
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(await read(req)) as Record<string, unknown>;
  } catch {
    return error("400", "Invalid JSON");
  }
  if (behaviour.limitNext > 0) {
    behaviour.limitNext--;
    return { status: 429, body: { type: "error", message: "Too many requests" }, headers: { "retry-after": "2" } };
  }
  if (behaviour.failNext > 0) {
    behaviour.failNext--;
    return { status: 500, body: { type: "error", message: "Internal error" } };
  }
  if (behaviour.refuseNext) {
    const refusal = behaviour.refuseNext;
    behaviour.refuseNext = null;
    return error(refusal.code, refusal.message);
  }
  const sender = typeof body.sender === "string" ? body.sender : "";
  if (!sender) return error("103", "Missing sender ID");
  if (!/^[A-Z]{6}$/.test(sender)) return error("203", "Invalid sender ID");
  if (!body.route) return error("107", "Missing Route");
  const numbers = recipients(body);
  if (!numbers) return error("101", "Missing mobile no.");
  if (numbers.some((n) => !/^91\d{10}$/.test(n) || behaviour.invalid.has(n)))
    return error("202", "Invalid mobile number");
  const requestId = randomBytes(12).toString("hex");
  received.push({ id: requestId, body });
  for (const number of numbers) {
    const outcome = behaviour.undeliverable.has(number) ? BLOCKED : DELIVERED;
    report(
      options.callbackUrl,
      {
        date: new Date().toISOString().replace("T", " ").slice(0, 19),
        number,
        senderId: sender,
        amount: "0.01",
        requestId,
        INMSID: "0",
        CRQID: "0",
        credit: "1",
        userId: "100001",
        campaignName: "API",
        ...outcome,
      },
      behaviour.dlrDelayMs,
    );
  }
  return { status: 200, body: { type: "success", message: requestId } };
}
