import { describe, expect, it } from "vitest";
import type { WhatsAppTemplateRecord } from "../../contract";
import { templateStatusNotice } from "./template-status";

const record = (r: Partial<WhatsAppTemplateRecord>): WhatsAppTemplateRecord => ({ id: "1", name: "spring_sale", ...r });

describe("templateStatusNotice", () => {
  it.each<[string, Partial<WhatsAppTemplateRecord>, ReturnType<typeof templateStatusNotice>]>([
    [
      "approved",
      { status: "APPROVED", category: "UTILITY" },
      { kind: "success", title: "Template spring_sale approved", description: "It can be used in campaigns now." },
    ],
    [
      "approved as marketing",
      { status: "APPROVED", category: "MARKETING", previous_category: "UTILITY" },
      {
        kind: "success",
        title: "Template spring_sale approved",
        description: "WhatsApp approved it as MARKETING (it was submitted as UTILITY).",
      },
    ],
    [
      "rejected",
      { status: "REJECTED", rejected_reason: "INVALID_FORMAT: x" },
      { kind: "warning", title: "Template spring_sale rejected", description: "INVALID_FORMAT: x" },
    ],
    [
      "paused",
      { status: "PAUSED", rejected_reason: "Paused: y" },
      { kind: "warning", title: "Template spring_sale paused", description: "Paused: y" },
    ],
  ])("%s", (_case, r, expected) => {
    expect(templateStatusNotice(record(r))).toEqual(expected);
  });
});
