import { Button, Drawer, Form, Input, Radio, Segmented, Select, Space } from "antd";
import { useState } from "react";
import { DEFAULT_TIME_ZONE } from "../../../../contract/domain/time-zone";
import { ruleProblems, SCHEDULE_NAME_MAX, type ScheduleRule } from "../../../../contract/domain/schedules";
import type { CampaignScheduleRecord } from "../../../../contract/calls/campaign-schedules";
import { useCall } from "../../../api";
import {
  useRcsSource,
  useSmsSource,
  useWhatsAppSource,
  type ChannelSource,
} from "../../campaigns/components/create/channel-sources";
import { RuleFields } from "./rule-fields";
import type { ScheduleBody } from "./use-schedules";

type Channel = "sms" | "rcs" | "whatsapp";

export interface ScheduleDraft {
  id: string | null;
  name: string;
  channel: Channel;
  senderId: string;
  templateId: string;
  variables: string[];
  audience: "segment" | "numbers";
  segmentId: string;
  numbers: string;
  rule: ScheduleRule;
}

export const newScheduleDraft = (channel: Channel): ScheduleDraft => ({
  id: null,
  name: "",
  channel,
  senderId: "",
  templateId: "",
  variables: [],
  audience: "segment",
  segmentId: "",
  numbers: "",
  rule: { frequency: "weekly", daysOfWeek: [1], time: "09:00", timeZone: DEFAULT_TIME_ZONE, endDate: null },
});

/** An existing schedule as a draft (a file audience is kept by sending nothing new: edit its rule and settings). */
export const draftOf = (r: CampaignScheduleRecord): ScheduleDraft => ({
  id: r.id,
  name: r.name,
  channel: r.channel as Channel,
  senderId: r.senderId,
  templateId: r.templateId,
  variables: r.variables,
  audience: r.audience.kind === "segment" ? "segment" : "numbers",
  segmentId: r.audience.segmentId ?? "",
  numbers: "",
  rule: r.rule as ScheduleRule,
});

function bodyOf(d: ScheduleDraft): ScheduleBody {
  return {
    name: d.name,
    channel: d.channel,
    senderId: d.senderId,
    templateId: d.templateId,
    variables: d.variables,
    ...(d.audience === "segment" ? { segmentId: d.segmentId } : { numbers: d.numbers }),
    rule: { ...d.rule, endDate: d.rule.endDate ?? null },
  };
}

interface PickerProps {
  draft: ScheduleDraft;
  set: (patch: Partial<ScheduleDraft>) => void;
}

/** Sender, template and one input per placeholder, from the channel's own lists (the campaign wizard's). */
function SourceFields({ source, draft, set }: PickerProps & { source: ChannelSource }) {
  const template = source.templates.find((t) => t.id === draft.templateId);
  return (
    <>
      <Form.Item label={source.accountLabel} htmlFor="schedule-sender" required>
        <Select
          id="schedule-sender"
          loading={source.loading}
          value={draft.senderId || undefined}
          placeholder={`Choose the ${source.accountLabel}`}
          options={source.accounts.map((a) => ({ value: a.value, label: a.label, disabled: a.disabled }))}
          onChange={(senderId: string) => set({ senderId, templateId: "", variables: [] })}
        />
      </Form.Item>
      <Form.Item label="Template" htmlFor="schedule-template" required>
        <Select
          id="schedule-template"
          disabled={!draft.senderId}
          loading={source.templatesLoading}
          value={draft.templateId || undefined}
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
        draft.variables.map((v, i) => (
          <Form.Item key={i} label={`Variable ${i + 1}`} htmlFor={`schedule-var-${i}`} required>
            <Input
              id={`schedule-var-${i}`}
              value={v}
              placeholder="Fixed text, or {{name}} for the contact's name"
              onChange={(e) => set({ variables: draft.variables.map((x, j) => (j === i ? e.target.value : x)) })}
            />
          </Form.Item>
        ))}
    </>
  );
}

