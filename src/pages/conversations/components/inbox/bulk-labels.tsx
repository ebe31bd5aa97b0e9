import { Button, Flex, Select, Typography } from "antd";
import { useState } from "react";
import { CONTACT_LABEL_MAX_LENGTH } from "../../../../../contract/domain/contacts";
import type { InboxLabel } from "./use-labels";

/**
 * The selection's bar: how many are chosen, a label (an existing one or a new name), and add or remove it on all of
 * them at once. The labels land on the customers' contacts, so every conversation with that customer shows them.
 */
export function BulkLabels(props: {
  count: number;
  labels: readonly InboxLabel[];
  busy: boolean;
  onApply: (label: string, add: boolean) => void;
  onDone: () => void;
}) {
  const [label, setLabel] = useState<string[]>([]);
  const chosen = label[0]?.trim().slice(0, CONTACT_LABEL_MAX_LENGTH);
  return (
    <Flex vertical gap={6} style={{ padding: "8px 12px", borderBlockEnd: "1px solid rgba(128,128,128,0.2)" }}>
      <Typography.Text strong aria-live="polite">
        {props.count === 0 ? "Choose conversations to label" : `${props.count} selected`}
      </Typography.Text>
      <Select
        size="small"
        mode="tags"
        maxCount={1}
        aria-label="Label for the selected conversations"
        placeholder="Choose or type a label"
        value={label}
        onChange={(v: string[]) => setLabel(v.slice(-1))}
        options={props.labels.map((l) => ({ value: l.name, label: l.name }))}
      />
      <Flex gap={6}>
        <Button
          size="small"
          type="primary"
          disabled={!chosen || props.count === 0}
          loading={props.busy}
          onClick={() => chosen && props.onApply(chosen, true)}
        >
          Add label
        </Button>
        <Button
          size="small"
          disabled={!chosen || props.count === 0}
          onClick={() => chosen && props.onApply(chosen, false)}
        >
          Remove label
        </Button>
        <Button size="small" type="text" onClick={props.onDone} style={{ marginInlineStart: "auto" }}>
          Done
        </Button>
      </Flex>
    </Flex>
  );
}
