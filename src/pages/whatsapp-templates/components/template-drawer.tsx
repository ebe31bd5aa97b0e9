import { useList } from "@refinedev/core";
import { Descriptions, Drawer, Typography } from "antd";
import type { WabaRecord, WhatsAppTemplateRecord } from "../../../../contract";
import { WA_LANGUAGES, type WaBodyComponent, type WaComponent } from "../../../../contract/domain/whatsapp-template";
import { waDraftOf } from "../template-draft";
import { TemplateStatusTag } from "./status-tag";
import { TemplatePreview } from "./template-preview";

/** The template's own examples, {{1}} first, so the preview reads as the reviewer saw it. */
function examplesOf(components: readonly WaComponent[]): string[] {
  const body = components.find((c): c is WaBodyComponent => c.type === "BODY");
  return [...(body?.example?.body_text?.[0] ?? [])];
}

/** One template as the recipient sees it (with its stored header sample) beside its facts. */
export function TemplateDrawer({
  template,
  onClose,
}: {
  template: WhatsAppTemplateRecord | null;
  onClose: () => void;
}) {
  const wabas = useList<WabaRecord>({
    resource: "wabas",
    pagination: { mode: "off" },
    queryOptions: { enabled: Boolean(template) },
    errorNotification: false,
  });
  const business = wabas.result.data?.find((w) => w.waba_id === template?.waba_id)?.name ?? "Your business";
  const components = (template?.components ?? []) as WaComponent[];
  return (
    <Drawer
      open={Boolean(template)}
      onClose={onClose}
      width={420}
      title={
        template ? (
          <Typography.Text style={{ fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace" }}>
            {template.name}
          </Typography.Text>
        ) : null
      }
      destroyOnHidden
    >
      {template && (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Language">
              {WA_LANGUAGES[template.language ?? ""] ?? template.language}
            </Descriptions.Item>
            <Descriptions.Item label="Category">{template.category}</Descriptions.Item>
            {template.status && (
              <Descriptions.Item label="Status">
                <TemplateStatusTag status={template.status} reason={template.rejected_reason} />
              </Descriptions.Item>
            )}
          </Descriptions>
          <TemplatePreview
            template={template}
            draft={waDraftOf(components, examplesOf(components))}
            business={business}
          />
        </>
      )}
    </Drawer>
  );
}
