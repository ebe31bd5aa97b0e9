import { PlusOutlined } from "@ant-design/icons";
import type { HttpError } from "@refinedev/core";
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Tag, Typography } from "antd";
import { useEffect } from "react";
import {
  DLT_ID_TYPICAL_LENGTH,
  SMS_BODY_MAX,
  SMS_CATEGORIES,
  SMS_CATEGORY_LABELS,
  SMS_HEADER_LENGTH,
  SMS_NAME_MAX,
} from "../../../../contract/domain/sms";
import type { SmsAccountChoice } from "../use-sms-templates";
import { SmsCounter } from "./sms-counter";
import { SmsPreview } from "./sms-preview";
import { useTemplateEditor, type TemplateValues } from "./use-template-editor";

const CATEGORY_HELP: Record<string, string> = {
  transactional: "OTPs and alerts from banks only; delivered round the clock, also to DND numbers.",
  "service-implicit": "Updates on a product or service the customer uses (order, delivery, booking).",
  "service-explicit": "Messages the customer agreed to receive; 10:00 to 21:00 IST only.",
  promotional: "Offers and marketing; not to DND numbers, 10:00 to 21:00 IST only.",
};

export interface TemplateEditorProps {
  accounts: readonly SmsAccountChoice[];
  initial?: Partial<TemplateValues>;
  /** On edit the template stays on its account. */
  lockAccount?: boolean;
  submitText: string;
  submitting: boolean;
  onSave: (values: TemplateValues) => Promise<HttpError | null>;
  onCancel: () => void;
  /** Where the preview sticks while the form scrolls: below the app header on a page, at the top in a drawer. */
  stickyTop?: number;
}

/** The SMS template form with the live counter beside a phone preview; the rules explain as one types. */
export function TemplateEditor({
  accounts,
  initial,
  lockAccount,
  submitText,
  submitting,
  onSave,
  onCancel,
  stickyTop = 80,
}: TemplateEditorProps) {
  const ed = useTemplateEditor(accounts, onSave);
  const { form, values, account } = ed;

  useEffect(() => {
    if (initial) form.setFieldsValue(initial);
  }, [initial, form]);

  // A sender id of another account is no choice once the account changes.
  useEffect(() => {
    if (account && values.senderId && !account.senderIds.includes(values.senderId))
      form.setFieldValue("senderId", undefined);
    if (account && !values.senderId && account.senderIds.length === 1)
      form.setFieldValue("senderId", account.senderIds[0]);
  }, [account, values.senderId, form]);

  const item = (field: Parameters<typeof ed.hint>[0], help?: string) => {
    const h = ed.hint(field);
    return { name: field, validateStatus: h ? ("error" as const) : undefined, help: h ?? help };
  };

  return (
    <Row gutter={[20, 20]}>
      <Col xs={24} xl={14}>
        <Card title="Template">
          {ed.serverError && (
            <Alert
              type="error"
              showIcon
              message={ed.serverError.message}
              style={{ marginBottom: 16 }}
              data-testid="sms-template-error"
            />
          )}
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={() => void ed.save()}
            initialValues={{ category: "transactional" }}
          >
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item label="SMS account" {...item("smsAccountId")}>
                  <Select
                    aria-label="SMS account"
                    placeholder={accounts.length ? "Choose an account" : "No SMS account yet"}
                    disabled={lockAccount}
                    options={accounts.map((a) => ({
                      value: a.id,
                      label: (
                        <span>
                          {a.name} {!a.isActive && <Tag style={{ marginLeft: 4 }}>inactive</Tag>}
                        </span>
                      ),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label="Template name" {...item("name")}>
                  <Input aria-label="Template name" maxLength={SMS_NAME_MAX} placeholder="Order shipped" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label="Category" {...item("category", CATEGORY_HELP[values.category])}>
                  <Select
                    aria-label="Category"
                    options={SMS_CATEGORIES.map((c) => ({ value: c, label: SMS_CATEGORY_LABELS[c] }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  label="Sender id (header)"
                  {...item(
                    "senderId",
                    account && !account.senderIds.length
                      ? "This account has no sender ids yet: add them on the SMS channel page."
                      : `${SMS_HEADER_LENGTH} letters, registered on DLT`,
                  )}
                >
                  <Select
                    aria-label="Sender id"
                    placeholder={account ? "Choose a header" : "Choose an account first"}
                    disabled={!account}
                    options={(account?.senderIds ?? []).map((h) => ({
                      value: h,
                      label: <span style={{ fontFamily: "monospace" }}>{h}</span>,
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item
                  label="DLT template id"
                  {...item(
                    "dltTemplateId",
                    `The id DLT gave this content template (${DLT_ID_TYPICAL_LENGTH} digits today).`,
                  )}
                >
                  <Input
                    aria-label="DLT template id"
                    inputMode="numeric"
                    maxLength={25}
                    placeholder="1107160000000000001"
                    style={{ fontFamily: "monospace" }}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Flex justify="space-between" align="center" style={{ marginBottom: 6 }}>
              <Typography.Text>Message</Typography.Text>
              <Button size="small" icon={<PlusOutlined />} onClick={ed.insertVariable}>
                Insert {"{#var#}"}
              </Button>
            </Flex>
            <Form.Item {...item("body")} label={undefined}>
              <Input.TextArea
                ref={ed.bodyRef}
                aria-label="Message"
                autoSize={{ minRows: 5, maxRows: 14 }}
                maxLength={SMS_BODY_MAX}
                placeholder="Dear {#var#}, your order {#var#} has shipped. - Acme"
              />
            </Form.Item>
            <SmsCounter body={values.body} />
            <Typography.Paragraph
              type="secondary"
              style={{ margin: "8px 0 0", fontSize: 12 }}
              data-testid="sms-template-url-note"
            >
              Links: since 1 October 2024 TRAI requires every web address in an SMS to be whitelisted on the DLT
              platform. A campaign that tracks this template&apos;s links sends the console&apos;s short-link domain
              instead of your address, so whitelist that domain too: the one your administrator set for short links, or
              this console&apos;s own address when none is set.
            </Typography.Paragraph>
            <Flex justify="flex-end" gap={8} style={{ marginTop: 20 }}>
              <Button onClick={onCancel}>Cancel</Button>
              <Button type="primary" htmlType="submit" loading={submitting}>
                {submitText}
              </Button>
            </Flex>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title="Preview" style={{ position: "sticky", top: stickyTop }}>
          <SmsPreview senderId={values.senderId} body={values.body} />
        </Card>
      </Col>
    </Row>
  );
}