const SmsFields = (p: PickerProps) => <SourceFields {...p} source={useSmsSource(p.draft.senderId)} />;
const RcsFields = (p: PickerProps) => <SourceFields {...p} source={useRcsSource(p.draft.senderId)} />;
const WhatsAppFields = (p: PickerProps) => <SourceFields {...p} source={useWhatsAppSource(p.draft.senderId)} />;

/** Create or edit a schedule: name, channel, sender and template, audience, and the rule with its next runs. */
export function ScheduleDrawer({
  initial,
  channels,
  saving,
  onClose,
  onSave,
}: {
  initial: ScheduleDraft;
  channels: Channel[];
  saving: boolean;
  onClose: () => void;
  onSave: (id: string | null, body: ScheduleBody) => Promise<void>;
}) {
  const [draft, setDraft] = useState(initial);
  const set = (patch: Partial<ScheduleDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const segments = useCall("contacts.segments.list", {}, { errorNotification: false }).query;
  const ready =
    draft.name.trim() !== "" &&
    draft.senderId !== "" &&
    draft.templateId !== "" &&
    (draft.audience === "segment" ? draft.segmentId !== "" : draft.numbers.trim() !== "") &&
    ruleProblems(draft.rule).length === 0;
  const Fields = draft.channel === "sms" ? SmsFields : draft.channel === "rcs" ? RcsFields : WhatsAppFields;
  return (
    <Drawer
      open
      width={640}
      title={draft.id ? `Edit ${initial.name}` : "New recurring campaign"}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="primary"
            disabled={!ready}
            loading={saving}
            onClick={() =>
              onSave(draft.id, bodyOf(draft))
                .then(onClose)
                .catch(() => undefined)
            }
          >
            Save schedule
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" requiredMark={false}>
        <Form.Item
          label="Schedule name"
          htmlFor="schedule-name"
          required
          extra="Each run's campaign is named after it."
        >
          <Input
            id="schedule-name"
            maxLength={SCHEDULE_NAME_MAX}
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </Form.Item>
        {channels.length > 1 && (
          <Form.Item label="Channel">
            <Segmented<Channel>
              aria-label="Channel"
              value={draft.channel}
              options={channels.map((c) => ({
                value: c,
                label: c === "sms" ? "SMS" : c === "rcs" ? "RCS" : "WhatsApp",
              }))}
              onChange={(channel) => set({ channel, senderId: "", templateId: "", variables: [] })}
            />
          </Form.Item>
        )}
        <Fields key={draft.channel} draft={draft} set={set} />
        <Form.Item label="Audience">
          <Radio.Group
            value={draft.audience}
            onChange={(e) => set({ audience: e.target.value as ScheduleDraft["audience"] })}
            options={[
              { value: "segment", label: "A segment (its contacts at each run)" },
              { value: "numbers", label: "Pasted numbers" },
            ]}
          />
        </Form.Item>
        {draft.audience === "segment" ? (
          <Form.Item label="Segment" htmlFor="schedule-segment" required>
            <Select
              id="schedule-segment"
              loading={segments.isLoading}
              value={draft.segmentId || undefined}
              placeholder="Choose a segment"
              notFoundContent="No segments yet: build one under Contacts → Segments."
              options={(segments.data?.data.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              onChange={(segmentId: string) => set({ segmentId })}
            />
          </Form.Item>
        ) : (
          <Form.Item label="Numbers" htmlFor="schedule-numbers" required>
            <Input.TextArea
              id="schedule-numbers"
              rows={3}
              value={draft.numbers}
              placeholder="One per line or separated by commas"
              onChange={(e) => set({ numbers: e.target.value })}
            />
          </Form.Item>
        )}
        <RuleFields rule={draft.rule} onChange={(rule) => set({ rule })} />
      </Form>
    </Drawer>
  );
}
