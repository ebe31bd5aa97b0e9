// Media at Meta: a template header's example goes through the Resumable Upload API (POST /{app-id}/uploads for a
// session, then the bytes to /{upload-session-id} with "Authorization: OAuth" and "file_offset: 0", answered with a
// handle "4::…"); media for messages goes to POST /{phone-number-id}/media (multipart), answered with a media id.
import { checkChatMedia, checkMedia } from "../../../contract/domain/media";
import type { MediaDownload, MediaUpload } from "../carrier";
import { MediaGone, MediaRefused, readLimited } from "../media-refused";
import type { CloudContext } from "./context";
import { GraphError } from "./graph";
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
  // A message's media may be any kind WhatsApp sends (audio, Office documents); a template header's only its own.
  const verdict =
    media.purpose === "message"
      ? checkChatMedia("whatsapp", media.mimeType, media.bytes.length, media.animated)
      : checkMedia("whatsapp", media.mimeType, media.bytes.length);
  if (!verdict.ok) throw new MediaRefused(verdict.message);
  return { handle: media.purpose === "message" ? await messageMedia(ctx, media) : await resumableUpload(ctx, media) };
}

/**
 * A customer's file (the media reference: "Retrieve Media URL" GET /{media-id} answers { url, mime_type, sha256,
 * file_size, id }; "the URL is only valid for 5 minutes", and "Download Media" is a GET of that URL with the same
 * "Authorization: Bearer" token). Fetched as soon as the webhook arrives; Meta's 404 (or 100 "does not exist") means
 * it is gone.
 */
export async function cloudDownloadMedia(
  ctx: CloudContext,
  request: MediaDownload,
): Promise<{ bytes: Buffer; mimeType?: string }> {
  if (!request.media.id) throw new MediaGone("The message names no media id");
  let info: { url?: string; mime_type?: string; file_size?: number };
  try {
    info = await cloudCall(ctx, { method: "GET", path: `/${request.media.id}` });
  } catch (error) {
    if (error instanceof GraphError && (error.status === 404 || error.code === 100)) throw new MediaGone(error.message);
    throw error;
  }
  if (!info.url) throw new MediaGone("WhatsApp answered no download URL");
  if (typeof info.file_size === "number" && info.file_size > request.maxBytes)
    throw new MediaRefused(`The file is ${Math.ceil(info.file_size / 1024)} KB, more than allowed`);
  const response = await fetch(info.url, {
    headers: { authorization: `Bearer ${ctx.channel.secrets.accessToken}` },
    signal: request.signal ?? AbortSignal.timeout(ctx.config.timeoutMs),
  });
  if (response.status === 404 || response.status === 403 || response.status === 410) {
    await response.body?.cancel();
    throw new MediaGone(`WhatsApp's download link answered ${response.status}`);
  }
  if (!response.ok) throw new Error(`WhatsApp's download link answered ${response.status}`);
  return {
    bytes: await readLimited(response, request.maxBytes),
    ...(info.mime_type ? { mimeType: info.mime_type } : {}),
  };
}
