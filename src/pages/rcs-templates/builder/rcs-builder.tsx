import { AlignLeftOutlined, AppstoreOutlined, BookOutlined, CreditCardOutlined, SaveOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Segmented, Select, Skeleton, Tag, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { charCount, RCS_LIMITS, type RcsTemplateType } from "../../../../contract/domain/rcs";
import { PageHeader } from "../../common/page-header";
import { CardEditor } from "./card-editor";
import { CarouselEditor } from "./carousel-editor";
import { fieldStatus } from "./field-errors";
import { LayoutControls } from "./layout-controls";
import { LibraryDrawer } from "./library-drawer";
import { PhonePreview } from "./phone-preview";
import { SuggestionsEditor } from "./suggestions-editor";
import { useRcsBuilder } from "./use-rcs-builder";

const TYPES: { value: RcsTemplateType; label: string; icon: React.ReactNode }[] = [
  { value: "text", label: "Text", icon: <AlignLeftOutlined /> },
  { value: "standalone", label: "Rich card", icon: <CreditCardOutlined /> },
  { value: "carousel", label: "Carousel", icon: <AppstoreOutlined /> },
];

/** "carouselList.1.suggestions.0.text" → "Card 2, suggestion 1, label": where the person finds the field. */
function describeField(field: string): string {
  const names: Record<string, string> = {
    carouselList: "Cards",
    standAlone: "Card",
    suggestions: "Suggestions",
    text: "label",
    cardTitle: "title",
    cardDescription: "description",
    mediaUrl: "media URL",
    botId: "Bot",
    name: "Name",
    textMessageContent: "Message text",
    height: "Media height",
  };
  const parts = field.split(".");
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const next = parts[i + 1];
    if (parts[i] === "carouselList" && next !== undefined && /^\d+$/.test(next)) {
      out.push(`Card ${Number(next) + 1}`);
      i++;
    } else if (parts[i] === "suggestions" && next !== undefined && /^\d+$/.test(next)) {
      out.push(`suggestion ${Number(next) + 1}`);
      i++;
    } else out.push(names[parts[i]] ?? parts[i]);
  }
  return out.join(", ");
}

