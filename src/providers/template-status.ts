import type { WhatsAppTemplateRecord } from "../../contract";
import { toast } from "../components/toast";

/** What a pushed template verdict tells the owner: the toast's kind, title and line. */
export function templateStatusNotice(r: WhatsAppTemplateRecord): {
  kind: "success" | "warning" | "info";
  title: string;
  description: string;
} {
  const name = r.name;
  switch (r.status) {
    case "APPROVED":
      return {
        kind: "success",
        title: `Template ${name} approved`,
        description: r.previous_category
          ? `WhatsApp approved it as ${r.category} (it was submitted as ${r.previous_category}).`
          : "It can be used in campaigns now.",
      };
    case "REJECTED":
      return {
        kind: "warning",
        title: `Template ${name} rejected`,
        description: r.rejected_reason ?? "WhatsApp gave no reason.",
      };
    case "PAUSED":
    case "DISABLED":
      return {
        kind: "warning",
        title: `Template ${name} ${r.status.toLowerCase()}`,
        description: r.rejected_reason ?? "",
      };
    default:
      return { kind: "info", title: `Template ${name} is ${String(r.status).toLowerCase()}`, description: "" };
  }
}

/** A verdict pushed by the review job: tell the owner (the template lists refetch through the live provider). */
export function announceTemplateStatus(record: WhatsAppTemplateRecord): void {
  const notice = templateStatusNotice(record);
  toast[notice.kind](notice.title, notice.description || undefined);
}
