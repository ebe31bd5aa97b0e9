import { DeleteOutlined } from "@ant-design/icons";
import { Button, Card, DatePicker, Flex, Form, Input, InputNumber, Segmented, Select } from "antd";
import { VARIANT_LABELS } from "../../../../contract/domain/splits";
import {
  useRcsSource,
  useSmsSource,
  useWhatsAppSource,
  type ChannelSource,
} from "../../campaigns/components/create/channel-sources";
import type { Channel, VariantDraft } from "./split-draft";
import type { FieldErrors } from "./use-splits";

const CHANNEL_LABEL: Record<Channel, string> = { sms: "SMS", rcs: "RCS", whatsapp: "WhatsApp" };

interface Props {
  index: number;
  variant: VariantDraft;
  channels: readonly Channel[];
  errors: FieldErrors;
  set: (patch: Partial<VariantDraft>) => void;
  onRemove?: () => void;
}

/** A server refusal (or the live rule) under its input. */
const shown = (message: string | undefined) => (message ? { validateStatus: "error" as const, help: message } : {});

/** Sender (and WhatsApp number), template and one input per placeholder, from the campaign wizard's channel lists. */
function SourceFields({ index, variant, errors, set, source }: Props & { source: ChannelSource }) {
  const id = (name: string) => `variant-${index}-${name}`;
  const err = (name: string) => errors[`variants.${index}.${name}`];
  const template = source.templates.find((t) => t.id === variant.templateId);
  return (
    <>
      <Form.Item label={source.accountLabel} htmlFor={id("sender")} {...shown(err("senderId"))}>
        <Select
          id={id("sender")}
          loading={source.loading}
          value={variant.senderId || undefined}
          placeholder={`Choose the ${source.accountLabel}`}
          options={source.accounts.map((a) => ({ value: a.value, label: a.label, disabled: a.disabled }))}
          onChange={(senderId: string) => set({ senderId, phoneNumberId: "", templateId: "", variables: [] })}
        />
      </Form.Item>
      {source.senders && (
        <Form.Item label="Phone number" htmlFor={id("number")} {...shown(err("phoneNumberId"))}>
          <Select
            id={id("number")}
            disabled={!variant.senderId}
            value={variant.phoneNumberId || undefined}
            placeholder="Choose the sending number"
            options={source.senders.map((a) => ({ value: a.value, label: a.label, disabled: a.disabled }))}
            onChange={(phoneNumberId: string) => set({ phoneNumberId })}
          />
        </Form.Item>
      )}
      <Form.Item label="Template" htmlFor={id("template")} {...shown(err("templateId"))}>
        <Select
          id={id("template")}
          disabled={!variant.senderId}
          loading={source.templatesLoading}
          value={variant.templateId || undefined}
          placeholder="Choose a template"
          notFoundContent={source.emptyTemplates}
          options={source.templates.map((t) => ({ value: t.id, label: t.name, disabled: !t.selectable }))}
          onChange={(templateId: string) => {
            const count = source.templates.find((t) => t.id === templateId)?.placeholderCount ?? 0;
            set({ templateId, variables: Array.from({ length: count }, () => "") });
          }}
        />
      </Form.Item>
      {template &&
        variant.variables.map((v, i) => (
          <Form.Item key={i} label={`Variable ${i + 1}`} htmlFor={id(`var-${i}`)} {...shown(err(`variables.${i}`))}>
            <Input
              id={id(`var-${i}`)}
              value={v}
              placeholder="Fixed text, or {{name}} for the contact's name"
              onChange={(e) => set({ variables: variant.variables.map((x, j) => (j === i ? e.target.value : x)) })}
            />
          </Form.Item>
        ))}
    </>
  );
}

const SmsFields = (p: Props) => <SourceFields {...p} source={useSmsSource(p.variant.senderId)} />;
const RcsFields = (p: Props) => <SourceFields {...p} source={useRcsSource(p.variant.senderId)} />;
const WhatsAppFields = (p: Props) => <SourceFields {...p} source={useWhatsAppSource(p.variant.senderId)} />;

/** One variant: its channel, sender and template, its size in the test and an optional send time. */
export function VariantCard(props: Props) {
  const { index, variant, channels, errors, set, onRemove } = props;
  const label = VARIANT_LABELS[index];
  const Fields = variant.channel === "sms" ? SmsFields : variant.channel === "rcs" ? RcsFields : WhatsAppFields;
  const err = (name: string) => errors[`variants.${index}.${name}`];
  return (
    <Card
      size="small"
      title={`Variant ${label}`}
      style={{ marginBottom: 12 }}
      extra={
        onRemove && (
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={`Remove variant ${label}`}
            onClick={onRemove}
          />
        )
      }
    >
      {channels.length > 1 && (
        <Form.Item label="Channel">
          <Segmented<Channel>
            aria-label={`Variant ${label} channel`}
            value={variant.channel}
            options={channels.map((c) => ({ value: c, label: CHANNEL_LABEL[c] }))}
            onChange={(channel) => set({ channel, senderId: "", phoneNumberId: "", templateId: "", variables: [] })}
          />
        </Form.Item>
      )}
      <Fields key={variant.channel} {...props} />
      <Flex gap={16} wrap>
        <Form.Item label="Size (%)" htmlFor={`variant-${index}-size`} {...shown(err("sizePercent"))}>
          <InputNumber
            id={`variant-${index}-size`}
            min={1}
            max={100}
            precision={0}
            value={variant.sizePercent}
            onChange={(sizePercent) => set({ sizePercent })}
          />
        </Form.Item>
        <Form.Item label="Send at (optional)" htmlFor={`variant-${index}-send-at`} {...shown(err("sendAt"))}>
          <DatePicker
            id={`variant-${index}-send-at`}
            showTime={{ format: "HH:mm" }}
            format="DD/MM/YYYY HH:mm"
            placeholder="As soon as ready"
            value={variant.sendAt}
            onChange={(sendAt) => set({ sendAt })}
          />
        </Form.Item>
      </Flex>
    </Card>
  );
}
