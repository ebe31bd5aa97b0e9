import type { WhatsAppTemplateRecord } from "../../../../contract";
import type { TemplateDraft } from "../template-draft";
import { PhonePreview } from "./phone-preview";
import { useHeaderSample } from "./use-header-sample";

interface Props {
  template: Pick<WhatsAppTemplateRecord, "id" | "components" | "has_header_media">;
  draft: TemplateDraft;
  /** A header file chosen for this send (a campaign's own): shown instead of the template's sample. */
  file?: File;
  business: string;
}

/** A stored template's preview: its own header sample loaded from the server unless a file replaces it. */
export function TemplatePreview({ template, draft, file, business }: Props) {
  const sampleUrl = useHeaderSample(file ? undefined : template);
  return <PhonePreview draft={draft} file={file} sampleUrl={sampleUrl} business={business} />;
}
