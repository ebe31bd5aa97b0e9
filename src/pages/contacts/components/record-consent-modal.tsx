import { Button, Form, Input, Modal, Popconfirm, Radio, Select } from "antd";
import {
  CONSENT_CHANNEL_LABELS,
  CONSENT_CHANNELS,
  CONSENT_METHOD_LABELS,
  CONSENT_PROOF_MAX,
  CONSENT_PURPOSE_LABELS,
  CONSENT_PURPOSES,
  CONSENT_STATUS_LABELS,
  RECORDABLE_METHODS,
} from "../../../../contract/domain/consent";
import type { ConsentInput } from "./use-consent";

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const INITIAL: ConsentInput = { status: "opted_out", channel: "all", purpose: "any", method: "agent", proof: "" };

/** Record an opt-in or opt-out of one number; the Record button asks once more before writing (it is history). */
export function RecordConsentModal(props: {
  open: boolean;
  number: string;
  busy: boolean;
  onClose: () => void;
  onRecord: (input: ConsentInput) => Promise<void>;
}) {
  const [form] = Form.useForm<ConsentInput>();
  const values = Form.useWatch([], form) ?? INITIAL;
  const summary = `${CONSENT_STATUS_LABELS[values.status ?? INITIAL.status]} of ${
    CONSENT_CHANNEL_LABELS[values.channel ?? INITIAL.channel]
  } (${CONSENT_PURPOSE_LABELS[values.purpose ?? INITIAL.purpose].toLowerCase()}) for ${props.number}`;
  const submit = async () => {
    const input = await form.validateFields();
    await props.onRecord({ ...INITIAL, ...input }).catch(() => undefined);
  };
  return (
    <Modal
      open={props.open}
      title={`Record consent of ${props.number}`}
      onCancel={props.onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={props.onClose}>
          Cancel
        </Button>,
        <Popconfirm
          key="record"
          title={`Record: ${summary}?`}
          description="Consent events are kept for good; a later event can change the state."
          okText="Record"
          onConfirm={() => void submit()}
        >
          <Button type="primary" loading={props.busy}>
            Record
          </Button>
        </Popconfirm>,
      ]}
    >
      <Form form={form} layout="vertical" initialValues={INITIAL} disabled={props.busy}>
        <Form.Item name="status" label="Status">
          <Radio.Group
            optionType="button"
            options={[
              { value: "opted_in", label: CONSENT_STATUS_LABELS.opted_in },
              { value: "opted_out", label: CONSENT_STATUS_LABELS.opted_out },
            ]}
          />
        </Form.Item>
        <Form.Item name="channel" label="Channel" htmlFor="consent-channel">
          <Select id="consent-channel" options={options(CONSENT_CHANNELS, CONSENT_CHANNEL_LABELS)} />
        </Form.Item>
        <Form.Item name="purpose" label="Purpose" htmlFor="consent-purpose">
          <Select id="consent-purpose" options={options(CONSENT_PURPOSES, CONSENT_PURPOSE_LABELS)} />
        </Form.Item>
        <Form.Item name="method" label="How it was given" htmlFor="consent-method">
          <Select id="consent-method" options={options(RECORDABLE_METHODS, CONSENT_METHOD_LABELS)} />
        </Form.Item>
        <Form.Item
          name="proof"
          label="Proof"
          htmlFor="consent-proof"
          rules={[{ max: CONSENT_PROOF_MAX, message: `At most ${CONSENT_PROOF_MAX} characters` }]}
        >
          <Input.TextArea
            id="consent-proof"
            rows={3}
            maxLength={CONSENT_PROOF_MAX}
            showCount
            placeholder="A form's address and time, a file's name, what the customer said"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
