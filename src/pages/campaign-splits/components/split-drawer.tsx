import { PlusOutlined } from "@ant-design/icons";
import {
  Alert,
  Button,
  Checkbox,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Progress,
  Radio,
  Select,
  Space,
  Typography,
} from "antd";
import { useState } from "react";
import { SPLIT_NAME_MAX, WINNER_METRICS, WINNER_METRIC_LABELS } from "../../../../contract/domain/splits";
import { AUDIENCE_MAX_BYTES } from "../../../../contract/domain/campaigns";
import { useCall } from "../../../api";
import { audienceFileProblem, megabytes } from "../../campaigns/components/create/audience";
import { AudienceFileDrop } from "../../campaigns/components/create/audience-file-drop";
import {
  canAddVariant,
  draftReady,
  evenSizes,
  newVariant,
  payloadOf,
  shapeProblems,
  sizeSum,
  type Channel,
  type SplitDraft,
  type VariantDraft,
} from "./split-draft";
import { fieldErrorsOf, type FieldErrors, type SplitBody } from "./use-splits";
import { VariantCard } from "./variant-card";

const shown = (message: string | undefined) => (message ? { validateStatus: "error" as const, help: message } : {});
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** New A/B test: name, audience, 2-4 variants with their sizes (a live sum), test share, winner metric and hours. */
export function SplitDrawer({
  initial,
  channels,
  saving,
  onClose,
  onSave,
}: {
  initial: SplitDraft;
  channels: readonly Channel[];
  saving: boolean;
  onClose: () => void;
  onSave: (body: SplitBody | FormData, onUploadProgress?: (fraction: number) => void) => Promise<string>;
}) {
  const [draft, setDraft] = useState(initial);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  /** Percent of the audience file sent while the test is created with one. */
  const [upload, setUpload] = useState<number | null>(null);
  const segments = useCall("contacts.segments.list", {}, { errorNotification: false }).query;
  // An edit clears the server's refusal of what was edited; the live rule takes over again.
  const set = (patch: Partial<SplitDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerErrors({});
  };
  const setVariant = (i: number, patch: Partial<VariantDraft>) =>
    set({ variants: draft.variants.map((v, j) => (j === i ? { ...v, ...patch } : v)) });
  const resize = (variants: VariantDraft[]) => {
    const sizes = evenSizes(variants.length);
    return variants.map((v, i) => ({ ...v, sizePercent: sizes[i] }));
  };
  const live = shapeProblems(draft);
  const errors: FieldErrors = { ...live, ...serverErrors };
  const sum = sizeSum(draft);
  const save = () => {
    setRefusal(null);
    const payload = payloadOf(draft);
    if (payload instanceof FormData) setUpload(0);
    onSave(payload, (f) => setUpload(Math.round(f * 100)))
      .then(onClose)
      .catch((err: unknown) => {
        const fields = fieldErrorsOf(err);
        setServerErrors(fields);
        // A refusal naming no field ("Variant B: SMS template not found") shows above the form.
        if (!Object.keys(fields).length) setRefusal((err as { message?: string } | undefined)?.message ?? null);
      })
      .finally(() => setUpload(null));
  };
  const choose = (file: File) => {
    const problem = audienceFileProblem(file);
    setFileProblem(problem);
    set({ file: problem ? null : file });
  };
  return (
    <Drawer
      open
      width={680}
      title="New A/B test"
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" disabled={!draftReady(draft)} loading={saving} onClick={save}>
            Start test
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" requiredMark={false}>
        {refusal && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={refusal} />}
        <Form.Item label="Test name" htmlFor="split-name" {...shown(serverErrors.name)}>
          <Input
            id="split-name"
            maxLength={SPLIT_NAME_MAX}
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="Audience" extra="The same audience for every variant; each number goes to one variant only.">
          <Radio.Group
            value={draft.audience}
            onChange={(e) => set({ audience: e.target.value as SplitDraft["audience"] })}
            options={[
              { value: "numbers", label: "Pasted numbers" },
              { value: "file", label: "A file (CSV or Excel)" },
              { value: "segment", label: "A segment" },
            ]}
          />
        </Form.Item>
        {draft.audience === "segment" ? (
          <Form.Item label="Segment" htmlFor="split-segment" {...shown(serverErrors.segmentId)}>
            <Select
              id="split-segment"
              loading={segments.isLoading}
              value={draft.segmentId || undefined}
              placeholder="Choose a segment"
              notFoundContent="No segments yet: build one under Contacts → Segments."
              options={(segments.data?.data.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              onChange={(segmentId: string) => set({ segmentId })}
            />
          </Form.Item>
        ) : draft.audience === "file" ? (
          <Form.Item
            label="Audience file"
            {...shown(fileProblem ?? serverErrors.file ?? serverErrors.segmentId)}
            extra={
              upload !== null ? <Progress percent={upload} size="small" aria-label="Audience file upload" /> : undefined
            }
          >
            <AudienceFileDrop
              file={draft.file}
              onChoose={choose}
              hint={`A header row and a phone column; up to ${megabytes(AUDIENCE_MAX_BYTES)}. Each number goes to one variant.`}
            />
          </Form.Item>
        ) : (
          <Form.Item label="Numbers" htmlFor="split-numbers" {...shown(serverErrors.numbers ?? serverErrors.segmentId)}>
            <Input.TextArea
              id="split-numbers"
              rows={4}
              value={draft.numbers}
              placeholder="One per line or separated by commas"
              onChange={(e) => set({ numbers: e.target.value })}
            />
          </Form.Item>
        )}
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          Variants
        </Typography.Title>
        {draft.variants.map((v, i) => (
          <VariantCard
            key={i}
            index={i}
            variant={v}
            channels={channels}
            errors={errors}
            set={(patch) => setVariant(i, patch)}
            onRemove={
              draft.variants.length > 2
                ? () => set({ variants: resize(draft.variants.filter((_, j) => j !== i)) })
                : undefined
            }
          />
        ))}
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
          <Typography.Text role="status" type={sum === 100 ? "success" : "danger"} strong>
            Sizes add up to {sum}%{sum === 100 ? "" : " (they must add up to 100%)"}
          </Typography.Text>
          {canAddVariant(draft) && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => set({ variants: resize([...draft.variants, newVariant(channels[0], null)]) })}
            >
              Add variant
            </Button>
          )}
        </Flex>
        <Form.Item>
          <Checkbox checked={draft.trackLinks} onChange={(e) => set({ trackLinks: e.target.checked })}>
            Track links
          </Checkbox>
          <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0 24px" }}>
            A variable that is a web address (https://…) goes out as each recipient&apos;s own short link, so the
            comparison counts who clicked each variant (link previews and scanners are not counted).
          </Typography.Paragraph>
        </Form.Item>
        {serverErrors.variants && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} message={serverErrors.variants} />
        )}
        <Flex gap={16} wrap>
          <Form.Item
            label="Test share (%)"
            htmlFor="split-share"
            extra="Of the audience; the rest gets the winner (100: no winner phase)."
            style={{ maxWidth: 220 }}
            {...shown(errors.testSharePercent)}
          >
            <InputNumber
              id="split-share"
              min={1}
              max={100}
              precision={0}
              value={draft.testSharePercent}
              onChange={(testSharePercent) => set({ testSharePercent })}
            />
          </Form.Item>
          <Form.Item label="Winner by" htmlFor="split-metric" {...shown(serverErrors.metric)}>
            <Select
              id="split-metric"
              style={{ width: 180 }}
              value={draft.metric}
              options={WINNER_METRICS.map((m) => ({ value: m, label: capital(WINNER_METRIC_LABELS[m]) }))}
              onChange={(metric) => set({ metric })}
            />
          </Form.Item>
          <Form.Item label="Decide after (hours)" htmlFor="split-hours" {...shown(errors.decideAfterHours)}>
            <InputNumber
              id="split-hours"
              min={1}
              max={720}
              precision={0}
              value={draft.decideAfterHours}
              onChange={(decideAfterHours) => set({ decideAfterHours })}
            />
          </Form.Item>
        </Flex>
      </Form>
    </Drawer>
  );
}
