// The providers' own error codes and words, so the console and reports show what a real provider would say.
// WhatsApp: Cloud API error codes. SMS: SMPP command_status names at submit, "stat:… err:…" of a delivery receipt
// (DLR) after. RCS: Google RBM's HTTP status with its gRPC status name.
import type { Channel, MessageContent } from "../carrier";

export interface ProviderError {
  code: string;
  reason: string;
}

/** Refusals at submit. */
export const SUBMIT_ERRORS = {
  whatsapp: {
    invalidRecipient: { code: "100", reason: "Invalid parameter: the recipient is not a valid phone number" },
    notOnChannel: { code: "131026", reason: "Message undeliverable" },
    rateLimit: { code: "130429", reason: "Rate limit hit: too many messages from this phone number" },
  },
  sms: {
    invalidRecipient: { code: "ESME_RINVDSTADR", reason: "Invalid destination address (0x0000000B)" },
    rateLimit: { code: "ESME_RTHROTTLED", reason: "Throttling error: message rate exceeded (0x00000058)" },
  },
  rcs: {
    invalidRecipient: { code: "400", reason: "INVALID_ARGUMENT: the phone number is not a valid E.164 number" },
    notOnChannel: { code: "404", reason: "NOT_FOUND: the recipient is not RCS-capable" },
    notLaunched: { code: "403", reason: "PERMISSION_DENIED: the agent is not launched on the recipient's carrier" },
    rateLimit: { code: "429", reason: "RESOURCE_EXHAUSTED: too many messages per second from this agent" },
  },
} as const satisfies Record<Channel, Record<string, ProviderError>>;

const WHATSAPP_ANY: readonly ProviderError[] = [
  { code: "131026", reason: "Message undeliverable" },
  { code: "131000", reason: "Something went wrong" },
];

/** Failed receipts: the codes a message of this channel and content can fail with after it was accepted. */
export function failureCodes(channel: Channel, content: MessageContent): readonly ProviderError[] {
  if (channel === "whatsapp") {
    // Templates may open a conversation at any time; free-form messages only within 24 h of the user's last message.
    return content.kind === "template"
      ? [
          ...WHATSAPP_ANY,
          { code: "131049", reason: "This message was not delivered to maintain healthy ecosystem engagement" },
        ]
      : [
          ...WHATSAPP_ANY,
          {
            code: "131047",
            reason: "Re-engagement message: more than 24 hours have passed since the recipient last replied",
          },
        ];
  }
  if (channel === "sms") {
    return [
      { code: "UNDELIV:001", reason: "stat:UNDELIV err:001 unknown subscriber" },
      { code: "UNDELIV:027", reason: "stat:UNDELIV err:027 absent subscriber (handset off or out of coverage)" },
      { code: "EXPIRED:005", reason: "stat:EXPIRED err:005 validity period expired before delivery" },
      {
        code: "REJECTD:034",
        reason: "stat:REJECTD err:034 rejected by DLT scrubbing (header or template not registered)",
      },
    ];
  }
  return [
    { code: "404", reason: "NOT_FOUND: the recipient is no longer RCS-capable" },
    { code: "EXPIRED", reason: "The message's TTL expired before delivery and it was revoked" },
    { code: "500", reason: "INTERNAL: the carrier did not accept the message" },
  ];
}
