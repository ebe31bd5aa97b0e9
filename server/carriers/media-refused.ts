/** A carrier refused a media file (type, size, channel): the message is the provider's reason, fit to show. */
export class MediaRefused extends Error {
  override readonly name = "MediaRefused";
}

/** The provider no longer has a customer's file (its link expired, or it answered 404). */
export class MediaGone extends Error {
  override readonly name = "MediaGone";
}

/**
 * Reads a download answer's body up to `maxBytes` (a larger file is refused before it is all read): a Content-Length
 * over the limit is refused at once, and the bytes are counted as they come for an answer without one.
 */
export async function readLimited(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new MediaRefused(`The file is larger than the ${Math.round(maxBytes / 1024)} KB allowed`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  for (let part = await reader?.read(); reader && part && !part.done; part = await reader.read()) {
    total += part.value.length;
    if (total > maxBytes) {
      await reader.cancel();
      throw new MediaRefused(`The file is larger than the ${Math.round(maxBytes / 1024)} KB allowed`);
    }
    chunks.push(Buffer.from(part.value));
  }
  return Buffer.concat(chunks);
}
