import { Divider, Drawer, Form, Select, Typography } from "antd";
import { useState } from "react";
import { MSG, type ContactAttributeRecord, type ContactRecord } from "../../../../contract";
import { CONTACT_LABELS_MAX } from "../../../../contract/domain/contacts";
import { roleMayCall, useCallMutation } from "../../../api";
import { useSession } from "../../../state/session";
import { toast } from "../../../components/toast";
import { LazySchemaForm, type FormValues } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import { AttributeInputs, type AttributeValues } from "./attribute-inputs";
import { ConsentSection } from "./consent-section";
import { EraseSection } from "./erase-section";

export type ContactDialog = { kind: "create" } | { kind: "edit"; contact: ContactRecord } | null;

const UI_SCHEMA = {
  "ui:order": ["number", "name", "email", "language"],
  number: { "ui:autofocus": true, "ui:placeholder": "+91 98765 43210" },
  language: { "ui:placeholder": "en" },
};

/** What the form fields hold, as the call's body wants them (an empty optional field is sent empty: it clears). */
function fieldsOf(values: FormValues) {
  const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : "");
  return { number: text("number"), name: text("name"), email: text("email"), language: text("language") };
}

/** Add or edit one contact: RJSF from the shared schema for its fields, tags for labels, one input per attribute. */
export function ContactDrawer(props: {
  dialog: ContactDialog;
  onClose: () => void;
  onSaved: () => Promise<void>;
  definitions: readonly ContactAttributeRecord[];
  knownLabels: readonly string[];
  mayErase: boolean;
}) {
  const { dialog, onClose } = props;
  const editing = dialog?.kind === "edit" ? dialog.contact : null;
  const role = useSession().user?.type ?? "user";
  return (
    <Drawer
      open={dialog !== null}
      onClose={onClose}
      width={560}
      destroyOnHidden
      title={editing ? `Edit ${editing.name || editing.number}` : "Add contact"}
    >
      {dialog && <ContactForm key={editing?.id ?? "create"} {...props} editing={editing} />}
      {editing && roleMayCall(role, "consent.get") && (
        <>
          <Divider />
          <ConsentSection key={editing.id} number={editing.number} />
        </>
      )}
      {editing && props.mayErase && roleMayCall(role, "contacts.erase") && (
        <>
          <Divider />
          <EraseSection
            key={editing.id}
            contact={editing}
            onErased={async () => {
              onClose();
              await props.onSaved();
            }}
          />
        </>
      )}
    </Drawer>
  );
}

/** The drawer's body, mounted per contact so its labels and attributes start from that contact. */
function ContactForm(props: {
  editing: ContactRecord | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
  definitions: readonly ContactAttributeRecord[];
  knownLabels: readonly string[];
}) {
  const { editing, onClose, onSaved, definitions, knownLabels } = props;
  const [labels, setLabels] = useState<string[]>(editing?.labels ?? []);
  const [attributes, setAttributes] = useState<AttributeValues>(editing?.attributes ?? {});
  const create = useCallMutation("contacts.create");
  const update = useCallMutation("contacts.update");
  const saving = create.isPending || update.isPending;
  const errorNotification = (err?: { message?: string }) => ({
    type: "error" as const,
    message: err?.message || MSG.somethingWrong,
  });

  const submit = async (values: FormValues) => {
    const body = { ...fieldsOf(values), labels, attributes };
    try {
      const r = editing
        ? await update.mutateAsync({ params: { id: editing.id }, body, successNotification: false, errorNotification })
        : await create.mutateAsync({ body, successNotification: false, errorNotification });
      toast.success(r.message);
      onClose();
      await onSaved();
    } catch {
      // The error toast has said why; the drawer stays open with what was typed.
    }
  };

  const extra = (
    <>
      <Form layout="vertical" component="div" disabled={saving}>
        <Form.Item label="Labels" htmlFor="contact-labels" help="Type a label and press Enter">
          <Select
            id="contact-labels"
            mode="tags"
            value={labels}
            onChange={(v: string[]) => setLabels(v.slice(0, CONTACT_LABELS_MAX))}
            options={knownLabels.map((l) => ({ value: l, label: l }))}
            tokenSeparators={[","]}
          />
        </Form.Item>
      </Form>
      {definitions.length > 0 && (
        <>
          <Divider orientation="left" plain>
            <Typography.Text type="secondary">Attributes</Typography.Text>
          </Divider>
          <AttributeInputs definitions={definitions} values={attributes} onChange={setAttributes} disabled={saving} />
        </>
      )}
    </>
  );

  return (
    <LazySchemaForm
      schema={FORM_SCHEMAS.contact}
      uiSchema={UI_SCHEMA}
      formData={editing ? fieldsOf(editing) : {}}
      submitText={editing ? "Save changes" : "Add contact"}
      submitting={saving}
      onCancel={onClose}
      onSubmit={(values) => void submit(values)}
      extra={extra}
    />
  );
}
