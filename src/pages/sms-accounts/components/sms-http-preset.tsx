import { Alert, Flex, Select, Typography } from "antd";
import {
  SMS_HTTP_PRESET_IDS,
  SMS_HTTP_PRESETS,
  type SmsHttpPresetId,
} from "../../../../contract/domain/sms-http-presets";
import type { FormValues } from "../../common/lazy-schema-form";

/** "" is a provider of one's own: the form's defaults. */
export type PresetChoice = SmsHttpPresetId | "";

/** The HTTP form's starting values: a preset fills everything but the key, the sender ids and the entity id. */
export function presetFormData(choice: PresetChoice, headers: readonly string[]): FormValues {
  const start = { sender_ids: headers.length === 1 ? [...headers] : [] };
  return choice ? { ...start, ...SMS_HTTP_PRESETS[choice].form, preset: choice } : start;
}

/**
 * The HTTP form's values as sent: an empty "Before the key" goes as "" (MSG91's plain `authkey` header). The form
 * drops an empty text field, and the server's schema would then put its default ("Bearer ") back.
 */
export function httpFormValues(values: FormValues): FormValues {
  return { ...values, auth_prefix: typeof values.auth_prefix === "string" ? values.auth_prefix : "" };
}

/** Choosing a documented provider's preset (contract/domain/sms-http-presets.ts), and what it leaves to do. */
export function SmsHttpPresetPicker({
  value,
  onChange,
}: {
  value: PresetChoice;
  onChange: (choice: PresetChoice) => void;
}) {
  const options = [
    { value: "", label: "My provider's API (fill in below)" },
    ...SMS_HTTP_PRESET_IDS.map((id) => ({ value: id, label: SMS_HTTP_PRESETS[id].label })),
  ];
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>Preset</Typography.Text>
      <Select<PresetChoice> aria-label="Preset" value={value} onChange={onChange} options={options} />
      {value && <Alert type="info" showIcon message={SMS_HTTP_PRESETS[value].hint} />}
    </Flex>
  );
}

/** The preset a saved channel was filled from, by name; null for one's own provider. */
export const presetLabel = (preset: string | null | undefined): string | null =>
  preset && preset in SMS_HTTP_PRESETS ? SMS_HTTP_PRESETS[preset as SmsHttpPresetId].label : null;
