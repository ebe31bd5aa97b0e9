// The header file a template was submitted with (the sample WhatsApp reviewed), read back for the console's message
// previews. Its key comes from our row, never from the request, and the type is read from the bytes, as for uploads.
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
// The "node" entry: its stream sniffer takes and returns node streams (the bare name resolves to the web one for tsc).
import { fileTypeStream } from "file-type/node";
import { checkMedia, type MediaKind } from "../../../contract/domain/media";
import type { Db } from "../../db/client";
import { users, whatsappTemplates } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { Storage } from "../../storage";
import { isUuid, type Caller } from "../caller";
import { canReach } from "../accounts/users";

export const HEADER_FILE_NOT_FOUND = "Template header media not found";

export interface TemplateHeaderFile {
  stream: Readable;
  /** A type WhatsApp takes for a header (JPEG, PNG, MP4, 3GPP, PDF), else application/octet-stream. */
  mimeType: string;
  kind: MediaKind | null;
  fileName: string;
}

/**
 * The template's stored header file, for its owner and the accounts above the owner by the accounts rule (an
 * admin; the reseller or manager that created it). Another account, a missing template, a template with no file of
 * ours (text header, or synced from the provider with only a link) and a file gone from the store all answer 404.
 */
export async function templateHeaderFile(
  db: Db,
  storage: Storage,
  caller: Caller,
  id: string,
): Promise<TemplateHeaderFile> {
  if (!isUuid(id)) throw notFound(HEADER_FILE_NOT_FOUND);
  const [row] = await db
    .select({
      key: whatsappTemplates.headerMediaKey,
      name: whatsappTemplates.name,
      ownerId: users.id,
      parentId: users.parentId,
    })
    .from(whatsappTemplates)
    .innerJoin(users, eq(users.id, whatsappTemplates.userId))
    .where(eq(whatsappTemplates.id, id));
  if (!row?.key) throw notFound(HEADER_FILE_NOT_FOUND);
  if (row.ownerId !== caller.id && !canReach(caller, { id: row.ownerId, parentId: row.parentId }))
    throw notFound(HEADER_FILE_NOT_FOUND);
  const source = await storage.get(row.key);
  if (!source) throw notFound(HEADER_FILE_NOT_FOUND);
  // Sniffs the first bytes and passes the whole file on: a 100 MB document is never held in memory.
  const sniffed = await fileTypeStream(source);
  const verdict = checkMedia("whatsapp", sniffed.fileType?.mime, 1);
  const mimeType = verdict.ok ? (sniffed.fileType?.mime ?? "application/octet-stream") : "application/octet-stream";
  const kind = verdict.ok ? verdict.kind : null;
  return {
    stream: sniffed,
    mimeType,
    kind,
    fileName: `${row.name}${sniffed.fileType ? `.${sniffed.fileType.ext}` : ""}`,
  };
}
