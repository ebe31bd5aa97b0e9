import { createHash } from "node:crypto";
import { checkChatMedia, checkMedia } from "../../../contract/domain/media";
import type { MediaUpload } from "../carrier";
import { MediaRefused } from "../media-refused";
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
