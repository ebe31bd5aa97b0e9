import { AI_LIMITS } from "../../../../contract/domain/ai";
import type { FaqPair } from "../../../db/schema";

/** One passage as stored: what search ranks and an answer quotes. */
export interface PassageDraft {
  title: string;
  content: string;
}

const TARGET = AI_LIMITS.passageChars;

/** Sentences of a paragraph (a full stop, question or exclamation mark followed by a space and a capital or digit). */
function sentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'(])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Pieces of at most about TARGET characters: whole sentences, a sentence longer than that cut at a space. */
function pieces(paragraph: string): string[] {
  if (paragraph.length <= TARGET) return [paragraph];
  const out: string[] = [];
  let current = "";
  for (const sentence of sentences(paragraph)) {
    if (sentence.length > TARGET) {
      if (current) out.push(current);
      current = "";
      for (let rest = sentence; rest.length;) {
        const cut = rest.length <= TARGET ? rest.length : Math.max(rest.lastIndexOf(" ", TARGET), TARGET / 2);
        out.push(rest.slice(0, cut).trim());
        rest = rest.slice(cut).trim();
      }
      continue;
    }
    if (current && current.length + 1 + sentence.length > TARGET) {
      out.push(current);
      current = sentence;
    } else current = current ? `${current} ${sentence}` : sentence;
  }
  if (current) out.push(current);
  return out;
}

/**
 * A text as passages of about a paragraph: blank lines separate paragraphs, short neighbours are joined up to the
 * target size (so a heading stays with its text), long ones are cut between sentences.
 */
export function splitText(title: string, text: string): PassageDraft[] {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .replace(/[ \t]*\n[ \t]*/g, " ")
        .replace(/[ \t]{2,}/g, " ")
        .trim(),
    )
    .filter(Boolean);
  const out: string[] = [];
  let current = "";
  for (const piece of paragraphs.flatMap(pieces)) {
    if (current && current.length + 2 + piece.length > TARGET) {
      out.push(current);
      current = piece;
    } else current = current ? `${current}\n\n${piece}` : piece;
  }
  if (current) out.push(current);
  return out.map((content) => ({ title, content }));
}

/** Each FAQ pair is one passage: the question is its title (ranked highest), the answer what is quoted. */
export const splitFaqs = (faqs: readonly FaqPair[]): PassageDraft[] =>
  faqs.map((f) => ({ title: f.question.trim(), content: f.answer.trim() })).filter((p) => p.title && p.content);
