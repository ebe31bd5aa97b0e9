import { Alert, Form, Input, Modal } from "antd";
import { useState } from "react";
import { SCHEMAS } from "../../../../schemas";
import type { AddOutcome } from "./use-suppressions";
import { InvalidRows } from "./invalid-rows";

const FIELDS = SCHEMAS["suppression-add"].properties;

/** Pasted numbers and a reason; after saving it stays open to show the rows that were not numbers. */
export function AddModal({
  open,
  onClose,
  onAdd,
  busy,
}: {
  open: boolean;
  onClose: () => void;
  onAdd: (numbers: string, reason: string) => Promise<AddOutcome>;
  busy: boolean;
}) {
  const [form] = Form.useForm<{ numbers: string; reason?: string }>();
  const [outcome, setOutcome] = useState<AddOutcome | null>(null);
  const close = () => {
    form.resetFields();
    setOutcome(null);
    onClose();
  };
  return (
    <Modal
      title="Add to suppression list"
      open={open}
      onCancel={close}
      okText={outcome ? "Done" : "Add numbers"}
      confirmLoading={busy && !outcome}
      onOk={async () => {
        if (outcome) return close();
        const values = await form.validateFields();
        try {
          const result = await onAdd(values.numbers, values.reason?.trim() ?? "");
          if (result.invalid.length === 0) close();
          else setOutcome(result);
        } catch {
          // The error toast has told the person; what they typed stays.
        }
      }}
      destroyOnHidden
    >
      {outcome ? (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={`${outcome.added} added; ${outcome.invalid.length} not added`}
          />
          <InvalidRows rows={outcome.invalid} />
        </>
      ) : (
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item
            name="numbers"
            label="Numbers"
            extra={FIELDS.numbers.description}
            rules={[
              { required: true, whitespace: true, message: "Enter at least one number" },
              { max: FIELDS.numbers.maxLength },
            ]}
          >
            <Input.TextArea rows={6} placeholder={"+919876543210\n98765 43211"} aria-label="Numbers" />
          </Form.Item>
          <Form.Item name="reason" label="Reason" rules={[{ max: FIELDS.reason.maxLength }]}>
            <Input placeholder="e.g. Asked not to be contacted" aria-label="Reason" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
