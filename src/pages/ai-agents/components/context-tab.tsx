import { ExclamationCircleOutlined, WarningOutlined } from "@ant-design/icons";
import { Alert, Card, Col, List, Progress, Row, Skeleton, Space, Typography } from "antd";
import { useCall } from "../../../api";
import { LazySchemaForm } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import type { AgentApi, AgentRecord } from "./use-agent";

const UI = {
  description: { "ui:widget": "textarea", "ui:options": { rows: 3 } },
  policies: { "ui:widget": "textarea", "ui:options": { rows: 4 } },
  address: { "ui:widget": "textarea", "ui:options": { rows: 2 } },
  products: { "ui:options": { orderable: false } },
  languages: { "ui:options": { orderable: false } },
};

/** What the agent is told about the business: the form, how complete it is, and the paragraph the agent reads. */
export function ContextTab({ agent, api }: { agent: AgentRecord; api: AgentApi }) {
  const context = useCall(
    "ai.businessContext.getForAgent",
    { params: { id: agent._id } },
    { errorNotification: false },
  );
  const record = context.query.data?.data.data ?? null;
  const validation = useCall(
    "ai.businessContext.validate",
    { params: { id: record?._id ?? "" } },
    { errorNotification: false, queryOptions: { enabled: Boolean(record) } },
  );
  const summary = useCall(
    "ai.businessContext.summary",
    {},
    { errorNotification: false, queryOptions: { enabled: Boolean(record) } },
  );
  const paragraph = summary.query.data?.data.data.find((s) => s._id === record?._id)?.summary;
  const result = validation.query.data?.data.data;

  if (context.query.isLoading) return <Skeleton active />;
  if (context.query.error)
    return (
      <Alert
        type="error"
        showIcon
        message="Could not load the business context"
        description={context.query.error.message}
      />
    );
  const {
    _id: _ignored,
    agentId: _agent,
    agentName: _name,
    completeness: _c,
    createdAt: _cr,
    updatedAt: _up,
    ...values
  } = record ?? ({} as Partial<NonNullable<typeof record>>);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card size="small" title="About the business">
          {!record && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message="Tell the agent who you are"
              description="With a company name, opening hours, contact details and policies it can answer the questions customers ask most, and say when your team is around."
            />
          )}
          <LazySchemaForm
            schema={FORM_SCHEMAS.aiBusinessContext}
            uiSchema={UI}
            formData={record ? values : undefined}
            columns={2}
            submitText="Save business context"
            submitting={api.saving}
            onSubmit={(v) =>
              void api
                .call("ai.businessContext.updateForAgent", { body: v, params: { id: agent._id } })
                .then(() => {
                  void context.query.refetch();
                  void validation.query.refetch();
                  void summary.query.refetch();
                })
                .catch(() => undefined)
            }
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Space direction="vertical" size={16} style={{ width: "100%" }}>
          {result && (
            <Card size="small" title="How complete it is">
              <Progress percent={result.completeness} format={(p) => `${p} %`} />
              <List
                size="small"
                dataSource={result.issues}
                locale={{ emptyText: "Nothing is missing." }}
                renderItem={(issue) => (
                  <List.Item>
                    <Space align="start">
                      {issue.level === "error" ? (
                        <ExclamationCircleOutlined style={{ color: "#cf1322" }} />
                      ) : (
                        <WarningOutlined style={{ color: "#d48806" }} />
                      )}
                      {issue.message}
                    </Space>
                  </List.Item>
                )}
              />
            </Card>
          )}
          {paragraph && (
            <Card size="small" title="What the agent reads">
              <Typography.Paragraph style={{ marginBottom: 0 }}>{paragraph}</Typography.Paragraph>
            </Card>
          )}
        </Space>
      </Col>
    </Row>
  );
}
