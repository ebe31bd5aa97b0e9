import { Alert, Col, Form, Row, Typography } from "antd";
import type { Dispatch } from "react";
import type { TemplateOption } from "./channel-sources";
import { ValueInput } from "./value-input";
import { previewValue } from "./variables";
import type { Action, WizardState } from "./wizard-state";

/** Step 2: one input per placeholder, with the message previewed live (columns shown by name until a file is read). */
export function VariablesStep({
  template,
  state,
  dispatch,
  sample,
}: {
  template?: TemplateOption;
  state: WizardState;
  dispatch: Dispatch<Action>;
  sample?: Record<string, string>;
}) {
  const { draft, errors } = state;
  const texts = draft.variables.map((v) => previewValue(v, sample));
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={14}>
        {draft.variables.length === 0 ? (
          <Alert
            type="info"
            showIcon
            message="This template has no variables"
            description="Every recipient gets the same message. Go on to the audience."
          />
        ) : (
          <Form layout="vertical">
            <Typography.Paragraph type="secondary">
              Give each placeholder a fixed text, or take it from a column of your audience file (its header name).
              Pasted numbers have no columns.
            </Typography.Paragraph>
            {draft.variables.map((v, i) => (
              <Form.Item
                key={i}
                label={`Variable {{${i + 1}}}`}
                required
                validateStatus={errors[`variables.${i}`] ? "error" : undefined}
                help={errors[`variables.${i}`]}
              >
                <ValueInput
                  label={`Variable ${i + 1}`}
                  value={v}
                  columns={draft.columns}
                  status={errors[`variables.${i}`] ? "error" : undefined}
                  onChange={(value) => dispatch({ type: "variable", index: i, value })}
                />
              </Form.Item>
            ))}
          </Form>
        )}
      </Col>
      <Col xs={24} lg={10}>
        <Typography.Title level={5}>Preview</Typography.Title>
        {template?.preview(texts, draft.headerMedia?.file)}
      </Col>
    </Row>
  );
}
