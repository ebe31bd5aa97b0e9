import type { PageQuery } from "../../contract/calls";

/** Page and limit arrive validated and defaulted by the shared pagination schema; this adds the row offset. */
export function pageWindow({ page, limit }: PageQuery): PageQuery & { offset: number } {
  return { page, limit, offset: (page - 1) * limit };
}

export function totalPages(count: number, limit: number): number {
  return Math.max(1, Math.ceil(count / limit));
}

/** A free-text or id filter: surrounding blanks ignored, a blank one means no filter. */
export function filterValue(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  return value ? value : undefined;
}
