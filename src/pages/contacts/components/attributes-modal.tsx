import { DeleteOutlined } from "@ant-design/icons";
import { Button, Divider, Empty, Form, List, Modal, Popconfirm, Select, Tag, Typography } from "antd";
import { useState } from "react";
import { MSG, type ContactAttributeRecord } from "../../../../contract";
import { ATTRIBUTE_CHOICES_MAX, ATTRIBUTE_TYPES, ATTRIBUTE_TYPE_LABELS } from "../../../../contract/domain/contacts";
import { useCallMutation } from "../../../api";
import { toast } from "../../../components/toast";
import { LazySchemaForm, type FormValues } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";

const UI_SCHEMA = {
  key: { "ui:placeholder": "city" },
  label: { "ui:placeholder": "City" },
  type: { "ui:enumNames": ATTRIBUTE_TYPES.map((t) => ATTRIBUTE_TYPE_LABELS[t]) },
};

/** The account's custom attributes: the list, a form to add one, and delete (its values go from every contact). */
export function AttributesModal(props: {
  open: boolean;
  definitions: readonly ContactAttributeRecord[];
  onClose: () => void;
  onChanged: () => Promise<unknown>;
}) {
  const { open, definitions, onClose, onChanged } = props;
  const create = useCallMutation("contacts.attributes.create");
  const remove = useCallMutation("contacts.attributes.delete");
  const errorNotification = (err?: { message?: string }) => ({
    type: "error" as const,
    message: err?.message || MSG.somethingWrong,
  });
  // A choice attribute's values (tags; the schema's array would be one input per value); the form starts empty
  // again after each attribute is added.
  const [choices, setChoices] = useState<string[]>([]);
  const [round, setRound] = useState(0);
  const add = async (values: FormValues) => {
    const body = values.type === "choice" ? { ...values, choices } : values;
    try {
      const r = await create.mutateAsync({ body, successNotification: false, errorNotification });
      toast.success(r.message);
      setChoices([]);
      setRound((n) => n + 1);
      await onChanged();
    } catch {
      // Toasted.
    }
  };
  const drop = async (d: ContactAttributeRecord) => {
    try {
      const r = await remove.mutateAsync({ params: { id: d.id }, successNotification: false, errorNotification });
      toast.success(r.message);
      await onChanged();
    } catch {
      // Toasted.
    }
  };
  return (
    <Modal open={open} title="Contact attributes" footer={null} onCancel={onClose} width={620} destroyOnHidden>
      <List
        size="small"
        dataSource={[...definitions]}
        locale={{ emptyText: <Empty description="No attributes yet" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        renderItem={(d) => (
          <List.Item
            actions={[
              <Popconfirm
                key="delete"
                title={`Delete ${d.label}?`}
                description="Its values are removed from every contact. This cannot be undone."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => drop(d)}
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete attribute ${d.label}`} />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={d.label}
              description={
                <>
                  <Typography.Text code>{d.key}</Typography.Text> <Tag>{ATTRIBUTE_TYPE_LABELS[d.type]}</Tag>
                  {d.type === "choice" && d.choices.join(", ")}
                </>
              }
            />
          </List.Item>
        )}
      />
      <Divider orientation="left" plain>
        Add an attribute
      </Divider>
      <LazySchemaForm
        key={round}
        schema={FORM_SCHEMAS.contactAttribute}
        uiSchema={UI_SCHEMA}
        formData={{ type: "text" }}
        columns={2}
        submitText="Add attribute"
        submitting={create.isPending}
        onSubmit={(values) => void add(values)}
        extra={
          <Form layout="vertical" component="div">
            <Form.Item
              label="Choices"
              htmlFor="attribute-choices"
              help="For a choice attribute: type each value and press Enter"
            >
              <Select
                id="attribute-choices"
                mode="tags"
                open={false}
                value={choices}
                onChange={(v: string[]) => setChoices(v.slice(0, ATTRIBUTE_CHOICES_MAX))}
                tokenSeparators={[","]}
              />
            </Form.Item>
          </Form>
        }
      />
    </Modal>
  );
}
