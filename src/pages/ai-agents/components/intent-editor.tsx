import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Drawer, Form, Input, List, Select, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { AI_LIMITS, INTENT_ACTIONS, type IntentAction } from "../../../../contract/domain/ai";
import { ACTION_LABEL } from "./labels";
import type { IntentRecord } from "./use-intents";

interface Draft {
  name: string;
  description: string;
  action: IntentAction;
  response: string;
  examples: string[];
}

const EMPTY: Draft = { name: "", description: "", action: "knowledge", response: "", examples: [] };
const NAME = /^[a-z0-9][a-z0-9_-]*$/;

/** An intent with its example editor: type a phrase and press Enter, or paste many (one per line). */
export function IntentEditor({
  open,
  intent,
  saving,
  onClose,
  onSave,
}: {
  open: boolean;
  intent: IntentRecord | null;
  saving: boolean;
  onClose: () => void;
  onSave: (values: Draft) => Promise<unknown>;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [example, setExample] = useState("");
  useEffect(() => {
    if (open)
      setDraft(
        intent
          ? {
              name: intent.name,
              description: intent.description,
              action: intent.action,
              response: intent.response,
              examples: intent.examples,
            }
          : EMPTY,
      );
    setExample("");
  }, [open, intent]);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const addExamples = (text: string) => {
    const lines = text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    if (!lines.length) return;
    setDraft((d) => ({
      ...d,
      examples: [
        ...d.examples,
        ...lines.filter((l) => !d.examples.some((e) => e.toLowerCase() === l.toLowerCase())),
      ].slice(0, AI_LIMITS.examplesMax),
    }));
    setExample("");
  };
  const nameProblem =
    draft.name && !NAME.test(draft.name)
      ? "Lower-case letters, digits, _ and -, starting with a letter or digit (order_status)"
      : null;
  const canSave =
    NAME.test(draft.name) && draft.examples.length > 0 && (draft.action !== "template" || draft.response.trim());

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={560}
      title={intent ? `Intent ${intent.name}` : "New intent"}
      extra={
        <Button
          type="primary"
          disabled={!canSave}
          loading={saving}
          onClick={() =>
            void onSave(draft)
              .then(onClose)
              .catch(() => undefined)
          }
        >
          Save intent
        </Button>
      }
    >
      <Form layout="vertical">
        <Form.Item
          label="Name"
          required
          validateStatus={nameProblem ? "error" : undefined}
          help={nameProblem ?? "What the log and knowledge tags call it"}
        >
          <Input
            aria-label="Intent name"
            value={draft.name}
            onChange={(e) => set({ name: e.target.value.trim() })}
            placeholder="order_status"
          />
        </Form.Item>
        <Form.Item label="Description">
          <Input
            aria-label="Intent description"
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="When a message is this intent">
          <Select
            aria-label="Action"
            value={draft.action}
            onChange={(action: IntentAction) => set({ action })}
            options={INTENT_ACTIONS.map((a) => ({ value: a, label: ACTION_LABEL[a] }))}
          />
        </Form.Item>
        {draft.action === "template" && (
          <Form.Item label="Reply" required help="{{agent}} and {{company}} are filled in">
            <Input.TextArea
              aria-label="Reply text"
              value={draft.response}
              onChange={(e) => set({ response: e.target.value })}
              autoSize={{ minRows: 2, maxRows: 6 }}
            />
          </Form.Item>
        )}
        <Form.Item
          label={`Example phrases (${draft.examples.length})`}
          required
          help="Ten or more varied phrasings, the way customers really write, make it sure of itself."
        >
          <Space.Compact style={{ width: "100%" }}>
            <Input.TextArea
              aria-label="New example phrase"
              value={example}
              autoSize={{ minRows: 1, maxRows: 4 }}
              placeholder="Where is my order? (Enter adds it; paste several lines to add them all)"
              onChange={(e) => setExample(e.target.value)}
              onPressEnter={(e) => {
                if (e.shiftKey) return;
                e.preventDefault();
                addExamples(example);
              }}
            />
            <Button icon={<PlusOutlined />} aria-label="Add example" onClick={() => addExamples(example)} />
          </Space.Compact>
        </Form.Item>
      </Form>
      <List
        size="small"
        bordered
        dataSource={draft.examples}
        locale={{ emptyText: "No examples yet" }}
        renderItem={(e, i) => (
          <List.Item
            actions={[
              <Button
                key="x"
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={`Remove “${e}”`}
                onClick={() => set({ examples: draft.examples.filter((_, j) => j !== i) })}
              />,
            ]}
          >
            <Typography.Text>{e}</Typography.Text>
          </List.Item>
        )}
      />
    </Drawer>
  );
}
