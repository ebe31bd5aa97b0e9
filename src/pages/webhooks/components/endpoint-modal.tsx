import { Modal, Typography } from "antd";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "../../../../contract/domain/webhooks";
import { LazySchemaForm, type FormValues } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import type { Endpoint } from "./use-webhooks";

const UI_SCHEMA = {
  "ui:order": ["url", "events", "description", "active"],
  url: { "ui:placeholder": "https://example.com/hooks/messages", "ui:options": { inputType: "url" } },
  events: { "ui:widget": "checkboxes", items: { "ui:enumNames": WEBHOOK_EVENTS.map((e) => WEBHOOK_EVENT_LABELS[e]) } },
  description: { "ui:placeholder": "e.g. Orders service (production)" },
};

export type EndpointDialog = { kind: "create" } | { kind: "edit"; endpoint: Endpoint } | null;

/** Add or edit an endpoint: RJSF from the shared schemas, which the server checks too. */
export function EndpointModal({
  dialog,
  saving,
  onClose,
  onSubmit,
}: {
  dialog: EndpointDialog;
  saving: boolean;
  onClose: () => void;
  onSubmit: (values: FormValues) => Promise<void>;
}) {
  const editing = dialog?.kind === "edit" ? dialog.endpoint : null;
  const initial: FormValues = editing
    ? { url: editing.url, events: editing.events, description: editing.description, active: editing.active }
    : { events: [...WEBHOOK_EVENTS], active: true };
  return (
    <Modal
      open={dialog !== null}
      title={editing ? "Edit webhook endpoint" : "Add webhook endpoint"}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      {!editing && (
        <Typography.Paragraph type="secondary">
          We POST each event as JSON to this URL, signed with a secret you get once the endpoint is saved. Answer with
          any 2xx within 5 seconds; otherwise we retry with backoff for 24 hours.
        </Typography.Paragraph>
      )}
      {dialog && (
        <LazySchemaForm
          key={editing?.id ?? "create"}
          schema={editing ? FORM_SCHEMAS.webhookEdit : FORM_SCHEMAS.webhookCreate}
          uiSchema={UI_SCHEMA}
          formData={initial}
          submitText={editing ? "Save changes" : "Add endpoint"}
          submitting={saving}
          onCancel={onClose}
          onSubmit={(values) => void onSubmit(values)}
        />
      )}
    </Modal>
  );
}
