import { Drawer, Form, Select, Typography } from "antd";
import { useRef, useState } from "react";
import type { CallReply } from "../../../../contract";
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

type SmsTemplate = CallReply<"sms.templates.list">["data"][number];

/**
 * The account's registered SMS templates (DLT), grouped by the sender header they are registered for, for a response
 * sent as one on a DLT route. Choosing one hands its text to the form (the response's body then follows it).
 */
function SmsTemplateSelect(props: { value: string | null; onChange: (t: SmsTemplate | null) => void }) {
  const { query } = useCall("sms.templates.list", { query: {} }, { errorNotification: false });
  const templates = query.data?.data.data ?? [];
  const senders = [...new Set(templates.map((t) => t.senderId))].sort();
  const options = senders.map((sender) => ({
    label: `Sender ${sender}`,
    title: sender,
    options: templates
      .filter((t) => t.senderId === sender)
      .map((t) => ({ value: t.id, label: `${t.name} · ${sender} · DLT ${t.dltTemplateId}` })),
  }));
  return (
    <Select
      id="canned-sms-template"
      allowClear
      showSearch
      optionFilterProp="label"
      loading={query.isFetching}
      placeholder="None: free text"
      value={props.value ?? undefined}
      onChange={(v: string | undefined) => props.onChange(templates.find((t) => t.id === v) ?? null)}
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
  // The form starts from these values; choosing a template starts it again with the template's text as the body,
  // keeping the code and title typed so far.
  const [start, setStart] = useState<FormValues>(
    editing ? { code: editing.code, title: editing.title, body: editing.body } : {},
  );
  const typed = useRef<FormValues>(start);
  const chooseTemplate = (t: SmsTemplate | null) => {
    setSmsTemplateId(t?.id ?? null);
    if (t) setStart({ ...typed.current, body: t.body });
  };
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
          help={
            smsTemplateId
              ? "The text is the template's: replace each {#var#} with a value or a contact variable such as {{name}}, and keep the rest as registered"
              : "On an SMS number with a DLT entity, only responses tied to a registered template are offered, sent as that template"
          }
        >
          {props.mayLinkTemplates ? (
            <SmsTemplateSelect value={smsTemplateId} onChange={chooseTemplate} />
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
      formData={start}
      onChange={(values) => {
        typed.current = values;
      }}
      submitText={editing ? "Save changes" : "Add response"}
      submitting={saving}
      onCancel={onClose}
      onSubmit={(values) => void submit(values)}
      extra={extra}
    />
  );
}
