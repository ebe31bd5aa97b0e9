import type { Static } from "@sinclair/typebox";
import { Type } from "./type";

/**
 * The one place where the page-size default (SPEC 9: 10) and its maximum live. Every paged call's query schema
 * spreads these properties, the server fills the defaults while validating, and contract/constants re-exports
 * the numbers for the console.
 */
export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1, description: "1-based page number" }),
  // The maximum is our choice: it keeps one request bounded.
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10, description: "rows per page" }),
});
export type PageQuery = Static<typeof PageQuery>;

export const PAGE_DEFAULTS = {
  page: PageQuery.properties.page.default as number,
  limit: PageQuery.properties.limit.default as number,
};
export const PAGE_LIMIT_MAX = PageQuery.properties.limit.maximum as number;
