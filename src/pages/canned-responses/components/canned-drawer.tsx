import { Drawer, Form, Select, Typography } from "antd";
import { useState } from "react";
import { useCall } from "../../../api";
import { LazySchemaForm, type FormValues } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import type { CannedBody, CannedRecord } from "./use-canned-responses";

export type CannedDialog = { kind: "create" } | { kind: "edit"; row: CannedRecord } | null;

type Channel = "whatsapp" | "sms" | "rcs";
const CHANNELS: { value: Channel | "all"; label: string }[] = [
  { value: "all", label: "Every channel" },
  { value: "whatsapp", label: "WhatsApp" },
  { value: "sms", label: "SMS" },
  { value: "rcs", label: "RCS" },
];

const UI_SCHEMA = {
  "ui:order": ["code", "title", "body"],
  code: { "ui:autofocus": true, "ui:placeholder": "greet" },
  title: { "ui:placeholder": "Greeting" },
  body: {
    "ui:widget": "textarea",
    "ui:options": { rows: 5 },
    "ui:placeholder": "Hello {{name|there}}, thanks for writing to us.",
  },
};

const text = (values: FormValues, key: string) => (typeof values[key] === "string" ? (values[key] as string) : "");

/** The registered SMS templates (DLT) of the account, for a response sent as one on a DLT route. */
function SmsTemplateSelect(props: { value: string | null; onChange: (v: string | null) => void }) {
  const { query } = useCall(
    "templates.unified",
    { query: { channel: "sms", limit: 100 } },
    { errorNotification: false },
  );
  const options = (query.data?.data.data ?? []).map((t) => ({ value: t.id, label: `${t.name} · ${t.detail}` }));
  return (
    <Select
      id="canned-sms-template"
      allowClear
      showSearch
      optionFilterProp="label"
      loading={query.isFetching}
      placeholder="None: free text"
      value={props.value ?? undefined}
      onChange={(v: string | undefined) => props.onChange(v ?? null)}
      options={options}
    />
  );
}

/** Add or edit a canned response: RJSF from the shared schema, the channel and the SMS template beside it. */
export function CannedDrawer(props: {
  dialog: CannedDialog;
  onClose: () => void;
  onSave: (id: string | null, body: CannedBody) => Promise<boolean>;
  saving: boolean;
  mayLinkTemplates: boolean;
}) {
  const { dialog, onClose } = props;
  const editing = dialog?.kind === "edit" ? dialog.row : null;
  return (
    <Drawer
      open={dialog !== null}
      onClose={onClose}
      width={560}
      destroyOnHidden
      title={editing ? `Edit /${editing.code}` : "Add canned response"}
    >
      {dialog && <CannedForm key={editing?._id ?? "create"} {...props} editing={editing} />}
    </Drawer>
  );
}

function CannedForm(props: {
  editing: CannedRecord | null;
  onClose: () => void;
  onSave: (id: string | null, body: CannedBody) => Promise<boolean>;
  saving: boolean;
  mayLinkTemplates: boolean;
}) {
  const { editing, onClose, onSave, saving } = props;
  const [channel, setChannel] = useState<Channel | null>(editing?.channel ?? null);
  const [smsTemplateId, setSmsTemplateId] = useState<string | null>(editing?.smsTemplateId ?? null);
  const submit = async (values: FormValues) => {
    const body = { code: text(values, "code"), title: text(values, "title"), body: text(values, "body") };
    if (await onSave(editing?._id ?? null, { ...body, channel, smsTemplateId })) onClose();
  };
  const extra = (
    <Form layout="vertical" component="div" disabled={saving}>
      <Form.Item label="Channel" htmlFor="canned-channel" help="Offered only in conversations of this channel">
        <Select
          id="canned-channel"
          value={channel ?? "all"}
          onChange={(v: Channel | "all") => setChannel(v === "all" ? null : v)}
          options={CHANNELS}
        />
      </Form.Item>
      {channel !== "whatsapp" && channel !== "rcs" && (
        <Form.Item
          label="Registered SMS template (DLT)"
          htmlFor="canned-sms-template"
          help="On an SMS number with a DLT entity, only responses tied to a registered template are offered, and the filled text must match it"
        >
          {props.mayLinkTemplates ? (
            <SmsTemplateSelect value={smsTemplateId} onChange={setSmsTemplateId} />
          ) : (
            <Typography.Text type="secondary">Linking a template needs the Templates module.</Typography.Text>
          )}
        </Form.Item>
      )}
    </Form>
  );
  return (
    <LazySchemaForm
      schema={FORM_SCHEMAS.cannedResponse}
      uiSchema={UI_SCHEMA}
      formData={editing ? { code: editing.code, title: editing.title, body: editing.body } : {}}
      submitText={editing ? "Save changes" : "Add response"}
      submitting={saving}
      onCancel={onClose}
      onSubmit={(values) => void submit(values)}
      extra={extra}
    />
  );
}
