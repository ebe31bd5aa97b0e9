import { Card, Col, Descriptions, Row, Statistic, Tag, Typography } from "antd";
import { describeHours } from "../../../../contract/domain/ai";
import { LazySchemaForm } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import { AGENT_UI } from "./agent-form-ui";
import { percent, SCOPE_LABEL } from "./labels";
import type { AgentApi, AgentRecord } from "./use-agent";

/** The agent at a glance (what it knows, how it did, when it hands over) and its settings form. */
export function SettingsTab({ agent, api }: { agent: AgentRecord; api: AgentApi }) {
  const { stats, handoff } = agent;
  const values = {
    name: agent.name,
    description: agent.description,
    enabled: agent.enabled,
    channels: agent.channels,
    scope: agent.scope,
    scopeKeywords: agent.scopeKeywords,
    scopeIntents: agent.scopeIntents,
    persona: agent.persona,
    handoff,
  };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={9}>
        <Row gutter={[12, 12]}>
          {(
            [
              ["Passages", stats.passages],
              ["Intents", stats.intents],
              ["Answered", stats.answered],
              ["Handed over", stats.handedOff],
            ] as const
          ).map(([title, value]) => (
            <Col span={12} key={title}>
              <Card size="small">
                <Statistic title={title} value={value} />
              </Card>
            </Col>
          ))}
        </Row>
        <Card size="small" title="When it hands over" style={{ marginTop: 12 }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Takes">
              {SCOPE_LABEL[agent.scope]}
              {agent.scope === "keyword"
                ? `: ${agent.scopeKeywords.join(", ")}`
                : agent.scope === "intent"
                  ? `: ${agent.scopeIntents.join(", ")}`
                  : ""}
            </Descriptions.Item>
            <Descriptions.Item label="Confidence below">{percent(handoff.confidenceThreshold)}</Descriptions.Item>
            <Descriptions.Item label="Keywords">
              {handoff.keywords.length ? handoff.keywords.map((k) => <Tag key={k}>{k}</Tag>) : "none"}
            </Descriptions.Item>
            <Descriptions.Item label="Team hours">
              {handoff.businessHours.enabled ? describeHours(handoff.businessHours) : "always"}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0, fontSize: 12 }}>
            It also hands over when its knowledge has no answer. Each hand-over leaves a note in the conversation saying
            why.
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} xl={15}>
        <Card size="small" title="Settings">
          <LazySchemaForm
            schema={FORM_SCHEMAS.aiAgent}
            uiSchema={AGENT_UI}
            formData={values}
            submitText="Save settings"
            submitting={api.saving}
            onSubmit={(v) => void api.update(v).catch(() => undefined)}
          />
        </Card>
      </Col>
    </Row>
  );
}
