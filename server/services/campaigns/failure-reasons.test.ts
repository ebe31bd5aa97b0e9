import { describe, expect, it } from "vitest";
import type { Channel } from "../../carriers/carrier";
import { readableReason } from "./failure-reasons";

// What the rollup keeps (the provider's code and text) against what the control room shows.
describe("readableReason", () => {
  it.each<[string, Channel, string, string, string, string | null]>([
    [
      "WhatsApp 131026 (the sandbox's terse text)",
      "whatsapp",
      "131026",
      "Message undeliverable",
      "Message undeliverable (131026): the number may not be on WhatsApp or cannot receive this message",
      "Message undeliverable",
    ],
    [
      "WhatsApp 131047",
      "whatsapp",
      "131047",
      "Re-engagement message",
      "Outside the 24-hour window (131047): the customer last wrote more than 24 hours ago, so only an approved template can reach them",
      "Re-engagement message",
    ],
    [
      "WhatsApp, a retryable code: its words say 'retried', so the provider's text stays",
      "whatsapp",
      "131000",
      "Something went wrong",
      "Something went wrong",
      null,
    ],
    [
      "WhatsApp, already in the table's words (the Cloud API adapter wrote them)",
      "whatsapp",
      "131026",
      "Message undeliverable (131026): the number may not be on WhatsApp or cannot receive this message",
      "Message undeliverable (131026): the number may not be on WhatsApp or cannot receive this message",
      null,
    ],
    [
      "SMPP submit_sm refused: ESME_RINVDSTADR",
      "sms",
      "ESME_RINVDSTADR",
      "Invalid destination address (0x0000000B)",
      "The SMSC refused the destination number (ESME_RINVDSTADR)",
      "Invalid destination address (0x0000000B)",
    ],
    [
      "a delivery receipt's stat and err",
      "sms",
      "UNDELIV:001",
      "stat:UNDELIV err:001 unknown subscriber",
      "Undeliverable: the network could not deliver it to the handset (err 001)",
      "stat:UNDELIV err:001 unknown subscriber",
    ],
    [
      "a receipt the SMPP adapter already put in words",
      "sms",
      "EXPIRED",
      "Expired: the handset was not reachable before the validity period ended (err 005)",
      "Expired: the handset was not reachable before the validity period ended (err 005)",
      null,
    ],
    [
      "RBM: its text names the status already",
      "rcs",
      "404",
      "NOT_FOUND: the recipient is not RCS-capable",
      "NOT_FOUND: the recipient is not RCS-capable",
      null,
    ],
    ["no code", "sms", "", "Balance hold used up", "Balance hold used up", null],
  ])("%s", (_what, channel, code, raw, reason, detail) => {
    expect(readableReason(channel, code, raw)).toEqual({ reason, detail });
  });
});
