import { Form, Modal, Select, Typography } from "antd";
import { useState } from "react";

/** Labels added to and taken off the selected contacts in one go. */
export function LabelsModal(props: {
  open: boolean;
  count: number;
  knownLabels: readonly string[];
  busy: boolean;
  onClose: () => void;
  onApply: (add: string[], remove: string[]) => Promise<void>;
}) {
  const { open, count, knownLabels, busy, onClose, onApply } = props;
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  // Emptied on closing (not on opening: someone may type before the opening animation ends).
  const close = () => {
    setAdd([]);
    setRemove([]);
    onClose();
  };
  const options = knownLabels.map((l) => ({ value: l, label: l }));
  return (
    <Modal
      open={open}
      title={`Change labels of ${count} ${count === 1 ? "contact" : "contacts"}`}
      okText="Apply"
      okButtonProps={{ disabled: add.length + remove.length === 0, loading: busy }}
      onCancel={close}
      onOk={() =>
        onApply(add, remove).then(
          () => close(),
          () => undefined,
        )
      }
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item label="Add labels" htmlFor="labels-add" help="Type a new label and press Enter, or pick one">
          <Select id="labels-add" mode="tags" value={add} onChange={setAdd} options={options} tokenSeparators={[","]} />
        </Form.Item>
        <Form.Item label="Remove labels" htmlFor="labels-remove">
          <Select id="labels-remove" mode="multiple" value={remove} onChange={setRemove} options={options} />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">Contacts that already carry a label are left as they are.</Typography.Text>
    </Modal>
  );
}
