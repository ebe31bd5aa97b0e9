// Long messages and data coding (SMPP 3.4 §5.2.19 data_coding, 3GPP TS 23.038 for the GSM 7-bit alphabet and
// TS 23.040 §9.2.3.24.1 for the concatenation header). A text that fits the GSM 7-bit alphabet goes as data_coding 0
// (the SMSC's default alphabet, GSM 03.38 here) in up to 160 septets, or 153 per part when split (the 6-byte header
// takes 7 septets); anything else goes as UCS-2 (data_coding 8) in 70 characters, or 67 per part. Split parts carry a
// user data header (esm_class UDHI) with an 8-bit reference, the part count and the part's number.

export const DATA_CODING = { GSM: 0, UCS2: 8 } as const;

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** Characters of the extension table: each costs an escape and itself, two septets. */
const GSM_EXTENDED = "^{}\\[~]|€\f";

const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

export interface Segmented {
  dataCoding: (typeof DATA_CODING)[keyof typeof DATA_CODING];
  /** The text of each part, in order; one part means no header. */
  parts: string[];
}

const septets = (ch: string) => (basic.has(ch) ? 1 : extended.has(ch) ? 2 : Infinity);

export const isGsm7 = (text: string) => [...text].every((ch) => septets(ch) !== Infinity);

/** Splits at character boundaries so that no part exceeds its size (an escape pair is never cut in two). */
function split(chars: readonly string[], cost: (ch: string) => number, size: number): string[] {
  const parts: string[] = [];
  let current = "";
  let used = 0;
  for (const ch of chars) {
    const c = cost(ch);
    if (used + c > size) {
      parts.push(current);
      current = "";
      used = 0;
    }
    current += ch;
    used += c;
  }
  if (current || parts.length === 0) parts.push(current);
  return parts;
}

export function segment(text: string): Segmented {
  if (isGsm7(text)) {
    const chars = [...text];
    const total = chars.reduce((n, ch) => n + septets(ch), 0);
    return { dataCoding: DATA_CODING.GSM, parts: total <= 160 ? [text] : split(chars, septets, 153) };
  }
  // UCS-2 counts 16-bit units: a character outside the BMP (an emoji) takes two, and is never cut.
  const chars = [...text];
  const units = (ch: string) => ch.length;
  const total = text.length;
  return { dataCoding: DATA_CODING.UCS2, parts: total <= 70 ? [text] : split(chars, units, 67) };
}

/** The concatenation header of part `index` (0-based) of `count`: IEI 0x00, 8-bit reference. */
export function concatenationHeader(reference: number, count: number, index: number): Buffer {
  return Buffer.from([0x05, 0x00, 0x03, reference & 0xff, count, index + 1]);
}
