// Meta writes some ids as JSON numbers (a template verdict's message_template_id) and its ids are 64-bit: past 2^53
// a double no longer holds every integer, so JSON.parse would turn one template's id into another's. Integers of 16
// digits or more (the first length that can pass 2^53) are read as strings instead; strings in the payload are
// skipped over whole, so digits inside a message's text are never touched.

const LONG = 16;
const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/** The JSON text with every integer literal of LONG or more digits turned into a string literal. */
export function quoteLongIntegers(text: string): string {
  let out = "";
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      // A string: to its closing quote, stepping over escapes (\" included).
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
      continue;
    }
    if (c === "-" || isDigit(c)) {
      let end = c === "-" ? i + 1 : i;
      while (isDigit(text[end])) end++;
      const digits = end - (c === "-" ? i + 1 : i);
      const integer = text[end] !== "." && text[end] !== "e" && text[end] !== "E";
      if (integer && digits >= LONG) {
        out += `${text.slice(copied, i)}"${text.slice(i, end)}"`;
        copied = end;
      }
      // The rest of a fraction or exponent is part of the same number.
      while (end < text.length && /[0-9.eE+-]/.test(text[end] as string)) end++;
      i = end;
      continue;
    }
    i++;
  }
  return out + text.slice(copied);
}

/** JSON.parse that keeps long integers exact, as strings. */
export function parseExactJson(text: string): unknown {
  return JSON.parse(quoteLongIntegers(text));
}
