// The composer's `/` search over canned responses: a small subsequence scorer (no fuzzy library is installed). Each
// letter typed must appear in order; a match at the start, at a word's start or right after the previous one scores
// higher, so `/ref` ranks `refund` above `order-free`.

/** How well `query` matches `target` (higher is better), or null when its letters are not all there in order. */
export function fuzzyScore(query: string, target: string): number | null {
  const q = query.toLowerCase();
  const t = target.toLowerCase();
  if (!q) return 0;
  let score = 0;
  let from = 0;
  let last = -2;
  for (const ch of q) {
    const at = t.indexOf(ch, from);
    if (at < 0) return null;
    score += 1;
    if (at === 0) score += 8;
    else if (/[\s_\-./]/.test(t[at - 1] ?? "")) score += 4;
    if (at === last + 1) score += 5;
    last = at;
    from = at + 1;
  }
  // Shorter targets win a tie: `/hi` prefers `hi` to `hiring-policy`.
  return score - t.length / 100;
}

/** The items matching `query` by their code (counted double) or title, best first; ties keep their order. */
export function fuzzyFilter<T extends { code: string; title: string }>(items: readonly T[], query: string): T[] {
  return items
    .map((item, i) => {
      const code = fuzzyScore(query, item.code);
      const title = fuzzyScore(query, item.title);
      const score = Math.max(code === null ? -Infinity : code * 2, title ?? -Infinity);
      return { item, i, score };
    })
    .filter((x) => x.score > -Infinity)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((x) => x.item);
}

/** The `/word` being typed just before the caret (at the start or after a space), or null. */
export function slashQuery(text: string, caret: number): { query: string; start: number } | null {
  const match = /(?:^|\s)\/([a-z0-9_-]*)$/i.exec(text.slice(0, caret));
  if (!match) return null;
  return { query: match[1] ?? "", start: caret - (match[1] ?? "").length - 1 };
}
