import { Alert, Card, Col, Empty, Flex, Form, Input, Radio, Row, Select, Spin, Tooltip, Typography } from "antd";
import type { Dispatch } from "react";
import { StatusTag } from "../../../templates/components/template-look";
import type { ChannelSource, TemplateOption } from "./channel-sources";
import { HeaderMediaPicker } from "./header-media-picker";
import type { Action, WizardState } from "./wizard-state";

const fieldProps = (errors: Record<string, string>, key: string) =>
  errors[key] ? { validateStatus: "error" as const, help: errors[key] } : {};

function TemplateRow({ t }: { t: TemplateOption }) {
  const row = (
    <Flex justify="space-between" align="center" gap={12} style={{ width: "100%" }}>
      <span>
        <Typography.Text strong disabled={!t.selectable}>
          {t.name}
        </Typography.Text>
        {t.detail && (
          <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
            {t.detail}
          </Typography.Text>
        )}
      </span>
      <StatusTag status={t.status} />
    </Flex>
  );
  return t.reason ? <Tooltip title={t.reason}>{row}</Tooltip> : row;
}

/** Step 1: name, channel account (and WhatsApp sending number), and an approved template with its preview. */
export function TemplateStep({
  source,
  state,
  dispatch,
}: {
  source: ChannelSource;
  state: WizardState;
  dispatch: Dispatch<Action>;
}) {
  const { draft, errors } = state;
  const chosen = source.templates.find((t) => t.id === draft.templateId);
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={14}>
        <Form layout="vertical" requiredMark>
          <Form.Item label="Campaign name" htmlFor="campaign-name" required {...fieldProps(errors, "name")}>
            <Input
              id="campaign-name"
              value={draft.name}
              maxLength={100}
              showCount
              placeholder="e.g. Diwali offer, November"
              onChange={(e) => dispatch({ type: "edit", patch: { name: e.target.value } })}
            />
          </Form.Item>
          {source.error && <Alert type="error" showIcon message={source.error} style={{ marginBottom: 16 }} />}
          <Form.Item
            label={source.accountLabel}
            htmlFor="campaign-account"
            required
            {...fieldProps(errors, "accountId")}
          >
            <Select
              id="campaign-account"
              aria-label={source.accountLabel}
              loading={source.loading}
              value={draft.accountId || undefined}
              placeholder={`Choose the ${source.accountLabel}`}
              onChange={(v: string) => dispatch({ type: "account", accountId: v })}
              options={source.accounts.map((a) => ({
                value: a.value,
                disabled: a.disabled,
                label: a.hint ? `${a.label} (${a.hint})` : a.label,
              }))}
              notFoundContent={
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description="No account connected yet: connect one under Channels."
                />
              }
            />
          </Form.Item>
          {source.senders && (
            <Form.Item label="Sending number" htmlFor="campaign-sender" required {...fieldProps(errors, "senderId")}>
              <Select
                id="campaign-sender"
                aria-label="Sending number"
                value={draft.senderId || undefined}
                disabled={!draft.accountId}
                placeholder="Select a sending number"
                onChange={(v: string) => dispatch({ type: "edit", patch: { senderId: v } })}
                options={source.senders.map((s) => ({ value: s.value, label: s.label }))}
              />
            </Form.Item>
          )}
          <Form.Item label="Template" required {...fieldProps(errors, "templateId")}>
            {!draft.accountId ? (
              <Typography.Text type="secondary">Choose the account first.</Typography.Text>
            ) : source.templatesLoading ? (
              <Spin />
            ) : source.templates.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={source.emptyTemplates} />
            ) : (
              <Radio.Group
                aria-label="Template"
                value={draft.templateId || undefined}
                onChange={(e) => {
                  const t = source.templates.find((x) => x.id === e.target.value);
                  if (t) dispatch({ type: "template", templateId: t.id, placeholderCount: t.placeholderCount });
                }}
                style={{ width: "100%" }}
              >
                <Flex vertical gap={8}>
                  {source.templates.map((t) => (
                    <Card
                      key={t.id}
                      size="small"
                      styles={{ body: { padding: "8px 12px" } }}
                      style={{ opacity: t.selectable ? 1 : 0.65 }}
                    >
                      <Radio
                        value={t.id}
                        disabled={!t.selectable}
                        style={{ width: "100%" }}
                        className="campaign-template-radio"
                        aria-label={t.name}
                      >
                        <TemplateRow t={t} />
                      </Radio>
                    </Card>
                  ))}
                </Flex>
              </Radio.Group>
            )}
          </Form.Item>
        </Form>
      </Col>
      <Col xs={24} lg={10}>
        <Typography.Title level={5}>Preview</Typography.Title>
        {chosen ? (
          chosen.preview([], draft.headerMedia?.file)
        ) : (
          <Typography.Text type="secondary">Choose a template to see the message.</Typography.Text>
        )}
        {chosen?.headerFormat && (
          <HeaderMediaPicker
            format={chosen.headerFormat}
            wabaId={draft.accountId}
            chosen={draft.headerMedia}
            onChange={(headerMedia) => dispatch({ type: "edit", patch: { headerMedia } })}
          />
        )}
      </Col>
    </Row>
  );
}
