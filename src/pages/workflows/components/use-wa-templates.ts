import { useList, type HttpError } from "@refinedev/core";
import { useMemo } from "react";
import type { WhatsAppTemplateRecord } from "../../../../contract";
import type { HeaderTemplateFacts } from "../../../../contract/domain/workflow-header-media";
import {
  headerExampleLink,
  headerMediaFormat,
  type WaComponent,
  type WaMediaFormat,
} from "../../../../contract/domain/whatsapp-template";

export interface WaTemplateChoice extends HeaderTemplateFacts {
  id: string;
  wabaId: string;
}

/** What a template's own file means for a send: stored with it, or a link the provider gave. */
const ownFileOf = (t: WhatsAppTemplateRecord, components: readonly WaComponent[]) =>
  Boolean(t.has_header_media) || headerExampleLink(components) !== undefined;

/**
 * The account's WhatsApp templates as the Send template step needs them: which have a media header and whether they
 * have a file of their own (the editor's live "Choose the header media" problem and the step's picker read this).
 */
export function useWaTemplates(): WaTemplateChoice[] {
  const list = useList<WhatsAppTemplateRecord, HttpError>({
    resource: "whatsapp-templates",
    pagination: { mode: "off" },
    filters: [{ field: "limit", operator: "eq", value: 100 }],
    errorNotification: false,
  });
  const rows = list.result.data;
  return useMemo(
    () =>
      (rows ?? []).map((t) => {
        const components = (t.components ?? []) as WaComponent[];
        const format: WaMediaFormat | undefined = headerMediaFormat(components);
        return { id: t.id, name: t.name, wabaId: t.waba_id ?? "", format, ownFile: ownFileOf(t, components) };
      }),
    [rows],
  );
}
