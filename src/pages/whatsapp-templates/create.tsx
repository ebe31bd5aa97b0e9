import { InboxOutlined, PlusOutlined, SendOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Segmented, Select, Space, Typography, Upload } from "antd";
import { useRef } from "react";
import type { TextAreaRef } from "antd/es/input/TextArea";
import { MEDIA_RULES } from "../../../contract/domain/media";
import { WA_LANGUAGES, WA_LIMITS, WA_TEMPLATE_CATEGORIES } from "../../../contract/domain/whatsapp-template";
import { PageHeader } from "../common/page-header";
import { ButtonsEditor } from "./components/buttons-editor";
import { PhonePreview } from "./components/phone-preview";
import { nextVariable, type HeaderChoice } from "./template-draft";
import { useTemplateEditor } from "./use-template-editor";

const CATEGORY_HELP = {
  MARKETING: "Offers, announcements, invitations: anything that promotes.",
  UTILITY: "Updates on something the customer asked for: orders, bookings, bills.",
  AUTHENTICATION: "One-time passcodes, without links or media.",
} as const;
const HEADERS: { label: string; value: HeaderChoice }[] = [
  { label: "None", value: "NONE" },
  { label: "Text", value: "TEXT" },
  { label: "Image", value: "IMAGE" },
  { label: "Video", value: "VIDEO" },
  { label: "Document", value: "DOCUMENT" },
];
const status = (message?: string) => (message ? { validateStatus: "error" as const, help: message } : {});

