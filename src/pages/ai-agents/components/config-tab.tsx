import {
  CheckCircleOutlined,
  ExclamationCircleOutlined,
  PlusOutlined,
  StarOutlined,
  ThunderboltOutlined,
  WarningOutlined,
} from "@ant-design/icons";
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Popconfirm,
  Progress,
  Segmented,
  Select,
  Space,
  Tag,
  Typography,
} from "antd";
import { useEffect, useState } from "react";
import { PromptDiff } from "./prompt-diff";
import type { AgentApi, AgentRecord } from "./use-agent";
import { useConfigs, type ConfigRecord } from "./use-configs";

interface Draft {
  name: string;
  prompt: string;
  model: string;
  temperature: number;
  maxTokens: number;
  fallbackMessage: string;
}

const draftOf = (c: ConfigRecord): Draft => ({
  name: c.name,
  prompt: c.prompt,
  model: c.model ?? "",
  temperature: c.temperature,
  maxTokens: c.maxTokens,
  fallbackMessage: c.fallbackMessage,
});

/**
 * The agent's prompt and model settings: edit, enhance (side-by-side diff, then keep or drop), validate, and choose the
 * default.
 */
export function ConfigTab({ agent, api }: { agent: AgentRecord; api: AgentApi }) {
  const cfg = useConfigs(agent._id, api);
  const [selected, setSelected] = useState<string | null>(null);
  const current = cfg.configs.find((c) => c._id === selected) ?? cfg.configs.find((c) => c.isDefault) ?? cfg.configs[0];
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (current) setDraft(draftOf(current));
    // A different configuration (or one just saved) starts the editor again.
  }, [current?._id, current?.updatedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  if (cfg.loading) return <Card loading />;
  if (cfg.error)
    return <Alert type="error" showIcon message="Could not load the configurations" description={cfg.error.message} />;
  if (!current || !draft) {
    return (
      <Empty description="No configuration yet. Write how the agent should speak and what it may do; then let Enhance prompt fill in what is missing.">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() =>
            void cfg
              .create({ name: "Default", prompt: `You are ${agent.name}. Help our customers.` })
              .catch(() => undefined)
          }
        >
          Create a configuration
        </Button>
      </Empty>
    );
  }
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const save = () => cfg.save(current._id, { ...draft, model: draft.model.trim() }).catch(() => undefined);

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Space wrap>
        <Select
          aria-label="Configuration"
          value={current._id}
          style={{ minWidth: 240 }}
          onChange={(id: string) => setSelected(id)}
          options={cfg.configs.map((c) => ({ value: c._id, label: `${c.name}${c.isDefault ? " (default)" : ""}` }))}
        />
        {!current.isDefault && (
          <Button icon={<StarOutlined />} onClick={() => void cfg.makeDefault(current._id).catch(() => undefined)}>
            Make default
          </Button>
        )}
        <Button
          icon={<PlusOutlined />}
          onClick={() =>
            void cfg
              .create({ name: `Configuration ${cfg.configs.length + 1}`, prompt: draft.prompt })
              .catch(() => undefined)
          }
        >
          Copy as new
        </Button>
        {cfg.configs.length > 1 && (
          <Popconfirm
            title={`Delete ${current.name}?`}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              cfg
                .remove(current._id)
                .then(() => setSelected(null))
                .catch(() => undefined)
            }
          >
            <Button danger>Delete</Button>
          </Popconfirm>
        )}
      </Space>
      <Card
        size="small"
        title="System prompt"
        extra={
          <Typography.Text type="secondary">
            {current.isDefault ? "Used in conversations" : "Not the default: not used until made default"}
          </Typography.Text>
        }
      >
        <Form layout="vertical" onFinish={save}>
          <Form.Item
            label="Prompt"
            help="Who the agent is, what it may answer, how it speaks. Its knowledge and business context are added for it."
          >
            <Input.TextArea
              aria-label="Prompt"
              value={draft.prompt}
              onChange={(e) => set({ prompt: e.target.value })}
              autoSize={{ minRows: 6, maxRows: 16 }}
            />
          </Form.Item>
          <Space wrap size={16} align="start">
            <Form.Item label="Name">
              <Input
                aria-label="Configuration name"
                value={draft.name}
                onChange={(e) => set({ name: e.target.value })}
                style={{ width: 200 }}
              />
            </Form.Item>
            <Form.Item label="Model" help="Empty: the server's LLM_MODEL">
              <Input
                aria-label="Model"
                value={draft.model}
                onChange={(e) => set({ model: e.target.value })}
                style={{ width: 200 }}
              />
            </Form.Item>
            <Form.Item label="Temperature">
              <InputNumber
                aria-label="Temperature"
                min={0}
                max={2}
                step={0.1}
                value={draft.temperature}
                onChange={(v) => set({ temperature: v ?? 0.3 })}
              />
            </Form.Item>
            <Form.Item label="Longest answer (tokens)">
              <InputNumber
                aria-label="Longest answer"
                min={16}
                max={4000}
                value={draft.maxTokens}
                onChange={(v) => set({ maxTokens: v ?? 300 })}
              />
            </Form.Item>
          </Space>
          <Form.Item label="Said before handing over when it cannot answer">
            <Input
              aria-label="Fallback message"
              value={draft.fallbackMessage}
              onChange={(e) => set({ fallbackMessage: e.target.value })}
              placeholder="Sorry, I don't have that answer."
            />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={api.saving}>
              Save
            </Button>
            <Button
              icon={<ThunderboltOutlined />}
              loading={cfg.busy === "enhance"}
              onClick={() => void cfg.enhance(draft.prompt).catch(() => undefined)}
            >
              Enhance prompt
            </Button>
            <Button
              icon={<CheckCircleOutlined />}
              loading={cfg.busy === "validate"}
              onClick={() => void cfg.validate(current._id).catch(() => undefined)}
            >
              Validate
            </Button>
          </Space>
        </Form>
      </Card>
      {current.enhancedPrompt && !cfg.enhanced && (
        <Card size="small" title="Which prompt answers customers">
          <Segmented
            value={current.useEnhanced ? "enhanced" : "original"}
            options={[
              { value: "original", label: "Original" },
              { value: "enhanced", label: "Enhanced" },
            ]}
            onChange={(v) => void cfg.save(current._id, { useEnhanced: v === "enhanced" }).catch(() => undefined)}
          />
        </Card>
      )}
      {cfg.enhanced && (
        <Card
          size="small"
          title={
            <Space>
              Enhanced prompt{" "}
              <Tag color={cfg.enhanced.engine === "model" ? "purple" : "blue"}>
                {cfg.enhanced.engine === "model" ? "by the model" : "by rules"}
              </Tag>
            </Space>
          }
          extra={
            <Space>
              <Button onClick={cfg.clearEnhanced}>Dismiss</Button>
              <Button
                onClick={() => {
                  set({ prompt: cfg.enhanced?.enhancedPrompt ?? draft.prompt });
                  cfg.clearEnhanced();
                }}
              >
                Copy into the editor
              </Button>
              <Button
                type="primary"
                onClick={() =>
                  void cfg
                    .save(current._id, { enhancedPrompt: cfg.enhanced?.enhancedPrompt, useEnhanced: true })
                    .then(cfg.clearEnhanced)
                    .catch(() => undefined)
                }
              >
                Use the enhanced prompt
              </Button>
            </Space>
          }
        >
          <Typography.Paragraph type="secondary">What changed:</Typography.Paragraph>
          <ul style={{ marginTop: 0 }}>
            {cfg.enhanced.changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <PromptDiff original={cfg.enhanced.originalPrompt} enhanced={cfg.enhanced.enhancedPrompt} />
        </Card>
      )}
      {cfg.validation && (
        <Card
          size="small"
          title={
            <Space>
              Validation{" "}
              <Tag color={cfg.validation.valid ? "green" : "red"}>
                {cfg.validation.valid ? "Ready" : "Needs attention"}
              </Tag>
            </Space>
          }
        >
          <Progress
            percent={cfg.validation.completeness}
            size="small"
            style={{ maxWidth: 360 }}
            format={(p) => `${p} % complete`}
          />
          <List
            size="small"
            dataSource={cfg.validation.issues}
            locale={{ emptyText: "Nothing is missing or contradictory." }}
            renderItem={(issue) => (
              <List.Item>
                <Space align="start">
                  {issue.level === "error" ? (
                    <ExclamationCircleOutlined style={{ color: "#cf1322" }} />
                  ) : (
                    <WarningOutlined style={{ color: "#d48806" }} />
                  )}
                  <span>
                    <Typography.Text code>{issue.field}</Typography.Text> {issue.message}
                  </span>
                </Space>
              </List.Item>
            )}
          />
        </Card>
      )}
    </Space>
  );
}
