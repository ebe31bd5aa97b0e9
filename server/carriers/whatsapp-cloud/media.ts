// Media at Meta: a template header's example goes through the Resumable Upload API (POST /{app-id}/uploads for a
// session, then the bytes to /{upload-session-id} with "Authorization: OAuth" and "file_offset: 0", answered with a
// handle "4::…"); media for messages goes to POST /{phone-number-id}/media (multipart), answered with a media id.
import { checkMedia } from "../../../contract/domain/media";
import type { MediaUpload } from "../carrier";
import { MediaRefused } from "../media-refused";
import type { CloudContext } from "./context";
import { cloudCall } from "./templates";

async function resumableUpload(ctx: CloudContext, media: MediaUpload): Promise<string> {
  const appId = ctx.channel.appId;
  if (!appId)
    throw new MediaRefused(
      "Template media needs the channel's Meta app id (Channels → WhatsApp → edit the connection)",
    );
  const session = await cloudCall<{ id: string }>(ctx, {
    method: "POST",
    path: `/${appId}/uploads`,
    query: { file_name: media.fileName, file_length: media.bytes.length, file_type: media.mimeType },
  });
  const uploaded = await cloudCall<{ h: string }>(ctx, {
    method: "POST",
    path: `/${session.id}`,
    scheme: "OAuth",
    headers: { file_offset: "0", "content-type": "application/octet-stream" },
    body: media.bytes,
  });
  return uploaded.h;
}

async function messageMedia(ctx: CloudContext, media: MediaUpload): Promise<string> {
  const phone = ctx.channel.phoneNumberIds[0];
  if (!phone) throw new MediaRefused("The channel has no phone number to upload message media with");
  const form = new FormData();
  form.set("messaging_product", "whatsapp");
  form.set("type", media.mimeType);
  form.set("file", new Blob([new Uint8Array(media.bytes)], { type: media.mimeType }), media.fileName);
  const answer = await cloudCall<{ id: string }>(ctx, { method: "POST", path: `/${phone}/media`, body: form });
  return answer.id;
}

export async function cloudUploadMedia(ctx: CloudContext, media: MediaUpload): Promise<{ handle: string }> {
  if (media.channel !== "whatsapp") throw new MediaRefused(`A WhatsApp channel takes no ${media.channel} media`);
  const verdict = checkMedia("whatsapp", media.mimeType, media.bytes.length);
  if (!verdict.ok) throw new MediaRefused(verdict.message);
  return { handle: media.purpose === "message" ? await messageMedia(ctx, media) : await resumableUpload(ctx, media) };
}
