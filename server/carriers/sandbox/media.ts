import { createHash } from "node:crypto";
import { checkChatMedia, checkMedia } from "../../../contract/domain/media";
import type { InboundMedia, MediaDownload, MediaUpload } from "../carrier";
import { MediaGone, MediaRefused } from "../media-refused";
import type { SandboxContext } from "./context";

/**
 * Takes media as the providers do: WhatsApp's resumable upload answers a handle like "4::<base64 type>:<id>", RCS a
 * file name under the agent. The handle is a hash of the seed, the owner and the bytes, so the same file gets the same
 * handle after a restart. Types and sizes the provider would refuse are refused with the rule that was broken.
 */
export async function sandboxUploadMedia(ctx: SandboxContext, media: MediaUpload): Promise<{ handle: string }> {
  if (media.channel !== "whatsapp" && media.channel !== "rcs")
    throw new MediaRefused(`Media uploads are for WhatsApp and RCS, not ${media.channel}`);
  const verdict =
    media.purpose === "message"
      ? checkChatMedia(media.channel, media.mimeType, media.bytes.length, media.animated)
      : checkMedia(media.channel, media.mimeType, media.bytes.length);
  if (!verdict.ok) throw new MediaRefused(verdict.message);
  const digest = createHash("sha256")
    .update(ctx.config.seed)
    .update("\u0000")
    .update(media.owner)
    .update("\u0000")
    .update(media.bytes)
    .digest("base64url");
  if (media.channel === "whatsapp") return { handle: `4::${Buffer.from(media.mimeType).toString("base64")}:${digest}` };
  return { handle: `rbm/${media.owner}/files/${digest}` };
}

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=]+)$/;

/**
 * The simulated phone's file: a data: URL (the sandbox keeps no files, so the phone sends the bytes in the link),
 * named like a provider's media reference, which the inbox then fetches as it fetches WhatsApp's and RBM's.
 */
export function sandboxInboundMedia(mediaUrl: string): InboundMedia | undefined {
  const found = DATA_URL.exec(mediaUrl);
  if (!found) return undefined;
  const major = (found[1] ?? "").split("/")[0];
  const kind = major === "image" || major === "video" || major === "audio" ? major : "document";
  return { kind, url: mediaUrl, mimeType: found[1] };
}

/** The bytes of a sandbox media reference; anything else is not the sandbox's to have. */
export async function sandboxDownloadMedia(request: MediaDownload): Promise<{ bytes: Buffer; mimeType?: string }> {
  const found = DATA_URL.exec(request.media.url ?? "");
  if (!found) throw new MediaGone("The sandbox has no such file");
  const bytes = Buffer.from(found[2] ?? "", "base64");
  if (bytes.length > request.maxBytes) throw new MediaRefused("The file is larger than the channel allows");
  return { bytes, ...(found[1] ? { mimeType: found[1] } : {}) };
}
