/**
 * Cursors of the responses pages reached one after another: page n + 1's is page n's nextCursor. A page reached this
 * way is an index range on the server, costing what page 1 does however deep; a page jumped to by number (no cursor
 * known) is read by offset, as SPEC 7's page/limit say.
 */
export type PageCursors = Readonly<Record<number, string>>;

/** The cursors with page n's reply remembered: its nextCursor opens page n + 1. */
export function rememberCursor(cursors: PageCursors, page: number, nextCursor: string | null | undefined): PageCursors {
  if (!nextCursor || cursors[page + 1] === nextCursor) return cursors;
  return { ...cursors, [page + 1]: nextCursor };
}

/** The query's cursor part for a page: only past page 1, and only when the page before told it. */
export function cursorQuery(cursors: PageCursors, page: number): { cursor?: string } {
  const cursor = page > 1 ? cursors[page] : undefined;
  return cursor ? { cursor } : {};
}
