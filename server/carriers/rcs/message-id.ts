// RBM's message id for one of our messages. phones.agentMessages.create takes `messageId` as "a UUID, as defined in
// RFC 9562" (RFC 4122 before it) and "ignores any agent message sent with an ID that was used by an earlier message or
// event sent from the same agent". Ours are not UUIDs (a campaign recipient's number, `chat:<id>`, `api:<uuid>:<step>`,
// `test:…`), so each is turned into a name-based UUID (version 5, RFC 9562 §5.5): the same message always gets the same
// id, so a create retried after a lost answer is recognised by Google as the same message (409: already sent), never
// delivered twice. The channel's id is part of the name: our ids restart with a fresh database, Google's memory of an
// agent's ids does not, and a recipient "42" of a new installation on the same agent must not be taken for an old one.
// A UUID cannot be turned back into our id: receipts name the UUID, and each kind of message is found by the provider
// id stored with it when the send was accepted (campaign_recipients, chat_messages, api_messages).
import { createHash } from "node:crypto";

/** Our own namespace for these names (a random UUID fixed once): no other v5 name space produces these ids. */
export const RBM_MESSAGE_NAMESPACE = "3c1f6f0e-8f5b-4b8e-9a51-6d2f0b7c4e21";

const hex = (uuid: string) => Buffer.from(uuid.replace(/-/g, ""), "hex");

/** A version-5 UUID of `name` in `namespace` (RFC 9562 §5.5: SHA-1 of the namespace's bytes and the name's UTF-8). */
export function uuidV5(namespace: string, name: string): string {
  const bytes = createHash("sha1").update(hex(namespace)).update(name, "utf8").digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const h = bytes.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The RBM messageId of our message `id` sent through channel `channelId`. */
export const rbmMessageId = (channelId: string, id: string) => uuidV5(RBM_MESSAGE_NAMESPACE, `${channelId}/${id}`);
