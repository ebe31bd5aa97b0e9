// An agent's attachment on its way out: the stored chat file is handed to the carrier's message media upload
// (WhatsApp: POST /{phone-number-id}/media answers a media id the message names; RBM: files.create answers a
// "files/…" name), so the provider never needs to reach this server for it.
import { eq } from "drizzle-orm";
import { checkChatMedia, type ChatMediaKind } from "../../../contract/domain/media";
import type { Carrier, MessageContent } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { wabaPhoneNumbers, wabas } from "../../db/schema";
import { badRequest, HttpError } from "../../http/errors";
import type { Storage } from "../../storage";
import { chatFileBytes, mediaChannelOf, type ChatFileRow } from "./files";
import type { ConversationRow } from "./records";

/** The message types a file goes as. */
export const FILE_MESSAGE_TYPES = new Set<string>(["image", "video", "audio", "document", "sticker"]);

/** The file's kind by the channel's rules; the message type sent must be it (a PDF is not sent as an image). */
export function fileKindFor(conversation: ConversationRow, file: ChatFileRow, messageType: string): ChatMediaKind {
  const channel = mediaChannelOf(conversation);
  if (!channel) throw new HttpError(422, "SMS carries text only: files can be sent on WhatsApp and RCS conversations");
  const verdict = checkChatMedia(channel, file.mimeType, file.size, file.animated);
  if (!verdict.ok) throw new HttpError(422, verdict.message);
  if (verdict.kind !== messageType)
    throw badRequest(
      `This file is ${verdict.kind === "image" || verdict.kind === "audio" ? "an" : "a"} ${verdict.kind}`,
      [{ field: "messageType", message: `must be ${verdict.kind} for this file` }],
    );
  return verdict.kind;
}

/** The WABA of a WhatsApp sender (the media upload goes to its account's channel); the sandbox's has none. */
async function wabaOf(db: Db, phoneNumberId: string): Promise<string> {
  const [row] = await db
    .select({ wabaId: wabas.wabaId })
    .from(wabaPhoneNumbers)
    .innerJoin(wabas, eq(wabas.id, wabaPhoneNumbers.wabaId))
    .where(eq(wabaPhoneNumbers.phoneNumberId, phoneNumberId));
  return row?.wabaId ?? phoneNumberId;
}

/** Uploads the file to the conversation's provider and answers the content naming it. */
export async function fileContent(
  deps: { db: Db; carrier: Carrier; storage?: Storage },
  conversation: ConversationRow,
  file: ChatFileRow,
  caption: string,
): Promise<MessageContent> {
  if (!deps.storage) throw new Error("No storage to read the attachment from");
  const channel = conversation.channel === "whatsapp" ? "whatsapp" : "rcs";
  const owner =
    channel === "whatsapp" ? await wabaOf(deps.db, conversation.businessAddress) : conversation.businessAddress;
  const { handle } = await deps.carrier.uploadMedia({
    channel,
    owner,
    purpose: "message",
    bytes: await chatFileBytes(deps.storage, file),
    mimeType: file.mimeType,
    fileName: file.fileName,
    animated: file.animated,
  });
  return {
    kind: "media",
    mediaUrl: channel === "rcs" ? handle : "",
    ...(channel === "whatsapp" ? { mediaId: handle } : {}),
    mimeType: file.mimeType,
    fileName: file.fileName,
    ...(caption ? { caption } : {}),
  };
}
