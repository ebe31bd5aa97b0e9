import type { LibraryTemplate } from "../../../contract/domain/template-library";
import { notFound } from "../../http/errors";
import { filterValue } from "../paging";
import { LIBRARY } from "./data";

export interface LibraryFilter {
  channel?: string;
  industry?: string;
  search?: string;
}

/** Library templates matching the filters; search looks at name, description and industry, case-insensitively. */
export function listLibrary({ channel, industry, search }: LibraryFilter): LibraryTemplate[] {
  const wantChannel = filterValue(channel);
  const wantIndustry = filterValue(industry);
  const needle = filterValue(search)?.toLowerCase();
  return LIBRARY.filter(
    (t) =>
      (!wantChannel || t.channel === wantChannel) &&
      (!wantIndustry || t.industry === wantIndustry) &&
      (!needle || `${t.name} ${t.description} ${t.industry}`.toLowerCase().includes(needle)),
  );
}

export function libraryTemplate(id: string): LibraryTemplate {
  const found = LIBRARY.find((t) => t.id === id);
  if (!found) throw notFound("Library template not found");
  return found;
}
