import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a link handed out in a list stays valid at least (it is rounded up to the next whole hour). */
export const UPLOAD_LINK_TTL_S = 3600;

/** A key of its own, derived from the server secret, so an upload signature is never a valid token signature. */
const keyOf = (secret: string) => createHmac("sha256", secret).update("upload-links").digest();

const signatureOf = (secret: string, id: string, exp: number) =>
  createHmac("sha256", keyOf(secret)).update(`${id}.${exp}`).digest("base64url");

/**
 * A link's expiry: rounded up to a whole hour plus the TTL, so the same file keeps the same link for a while and the
 * browser's cache works across list refreshes.
 */
const expiryOf = (nowS: number, ttlS: number) => (Math.floor(nowS / 3600) + 1) * 3600 + ttlS;

/** The path of a file's signed link (expiryOf). */
export function signedPath(
  secret: string,
  id: string,
  nowS: number = Math.floor(Date.now() / 1000),
  ttlS: number = UPLOAD_LINK_TTL_S,
): string {
  const exp = expiryOf(nowS, ttlS);
  return `/api/upload/file/${id}?exp=${exp}&sig=${signatureOf(secret, id, exp)}`;
}

export type LinkVerdict = "ok" | "expired" | "bad-signature";

export function verifyLink(
  secret: string,
  id: string,
  exp: number,
  sig: string,
  nowS: number = Math.floor(Date.now() / 1000),
): LinkVerdict {
  const expected = Buffer.from(signatureOf(secret, id, exp));
  const given = Buffer.from(sig);
  // The signature is checked first, so a forged link learns nothing from the expiry answer.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "bad-signature";
  return exp < nowS ? "expired" : "ok";
}

/**
 * A chat file's link (chats.file): signed over "chat-file:" and the id, so a media library link never opens a chat
 * file or the other way round. Handed out only by chats.media, to the people of the file's conversation.
 */
export function signedChatFilePath(secret: string, id: string, nowS: number = Math.floor(Date.now() / 1000)): string {
  const exp = expiryOf(nowS, UPLOAD_LINK_TTL_S);
  return `/api/v1/chat-files/${id}?exp=${exp}&sig=${signatureOf(secret, `chat-file:${id}`, exp)}`;
}

export function verifyChatFileLink(secret: string, id: string, exp: number, sig: string, nowS?: number): LinkVerdict {
  return verifyLink(secret, `chat-file:${id}`, exp, sig, nowS);
}
