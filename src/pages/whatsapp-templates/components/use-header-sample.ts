import { useEffect, useMemo } from "react";
import type { WhatsAppTemplateRecord } from "../../../../contract";
import { headerMediaFormat, type WaComponent } from "../../../../contract/domain/whatsapp-template";
import { useCall } from "../../../api";

/**
 * An object URL of the template's stored header sample (waba.templates.headerMedia) for the previews, or undefined
 * while it loads, when there is none, or when the header is a document (the preview shows a name, not the file).
 * The file is read with the caller's token through the data provider, so an <img> cannot name the call directly.
 */
export function useHeaderSample(
  template: Pick<WhatsAppTemplateRecord, "id" | "components" | "has_header_media"> | undefined,
): string | undefined {
  const format = headerMediaFormat((template?.components ?? []) as WaComponent[]);
  const wanted = Boolean(template?.has_header_media) && (format === "IMAGE" || format === "VIDEO");
  const { query } = useCall(
    "waba.templates.headerMedia",
    { params: { id: template?.id ?? "" } },
    {
      // A template's sample never changes after submission: read once per template while the console is open.
      queryOptions: { enabled: wanted, staleTime: Infinity, retry: false },
      errorNotification: false,
    },
  );
  // The client reads a download as a Blob; the contract can only call the file's bytes a string.
  const blob: unknown = wanted ? query.data?.data : undefined;
  const url = useMemo(() => (blob instanceof Blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
