// The header media of a WhatsApp campaign whose template has an IMAGE, VIDEO or DOCUMENT header: Meta wants it on
// every send. It is the campaign's own file (chosen at creation) or else the template's header file, handed to the
// carrier once per campaign through its message media upload (WhatsApp's POST /{phone-number-id}/media), and each
// send names the media id. A template that came from the provider with no file of ours sends its example's link.
import { buffer } from "node:stream/consumers";
import { checkMedia, type MediaKind } from "../../../contract/domain/media";
import { headerExampleLink, headerMediaFormat, type WaComponent } from "../../../contract/domain/whatsapp-template";
import type { Carrier, TemplateHeaderMedia } from "../../carriers/carrier";
import { MediaRefused } from "../../carriers/media-refused";
import type { CampaignHeaderMedia } from "../../db/schema/campaigns";
import { sniffMimeType, type Storage } from "../../storage";

/** Meta keeps uploaded media for 30 days; a campaign's media id is uploaded again well before that. */
export const HEADER_MEDIA_REFRESH_MS = 24 * 60 * 60 * 1000;

/** What the header's media is read from: a stored template has its file; a synced one may have only a link. */
export interface TemplateHeaderFacts {
  name: string;
  components: readonly WaComponent[];
  headerMediaKey: string | null;
}

/** Where a template's own header media comes from, or undefined when it has none to send. */
export function templateHeaderSource(template: TemplateHeaderFacts): { key: string } | { link: string } | undefined {
  if (template.headerMediaKey) return { key: template.headerMediaKey };
  const link = headerExampleLink(template.components);
  return link ? { link } : undefined;
}

/** The header media could not be prepared: the dispatcher pauses the campaign with this message. */
export class HeaderMediaUnavailable extends Error {}

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "video/mp4": "mp4",
  "video/3gpp": "3gp",
  "application/pdf": "pdf",
};

async function bytesOf(storage: Storage, key: string): Promise<Buffer> {
  const stream = await storage.get(key);
  if (!stream)
    throw new HeaderMediaUnavailable(
      "The header media file is no longer stored; create the campaign again with a new file",
    );
  return buffer(stream);
}

export interface HeaderMediaDeps {
  carrier: Carrier;
  storage: Storage;
}

/**
 * The header to send with each message of the campaign, or undefined when the template's header is text or none.
 * Uploads the file to the carrier as message media of the WABA (`wabaId`), so every send names one media id.
 */
export async function campaignHeaderMedia(
  deps: HeaderMediaDeps,
  campaign: { wabaId: string | null; headerMedia: CampaignHeaderMedia | null },
  template: TemplateHeaderFacts,
): Promise<TemplateHeaderMedia | undefined> {
  const format = headerMediaFormat(template.components);
  if (!format) return undefined;
  const kind = format.toLowerCase() as MediaKind;
  let file: { bytes: Buffer; mimeType: string; fileName: string };
  if (campaign.headerMedia) {
    file = {
      bytes: await bytesOf(deps.storage, campaign.headerMedia.storageKey),
      mimeType: campaign.headerMedia.mimeType,
      fileName: campaign.headerMedia.fileName,
    };
  } else {
    const source = templateHeaderSource(template);
    if (!source)
      throw new HeaderMediaUnavailable(
        `The template "${template.name}" has ${kind === "image" ? "an" : "a"} ${kind} header but no file to send with it`,
      );
    if ("link" in source)
      return { format: kind, link: source.link, ...(kind === "document" ? { fileName: `${template.name}.pdf` } : {}) };
    const bytes = await bytesOf(deps.storage, source.key);
    const mimeType = (await sniffMimeType(bytes)) ?? "application/octet-stream";
    file = { bytes, mimeType, fileName: `${template.name}.${EXTENSIONS[mimeType] ?? "bin"}` };
  }
  const verdict = checkMedia("whatsapp", file.mimeType, file.bytes.length, kind);
  if (!verdict.ok) throw new HeaderMediaUnavailable(`The header media cannot be sent: ${verdict.message}`);
  let handle: string;
  try {
    ({ handle } = await deps.carrier.uploadMedia({
      channel: "whatsapp",
      owner: campaign.wabaId ?? "",
      purpose: "message",
      bytes: file.bytes,
      mimeType: file.mimeType,
      fileName: file.fileName,
    }));
  } catch (err) {
    // A refusal (type, size, no phone number) stays one; anything else (the network) is tried again next round.
    if (err instanceof MediaRefused)
      throw new HeaderMediaUnavailable(`WhatsApp did not take the header media: ${err.message}`);
    throw err;
  }
  return { format: kind, mediaId: handle, ...(kind === "document" ? { fileName: file.fileName } : {}) };
}
