import { PlusOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Drawer, Flex, Form, Input, Segmented, Space, Spin, Typography } from "antd";
import { useState } from "react";
import type { AttributeDefinition } from "../../../../contract/domain/contacts";
import {
  NEW_SEGMENT_DEFINITION,
  SEGMENT_CONDITIONS_MAX,
  SEGMENT_DESCRIPTION_MAX,
  SEGMENT_GROUPS_MAX,
  SEGMENT_NAME_MAX,
  type SegmentCondition,
  type SegmentDefinition,
  type SegmentJoin,
} from "../../../../contract/domain/segments";
import { formatCount } from "../../../shell/format";
import { ConditionEditor, conditionFor } from "./condition-editor";
import { useLiveCount } from "./use-segments";

export interface SegmentDraft {
  id?: string;
  name: string;
  description: string;
  definition: SegmentDefinition;
}

export const newSegmentDraft = (): SegmentDraft => ({
  name: "",
  description: "",
  definition: structuredClone(NEW_SEGMENT_DEFINITION),
});

const JOINS = [
  { value: "and", label: "All (AND)" },
  { value: "or", label: "Any (OR)" },
];

/** The builder: groups of conditions, each join picked, and the live count of what it selects now. */
export function SegmentDrawer(props: {
  draft: SegmentDraft;
  attributes: readonly AttributeDefinition[];
  labels: readonly string[];
  saving: boolean;
  onClose: () => void;
  onSave: (draft: SegmentDraft) => Promise<void>;
}) {
  const { attributes, labels, saving, onClose, onSave } = props;
  const [draft, setDraft] = useState(props.draft);
  const def = draft.definition;
  const live = useLiveCount(def, attributes);
  const total = def.groups.reduce((n, g) => n + g.conditions.length, 0);
  const setDef = (definition: SegmentDefinition) => setDraft({ ...draft, definition });
  const setGroup = (gi: number, patch: Partial<SegmentDefinition["groups"][number]>) =>
    setDef({ ...def, groups: def.groups.map((g, i) => (i === gi ? { ...g, ...patch } : g)) });
  const setCondition = (gi: number, ci: number, c: SegmentCondition | null) => {
    const conditions = def.groups[gi].conditions;
    const next = c ? conditions.map((x, i) => (i === ci ? c : x)) : conditions.filter((_, i) => i !== ci);
    if (next.length === 0) setDef({ ...def, groups: def.groups.filter((_, i) => i !== gi) });
    else setGroup(gi, { conditions: next });
  };
  const fresh = () => conditionFor("label", attributes);
  const nameMissing = draft.name.trim() === "";

  return (
    <Drawer
      open
      width={820}
      title={draft.id ? "Edit segment" : "New segment"}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={nameMissing || live.errors.length > 0}
            onClick={() => void onSave(draft).then(onClose, () => undefined)}
          >
            Save segment
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" component="div">
        <Form.Item label="Name" htmlFor="segment-name" required>
          <Input
            id="segment-name"
            maxLength={SEGMENT_NAME_MAX}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="Description" htmlFor="segment-description">
          <Input.TextArea
            id="segment-description"
            rows={2}
            maxLength={SEGMENT_DESCRIPTION_MAX}
            value={draft.description}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
        </Form.Item>
      </Form>
      <Card size="small" style={{ marginBottom: 16 }} aria-live="polite">
        <Flex align="center" gap={12}>
          <Typography.Text strong>Contacts in this segment now:</Typography.Text>
          {live.counting ? (
            <Spin size="small" />
          ) : (
            <Typography.Text data-testid="segment-live-count" style={{ fontSize: 18 }}>
              {live.count === null ? "—" : formatCount(live.count)}
            </Typography.Text>
          )}
        </Flex>
        {live.errors.length > 0 && (
          <Typography.Text type="secondary">Finish the conditions to see the count.</Typography.Text>
        )}
      </Card>
      {def.groups.length > 1 && (
        <Flex align="center" gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text>Contacts matching</Typography.Text>
          <Segmented
            aria-label="How groups combine"
            value={def.join}
            onChange={(v) => setDef({ ...def, join: v as SegmentJoin })}
            options={JOINS}
          />
          <Typography.Text>of the groups</Typography.Text>
        </Flex>
      )}
      <Flex vertical gap={12}>
        {def.groups.map((g, gi) => (
          <Card
            key={gi}
            size="small"
            title={`Group ${gi + 1}`}
            extra={
              g.conditions.length > 1 && (
                <Segmented
                  size="small"
                  aria-label={`How group ${gi + 1}'s conditions combine`}
                  value={g.join}
                  onChange={(v) => setGroup(gi, { join: v as SegmentJoin })}
                  options={JOINS}
                />
              )
            }
          >
            <Flex vertical gap={8}>
              {g.conditions.map((c, ci) => (
                <ConditionEditor
                  key={ci}
                  index={def.groups.slice(0, gi).reduce((n, x) => n + x.conditions.length, 0) + ci}
                  condition={c}
                  attributes={attributes}
                  labels={labels}
                  onChange={(next) => setCondition(gi, ci, next)}
                  onRemove={total > 1 ? () => setCondition(gi, ci, null) : undefined}
                />
              ))}
              <div>
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  disabled={total >= SEGMENT_CONDITIONS_MAX}
                  onClick={() => setGroup(gi, { conditions: [...g.conditions, fresh()] })}
                >
                  Add condition
                </Button>
              </div>
            </Flex>
          </Card>
        ))}
      </Flex>
      <Button
        style={{ marginTop: 12 }}
        icon={<PlusOutlined />}
        disabled={total >= SEGMENT_CONDITIONS_MAX || def.groups.length >= SEGMENT_GROUPS_MAX}
        onClick={() => setDef({ ...def, groups: [...def.groups, { join: "and", conditions: [fresh()] }] })}
      >
        Add group
      </Button>
      {total >= SEGMENT_CONDITIONS_MAX && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          message={`A segment holds at most ${SEGMENT_CONDITIONS_MAX} conditions`}
        />
      )}
    </Drawer>
  );
}
