import { MEDIA_RULES, type MediaChannel, type MediaKind } from "../../../../contract/domain/media";

const UNITS = ["B", "KB", "MB", "GB"] as const;

/** 1536 → "1.5 KB": binary units, as the channel limits are written. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

/** "image/png" → "PNG", "application/pdf" → "PDF", "video/3gpp" → "3GPP". */
export const shortType = (mimeType: string) =>
  (mimeType.split("/")[1] ?? mimeType).replace(/^jpeg$/, "jpg").toUpperCase();

/** What a channel accepts, for the hint beside the upload button: "Images JPG, PNG up to 5 MB · …". */
export function rulesHint(channel: MediaChannel, kind?: MediaKind): string {
  const label: Record<MediaKind, string> = { image: "Images", video: "Videos", document: "Documents" };
  return (Object.entries(MEDIA_RULES[channel]) as [MediaKind, { types: readonly string[]; maxBytes: number }][])
    .filter(([k]) => !kind || k === kind)
    .map(([k, rule]) => `${label[k]} ${rule.types.map(shortType).join(", ")} up to ${formatBytes(rule.maxBytes)}`)
    .join(" · ");
}

/** The accept attribute of the file input: the channel's types (the bytes are still checked on both ends). */
export function acceptOf(channel: MediaChannel, kind?: MediaKind): string {
  return (Object.entries(MEDIA_RULES[channel]) as [MediaKind, { types: readonly string[] }][])
    .filter(([k]) => !kind || k === kind)
    .flatMap(([, rule]) => rule.types)
    .join(",");
}