/** The bot template builder: the form on the left, what the recipient will see on the right. */
export function RcsBuilder() {
  const model = useRcsBuilder();
  const { draft, update, shown, origin } = model;
  const [libraryOpen, setLibraryOpen] = useState(false);
  const navigate = useNavigate();
  const botName = model.bots.find((b) => b._id === draft.botId)?.name ?? "";
  const textCount = charCount(draft.textMessageContent);

  return (
    <>
      <PageHeader
        title={model.editId ? `Edit ${draft.name || "RCS template"}` : undefined}
        description="Build a text message, a rich card or a carousel; the phone shows exactly what the recipient sees."
        extra={
          <>
            <Button icon={<BookOutlined />} onClick={() => setLibraryOpen(true)}>
              Start from library
            </Button>
            <Button onClick={() => navigate("..", { relative: "path" })}>Cancel</Button>
            <Button type="primary" icon={<SaveOutlined />} loading={model.saving} onClick={() => void model.save()}>
              {model.editId ? "Save changes" : "Save template"}
            </Button>
          </>
        }
      />
      {model.loading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={14}>
            <Form layout="vertical" requiredMark={false} onFinish={() => void model.save()}>
              {origin && (
                <Alert
                  type="info"
                  showIcon
                  icon={<BookOutlined />}
                  style={{ marginBottom: 16 }}
                  data-testid="library-flag"
                  message={
                    <span>
                      From the template library: <Typography.Text strong>{origin.name}</Typography.Text>
                    </span>
                  }
                  action={
                    <Button size="small" onClick={model.clearLibrary}>
                      Clear
                    </Button>
                  }
                />
              )}
              {model.serverError && (
                <Alert type="error" showIcon message={model.serverError} style={{ marginBottom: 16 }} />
              )}
              {model.submitted && model.errors.length > 0 && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginBottom: 16 }}
                  message={`Fix ${model.errors.length} ${model.errors.length === 1 ? "problem" : "problems"} before saving`}
                  description={
                    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                      {model.errors.slice(0, 6).map((e) => (
                        <li key={`${e.field}-${e.message}`}>
                          {describeField(e.field)}: {e.message}
                        </li>
                      ))}
                    </ul>
                  }
                />
              )}
              <Card size="small" title="Template" style={{ marginBottom: 16 }}>
                <Row gutter={16}>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Name" {...fieldStatus(shown, "name")}>
                      <Input
                        value={draft.name}
                        aria-label="Template name"
                        placeholder="e.g. Diwali offers"
                        maxLength={RCS_LIMITS.nameChars + 20}
                        onChange={(e) => update({ name: e.target.value })}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      label="Bot"
                      {...fieldStatus(shown, "botId")}
                      extra={
                        !model.botsLoading && model.bots.length === 0
                          ? "No RCS bot yet: ask your administrator to create one."
                          : undefined
                      }
                    >
                      <Select
                        aria-label="Bot"
                        loading={model.botsLoading}
                        value={draft.botId || undefined}
                        placeholder="Choose a bot"
                        options={model.bots.map((b) => ({ value: b._id, label: b.name }))}
                        onChange={(botId: string) => update({ botId })}
                      />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item label="Message type" style={{ marginBottom: 8 }}>
                  <Segmented
                    block
                    aria-label="Message type"
                    value={draft.type}
                    onChange={(type) => update({ type: type as RcsTemplateType })}
                    options={TYPES.map((t) => ({ value: t.value, label: t.label, icon: t.icon }))}
                  />
                </Form.Item>
                {draft.type !== "text" && <LayoutControls model={model} />}
              </Card>

              {draft.type === "text" && (
                <Card size="small" title="Message" style={{ marginBottom: 16 }}>
                  <Form.Item
                    label="Text"
                    {...fieldStatus(shown, "textMessageContent")}
                    extra={
                      <Typography.Text
                        type={textCount > RCS_LIMITS.textChars ? "danger" : "secondary"}
                        style={{ fontSize: 12 }}
                      >
                        {textCount} / {RCS_LIMITS.textChars} characters
                      </Typography.Text>
                    }
                  >
                    <Input.TextArea
                      aria-label="Message text"
                      autoSize={{ minRows: 4, maxRows: 12 }}
                      value={draft.textMessageContent}
                      placeholder="Hi! Your order has shipped…"
                      onChange={(e) => update({ textMessageContent: e.target.value })}
                    />
                  </Form.Item>
                </Card>
              )}
              {draft.type === "standalone" && (
                <Card size="small" title="Rich card" style={{ marginBottom: 16 }}>
                  <CardEditor
                    card={draft.standAlone}
                    onChange={(standAlone) => update({ standAlone })}
                    path="standAlone"
                    errors={shown}
                    name="Card"
                  />
                </Card>
              )}
              {draft.type === "carousel" && (
                <div style={{ marginBottom: 16 }}>
                  <CarouselEditor model={model} />
                </div>
              )}
              <Card
                size="small"
                title="Suggestion chips"
                extra={<Typography.Text type="secondary">shown under the message</Typography.Text>}
              >
                <SuggestionsEditor
                  value={draft.suggestions}
                  onChange={(suggestions) => update({ suggestions })}
                  max={RCS_LIMITS.messageSuggestions}
                  path="suggestions"
                  errors={shown}
                  label="Message suggestions"
                />
              </Card>
            </Form>
          </Col>
          <Col xs={24} xl={10}>
            <div style={{ position: "sticky", top: 84 }}>
              <Flex justify="center" style={{ marginBottom: 8 }}>
                <Tag bordered={false} color="processing">
                  Live preview
                </Tag>
              </Flex>
              <PhonePreview draft={draft} botName={botName} />
            </div>
          </Col>
        </Row>
      )}
      <LibraryDrawer
        open={libraryOpen}
        onClose={() => setLibraryOpen(false)}
        onChoose={(t) => {
          model.applyLibrary(t);
          setLibraryOpen(false);
        }}
      />
    </>
  );
}
