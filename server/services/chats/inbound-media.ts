// A customer's file, fetched as soon as its message is written: WhatsApp's webhook names a media id whose download
// URL lasts about 5 minutes (and needs the channel's token), RBM's a fileUri. The bytes go through the storage (disk
// or S3) into chat_files, and the message's body then names the file; a file that cannot be had (gone, too large,
// the provider down past the time limit) leaves "[image unavailable]" in the thread instead of a broken preview.
import { eq } from "drizzle-orm";
import type { Server } from "socket.io";
import { checkChatMedia, maxChatBytes, type ChatMediaKind } from "../../../contract/domain/media";
import type { Carrier, InboundMedia } from "../../carriers/carrier";
import { MediaGone, MediaRefused } from "../../carriers/media-refused";
import type { Db } from "../../db/client";
import { chatMessages, type ChatMessageBody } from "../../db/schema";
import { sniffMedia, type Storage } from "../../storage";
import { displayName, fileBody, mediaChannelOf, saveChatFile } from "./files";
import type { Inbound, Received } from "./inbound";
import { pushChatMessage } from "./push";
import type { ChatMessageRow, ConversationRow } from "./records";

/** The longest a download may take: well inside WhatsApp's 5 minutes, so a slow one is not retried past expiry. */
export const INBOUND_MEDIA_TIMEOUT_MS = 60_000;

const FILE_KINDS = new Set<string>(["image", "video", "audio", "document", "sticker"]);

/** The body of a received message (chats/inbound.ts): a file to fetch is named by pendingMedia until it is here. */
export function inboundBody(e: Inbound): ChatMessageBody {
  if (e.media) {
    const { id, url, mimeType, fileName } = e.media;
    return {
      pendingMedia: { ...(id ? { id } : {}), ...(url ? { url } : {}), ...(mimeType ? { mimeType } : {}) },
      ...(fileName ? { fileName } : {}),
    };
  }
  return e.mediaUrl ? { mediaUrl: e.mediaUrl } : {};
}

export interface InboundMediaDeps {
  db: Db;
  carrier: Carrier;
  storage: Storage;
  io: Server;
  log: { error(obj: unknown, msg: string): void };
}

/** "[image]" / "[document: a.pdf]": what the webhook put in the text while the file was not here. */
const PLACEHOLDER = /^\[(image|video|audio|document|sticker)(: [^\]]*)?\]$/;

async function fetchOne(deps: InboundMediaDeps, conversation: ConversationRow, message: ChatMessageRow) {
  const pending = message.body.pendingMedia;
  const channel = mediaChannelOf(conversation);
  if (!pending || !channel || !FILE_KINDS.has(message.type)) return;
  const kind = message.type as ChatMediaKind;
  const media: InboundMedia = {
    kind,
    ...pending,
    ...(message.body.fileName ? { fileName: message.body.fileName } : {}),
  };
  const { pendingMedia: _done, ...rest } = message.body;
  let body: ChatMessageBody;
  let text = PLACEHOLDER.test(message.text) ? "" : message.text;
  let type = message.type;
  try {
    if (!deps.carrier.downloadMedia) throw new MediaGone("The carrier keeps no received files");
    const { bytes } = await deps.carrier.downloadMedia({
      channel: conversation.channel as "whatsapp" | "rcs",
      to: conversation.businessAddress,
      media,
      maxBytes: maxChatBytes(channel),
      signal: AbortSignal.timeout(INBOUND_MEDIA_TIMEOUT_MS),
    });
    // The type is read from the bytes, never from the provider's word; the kind follows the channel's table.
    const sniffed = await sniffMedia(bytes);
    const verdict = checkChatMedia(channel, sniffed.mimeType, bytes.length, sniffed.animated);
    if (verdict.ok) type = verdict.kind;
    const row = await saveChatFile(
      deps.db,
      deps.storage,
      conversation,
      {
        bytes,
        mimeType: sniffed.mimeType ?? "application/octet-stream",
        kind,
        animated: sniffed.animated,
        fileName: displayName(media.fileName ?? "", `${kind}-${message.id}`),
      },
      true,
    );
    body = { ...rest, ...fileBody(conversation.id, row) };
  } catch (error) {
    const known = error instanceof MediaGone || error instanceof MediaRefused;
    if (!known) deps.log.error({ err: error, messageId: message.id }, "received file not fetched");
    const reason = known ? error.message : "The file could not be fetched from the provider";
    body = { ...rest, mediaError: reason };
    text = text ? `[${kind} unavailable] ${text}` : `[${kind} unavailable]`;
  }
  const [updated] = await deps.db
    .update(chatMessages)
    .set({ body, text, type })
    .where(eq(chatMessages.id, message.id))
    .returning();
  if (updated) pushChatMessage(deps.io, conversation, updated);
}

/**
 * Fetches the files of a round's messages, a few at a time, after the round is written and pushed (the inbox never
 * waits for a download). Never throws: each failure is written into its message.
 */
export async function fetchInboundMedia(deps: InboundMediaDeps, received: readonly Received[]): Promise<void> {
  const queue = received.filter((r) => r.message.body.pendingMedia);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await fetchOne(deps, next.conversation, next.message).catch((err: unknown) =>
        deps.log.error({ err }, "received file not recorded"),
      );
    }
  };
  await Promise.all([worker(), worker(), worker()]);
}