/** New WhatsApp Template: the editor with Meta's rules explained live and the recipient's view beside it. */
export function WhatsappTemplatesCreate() {
  const e = useTemplateEditor();
  const { draft, update } = e;
  const body = useRef<TextAreaRef>(null);

  const insertVariable = () => {
    const area = body.current?.resizableTextArea?.textArea;
    const at = area?.selectionStart ?? draft.body.length;
    const variable = nextVariable(draft.body);
    update({ body: `${draft.body.slice(0, at)}${variable}${draft.body.slice(at)}` }, "body");
    requestAnimationFrame(() => area?.focus());
  };

  return (
    <>
      <PageHeader description="Write the message once; WhatsApp reviews it before it can be sent. The preview shows exactly what your customer sees." />
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={14}>
          <Form layout="vertical" requiredMark={false} onFinish={e.submit} disabled={e.submitting}>
            <Card title="Basics" style={{ marginBottom: 16 }}>
              <Form.Item label="WhatsApp Business Account" {...status(e.issue("waba_id"))}>
                {e.wabasFailed || (!e.wabasLoading && e.wabas.length === 0) ? (
                  <Input
                    value={draft.wabaId}
                    onChange={(ev) => update({ wabaId: ev.target.value.trim() }, "waba_id")}
                    placeholder="WABA id, e.g. 102290129340398"
                    aria-label="WABA id"
                  />
                ) : (
                  <Select
                    value={e.wabaId || undefined}
                    loading={e.wabasLoading}
                    onChange={(v: string) => update({ wabaId: v }, "waba_id")}
                    placeholder="Choose an account"
                    aria-label="WhatsApp Business Account"
                    options={e.wabas.map((w) => ({ value: w.waba_id, label: `${w.name} · ${w.waba_id}` }))}
                  />
                )}
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    label="Template name"
                    extra={e.issue("name") ? undefined : "Lowercase letters, digits and underscores"}
                    {...status(e.issue("name"))}
                  >
                    <Input
                      value={draft.name}
                      onChange={(ev) => update({ name: ev.target.value }, "name")}
                      placeholder="order_shipped"
                      aria-label="Template name"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="Language" {...status(e.issue("language"))}>
                    <Select
                      showSearch
                      optionFilterProp="label"
                      value={draft.language}
                      onChange={(v: string) => update({ language: v }, "language")}
                      aria-label="Language"
                      options={Object.entries(WA_LANGUAGES).map(([code, name]) => ({
                        value: code,
                        label: `${name} (${code})`,
                      }))}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item
                label="Category"
                extra={CATEGORY_HELP[draft.category as keyof typeof CATEGORY_HELP]}
                {...status(e.issue("category"))}
                style={{ marginBottom: 0 }}
              >
                <Segmented
                  block
                  value={draft.category}
                  onChange={(v) => update({ category: String(v) }, "category")}
                  options={WA_TEMPLATE_CATEGORIES.map((c) => ({ label: c[0] + c.slice(1).toLowerCase(), value: c }))}
                />
              </Form.Item>
            </Card>

            <Card
              title="Header"
              extra={<Typography.Text type="secondary">Optional</Typography.Text>}
              style={{ marginBottom: 16 }}
            >
              <Segmented
                value={draft.header}
                onChange={(v) => update({ header: v as HeaderChoice }, "header")}
                options={HEADERS}
                style={{ marginBottom: draft.header === "NONE" ? 0 : 16 }}
                aria-label="Header type"
              />
              {draft.header === "TEXT" && (
                <>
                  <Form.Item {...status(e.issue("header.text"))}>
                    <Input
                      value={draft.headerText}
                      onChange={(ev) => update({ headerText: ev.target.value }, "header")}
                      showCount={{ formatter: ({ count }) => `${count}/${WA_LIMITS.headerText}` }}
                      placeholder="Your order is on its way"
                      aria-label="Header text"
                    />
                  </Form.Item>
                  {e.headerVariables > 0 && (
                    <Form.Item label="Example for {{1}}" {...status(e.issue("header.example"))}>
                      <Input
                        value={draft.headerExample}
                        onChange={(ev) => update({ headerExample: ev.target.value }, "header")}
                        aria-label="Header example"
                      />
                    </Form.Item>
                  )}
                </>
              )}
              {e.mediaKind && (
                <Form.Item {...status(e.issue("file"))} style={{ marginBottom: 0 }}>
                  <Upload.Dragger
                    accept={MEDIA_RULES.whatsapp[e.mediaKind]?.types.join(",")}
                    maxCount={1}
                    beforeUpload={(f) => {
                      e.setFile(f);
                      return false;
                    }}
                    onRemove={() => e.setFile(undefined)}
                    fileList={e.file ? [{ uid: "header", name: e.file.name, status: "done" }] : []}
                  >
                    <p className="ant-upload-drag-icon">
                      <InboxOutlined />
                    </p>
                    <p className="ant-upload-text">Drop the header {e.mediaKind} here, or click to choose</p>
                    <p className="ant-upload-hint">
                      {MEDIA_RULES.whatsapp[e.mediaKind]?.types.join(", ")} · up to{" "}
                      {Math.round((MEDIA_RULES.whatsapp[e.mediaKind]?.maxBytes ?? 0) / 1048576)} MB
                    </p>
                  </Upload.Dragger>
                </Form.Item>
              )}
            </Card>

            <Card
              title="Body"
              extra={
                <Button size="small" icon={<PlusOutlined />} onClick={insertVariable}>
                  Add variable
                </Button>
              }
              style={{ marginBottom: 16 }}
            >
              <Form.Item
                {...status(e.issue("body.text"))}
                extra={
                  <Flex justify="space-between" gap={12}>
                    <span>Use *bold*, _italic_ and ~strike~. Variables are filled in per recipient.</span>
                    <span>
                      {draft.body.length}/{WA_LIMITS.body}
                    </span>
                  </Flex>
                }
              >
                <Input.TextArea
                  ref={body}
                  value={draft.body}
                  onChange={(ev) => update({ body: ev.target.value }, "body")}
                  autoSize={{ minRows: 4, maxRows: 12 }}
                  placeholder="Hi {{1}}, your order {{2}} has shipped and will reach you soon."
                  aria-label="Body"
                />
              </Form.Item>
              {e.bodyVariables > 0 && (
                <Row gutter={12}>
                  {Array.from({ length: e.bodyVariables }, (_, i) => (
                    <Col xs={24} md={12} key={i}>
                      <Form.Item label={`Example for {{${i + 1}}}`} {...status(e.issue(`body.example.${i + 1}`))}>
                        <Input
                          value={draft.bodyExamples[i] ?? ""}
                          aria-label={`Example ${i + 1}`}
                          onChange={(ev) => {
                            const next = [...draft.bodyExamples];
                            next[i] = ev.target.value;
                            update({ bodyExamples: next }, "body");
                          }}
                        />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              )}
            </Card>

            <Card
              title="Footer"
              extra={<Typography.Text type="secondary">Optional</Typography.Text>}
              style={{ marginBottom: 16 }}
            >
              <Form.Item {...status(e.issue("footer.text"))} style={{ marginBottom: 0 }}>
                <Input
                  value={draft.footer}
                  onChange={(ev) => update({ footer: ev.target.value }, "footer")}
                  showCount={{ formatter: ({ count }) => `${count}/${WA_LIMITS.footer}` }}
                  placeholder="Reply STOP to unsubscribe"
                  aria-label="Footer"
                />
              </Form.Item>
            </Card>

            <Card
              title="Buttons"
              extra={<Typography.Text type="secondary">Optional</Typography.Text>}
              style={{ marginBottom: 16 }}
            >
              {e.issue("buttons") && (
                <Alert type="error" showIcon message={e.issue("buttons")} style={{ marginBottom: 12 }} />
              )}
              <ButtonsEditor
                buttons={draft.buttons}
                onChange={(buttons) => update({ buttons }, "buttons")}
                issue={e.issue}
              />
            </Card>

            {e.serverError && <Alert type="error" showIcon message={e.serverError} style={{ marginBottom: 16 }} />}
            {e.submitted && e.issueCount > 0 && (
              <Alert
                type="warning"
                showIcon
                message={`Fix ${e.issueCount} ${e.issueCount === 1 ? "problem" : "problems"} above before submitting.`}
                style={{ marginBottom: 16 }}
              />
            )}
            <Flex justify="flex-end" gap={8}>
              <Button onClick={e.cancel}>Cancel</Button>
              <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={e.submitting}>
                Submit for review
              </Button>
            </Flex>
          </Form>
        </Col>
        <Col xs={24} xl={10}>
          <div style={{ position: "sticky", top: 88 }}>
            <Space direction="vertical" size={12} style={{ width: "100%" }}>
              <Typography.Text type="secondary" style={{ display: "block", textAlign: "center" }}>
                Preview with your example values
              </Typography.Text>
              <PhonePreview
                draft={draft}
                file={e.file}
                business={e.wabas.find((w) => w.waba_id === e.wabaId)?.name ?? "Your business"}
              />
            </Space>
          </div>
        </Col>
      </Row>
    </>
  );
}
