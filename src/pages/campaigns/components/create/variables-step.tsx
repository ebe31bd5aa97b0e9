import { Alert, Checkbox, Col, Form, Row, Typography } from "antd";
import type { Dispatch } from "react";
import { SMS_VARIABLE_MAX } from "../../../../../contract/domain/sms";
import type { TemplateOption } from "./channel-sources";
import { segmentColumns, useContactFields, type ContactFieldOption } from "./use-contact-fields";
import { ValueInput } from "./value-input";
import { previewValue, type VariableValue } from "./variables";
import type { Action, WizardState } from "./wizard-state";

/** The contact fields the values use that can run past DLT's per-variable limit. */
export function longContactFields(
  values: readonly VariableValue[],
  fields: readonly ContactFieldOption[],
): ContactFieldOption[] {
  return fields.filter((f) => f.mayBeLong && values.some((v) => v.kind === "contact" && v.value === f.key));
}

/**
 * Step 2: one input per placeholder, with the message previewed live (columns shown by name until a file is read,
 * contact fields with the first contact's values).
 */
export function VariablesStep({
  template,
  state,
  dispatch,
  sample,
  dltRoute = false,
  trackable = false,
}: {
  template?: TemplateOption;
  state: WizardState;
  dispatch: Dispatch<Action>;
  sample?: Record<string, string>;
  /** SMS, which may go out on a DLT route: each value at most SMS_VARIABLE_MAX characters there. */
  dltRoute?: boolean;
  /** SMS and RCS: web address values can go out as tracked short links. */
  trackable?: boolean;
}) {
  const { draft, errors } = state;
  const contacts = useContactFields();
  const texts = draft.variables.map((v) => previewValue(v, sample, contacts.sample?.values));
  const long = dltRoute ? longContactFields(draft.variables, contacts.options) : [];
  // A segment has no file header: its columns are its contacts' fields (the server reads it so).
  const segment = draft.audienceMode === "segment";
  const columns = segment ? segmentColumns(contacts.options) : draft.columns;
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
              Give each placeholder a fixed text, take it from a column of your audience file (its header name), or from
              the recipient&apos;s contact (name, email, language or an attribute). Pasted numbers have no columns, but
              their contacts work. A contact field with no value and no fallback leaves that recipient out (the ingest
              report lists them).
            </Typography.Paragraph>
            {segment && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                message="The audience is a segment"
                description="A segment has no file: its columns are its contacts' number, name, email, language and attributes. Contact values with a fallback are the usual choice."
              />
            )}
            {long.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                message={`DLT routes allow at most ${SMS_VARIABLE_MAX} characters per variable`}
                description={`${long.map((f) => f.label).join(", ")} can be longer: recipients whose value is over ${SMS_VARIABLE_MAX} characters are left out and listed in the ingest report.`}
              />
            )}
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
                  columns={columns}
                  segment={segment}
                  contactFields={contacts.options}
                  status={errors[`variables.${i}`] ? "error" : undefined}
                  onChange={(value) => dispatch({ type: "variable", index: i, value })}
                />
              </Form.Item>
            ))}
            {trackable && (
              <Form.Item style={{ marginBottom: 0 }}>
                <Checkbox
                  checked={draft.trackLinks}
                  onChange={(e) => dispatch({ type: "edit", patch: { trackLinks: e.target.checked } })}
                >
                  Track links
                </Checkbox>
                <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0 24px" }}>
                  A value that is a web address (https://…) goes out as the recipient&apos;s own short link, and the
                  report counts who clicked (link previews and scanners are not counted). The short link is what counts
                  towards the SMS parts and DLT&apos;s {SMS_VARIABLE_MAX}-character limit
                  {dltRoute ? "; on a DLT route, the short link domain must be whitelisted on the DLT platform" : ""}.
                </Typography.Paragraph>
              </Form.Item>
            )}
          </Form>
        )}
      </Col>
      <Col xs={24} lg={10}>
        <Typography.Title level={5}>Preview</Typography.Title>
        {contacts.sample && draft.variables.some((v) => v.kind === "contact") && (
          <Typography.Paragraph type="secondary">
            With the values of {contacts.sample.who}, your first contact.
          </Typography.Paragraph>
        )}
        {template?.preview(texts, draft.headerMedia?.file)}
      </Col>
    </Row>
  );
}
