// The stand-in's customers: a message a customer sends to the account's number, posted to the channel's inbound URL
// as the provider would. Generic mode posts { id, from, to, text, received_at } (JSON, a form, or a GET query: the
// three shapes providers use); MSG91 mode posts the fields the MSG91 preset reads (sender, message, msgId: not
// verified against MSG91's documentation, see contract/domain/sms-http-presets.ts) and no number written to.
import { randomBytes } from "node:crypto";

export interface CustomerMessage {
  /** The customer's number, as providers write it (digits, country code first). */
  from: string;
  /** The account's number the customer wrote to (generic mode only). */
  to: string;
  text: string;
  /** The provider's id of the message; a new one unless given (a test's retry gives the same). */
  id?: string;
  format?: "json" | "form" | "query";
}

export interface Delivered {
  id: string;
  status: number;
  body: string;
}

export async function postCustomerMessage(
  inboundUrl: string,
  mode: "generic" | "msg91",
  message: CustomerMessage,
): Promise<Delivered> {
  const id = message.id ?? (mode === "msg91" ? randomBytes(12).toString("hex") : `MO${randomBytes(6).toString("hex")}`);
  const fields: Record<string, string> =
    mode === "msg91"
      ? { sender: message.from, message: message.text, msgId: id }
      : { id, from: message.from, to: message.to, text: message.text, received_at: new Date().toISOString() };
  const format = message.format ?? "json";
  let res: Response;
  if (format === "query") {
    const url = new URL(inboundUrl);
    for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, v);
    res = await fetch(url);
  } else {
    const form = format === "form";
    res = await fetch(inboundUrl, {
      method: "POST",
      headers: { "content-type": form ? "application/x-www-form-urlencoded" : "application/json" },
      body: form ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
    });
  }
  return { id, status: res.status, body: await res.text() };
}
