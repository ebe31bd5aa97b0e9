// A short link's code names a recipient and the position of the value it replaced, without a row per link: a keyed
// permutation of the recipient's id (4-round Feistel over 46 bits, so codes are not sequential and reveal no
// campaign's size) and a keyed check over id and position, so a guessed code is refused before any row is read.
import { createHmac } from "node:crypto";
import { LINK_CODE, LINK_CODE_LENGTH } from "../../../contract/domain/links";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const HALF_BITS = 23;
const HALF = 2 ** HALF_BITS;
/** Ids up to 2^46 (70 trillion recipients) fit; 62^8 > 2^46, so the permuted id is always 8 characters. */
const MAX_ID = HALF * HALF;
const ID_CHARS = 8;
const CHECK_CHARS = 3;
const ROUNDS = 4;

export interface LinkTarget {
  recipientId: number;
  position: number;
}

/** The key for link codes, from the installation's signing secret (a changed secret makes earlier links unknown). */
export const linkKeyOf = (secret: string): Buffer => createHmac("sha256", secret).update("link-code").digest();

function round(key: Buffer, n: number, half: number): number {
  return createHmac("sha256", key).update(`${n}:${half}`).digest().readUInt32BE(0) % HALF;
}

function permute(key: Buffer, id: number): number {
  let left = Math.floor(id / HALF);
  let right = id % HALF;
  for (let n = 0; n < ROUNDS; n++) [left, right] = [right, (left ^ round(key, n, right)) >>> 0];
  return left * HALF + right;
}

function unpermute(key: Buffer, value: number): number {
  let left = Math.floor(value / HALF);
  let right = value % HALF;
  for (let n = ROUNDS - 1; n >= 0; n--) [left, right] = [(right ^ round(key, n, left)) >>> 0, left];
  return left * HALF + right;
}

function encode(value: number, chars: number): string {
  let out = "";
  for (let i = 0; i < chars; i++) {
    out = ALPHABET[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

function decode(text: string): number {
  let value = 0;
  for (const c of text) value = value * 62 + ALPHABET.indexOf(c);
  return value;
}

const check = (key: Buffer, id: number, position: number): string =>
  encode(
    createHmac("sha256", key).update(`check:${id}:${position}`).digest().readUInt32BE(0) % 62 ** CHECK_CHARS,
    CHECK_CHARS,
  );

/** The code of a recipient's value at `position` (0–61). */
export function linkCode(key: Buffer, recipientId: number, position: number): string {
  if (!Number.isSafeInteger(recipientId) || recipientId < 0 || recipientId >= MAX_ID)
    throw new RangeError(`recipient id out of range: ${recipientId}`);
  if (!Number.isInteger(position) || position < 0 || position > 61) throw new RangeError(`position out of range`);
  const code = encode(permute(key, recipientId), ID_CHARS) + ALPHABET[position] + check(key, recipientId, position);
  return code;
}

/** What a code names, or null for anything this installation did not make. */
export function readLinkCode(key: Buffer, code: string): LinkTarget | null {
  if (code.length !== LINK_CODE_LENGTH || !LINK_CODE.test(code)) return null;
  const permuted = decode(code.slice(0, ID_CHARS));
  if (permuted >= MAX_ID) return null;
  const recipientId = unpermute(key, permuted);
  const position = ALPHABET.indexOf(code[ID_CHARS]);
  if (check(key, recipientId, position) !== code.slice(ID_CHARS + 1)) return null;
  return { recipientId, position };
}
