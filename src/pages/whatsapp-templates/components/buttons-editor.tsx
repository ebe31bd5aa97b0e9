import type { ReactNode } from "react";
import { DeleteOutlined, ExportOutlined, PhoneOutlined, PlusOutlined, RollbackOutlined } from "@ant-design/icons";
import { Button, Dropdown, Flex, Form, Input, Tag, Typography } from "antd";
import { WA_LIMITS, type WaButton, type WaButtonType } from "../../../../contract/domain/whatsapp-template";

const LABEL: Record<WaButtonType, { text: string; color: string; icon: ReactNode }> = {
  QUICK_REPLY: { text: "Quick reply", color: "green", icon: <RollbackOutlined /> },
  URL: { text: "Visit website", color: "blue", icon: <ExportOutlined /> },
  PHONE_NUMBER: { text: "Call phone", color: "purple", icon: <PhoneOutlined /> },
};

const fresh = (type: WaButtonType): WaButton =>
  type === "URL"
    ? { type, text: "", url: "https://" }
    : type === "PHONE_NUMBER"
      ? { type, text: "", phone_number: "+91" }
      : { type, text: "" };

export interface ButtonsEditorProps {
  buttons: WaButton[];
  onChange: (buttons: WaButton[]) => void;
  /** Rule messages by field path (buttons.0.text…), shown under their input. */
  issue: (field: string) => string | undefined;
}

/** Up to 10 buttons; Meta's grouping and per-type limits are explained by the rules, not hidden here. */
export function ButtonsEditor({ buttons, onChange, issue }: ButtonsEditorProps) {
  const set = (i: number, patch: Partial<WaButton>) =>
    onChange(buttons.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  const full = buttons.length >= WA_LIMITS.buttons;
  return (
    <>
      {buttons.map((b, i) => (
        <Flex key={i} gap={8} wrap align="flex-start" style={{ marginBottom: 12 }}>
          <Tag color={LABEL[b.type].color} icon={LABEL[b.type].icon} style={{ marginTop: 5, minWidth: 112 }}>
            {LABEL[b.type].text}
          </Tag>
          <Form.Item
            style={{ flex: 1, marginBottom: 0 }}
            validateStatus={issue(`buttons.${i}.text`) ? "error" : undefined}
            help={issue(`buttons.${i}.text`)}
          >
            <Input
              value={b.text}
              onChange={(e) => set(i, { text: e.target.value })}
              placeholder="Button text"
              suffix={
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {b.text.length}/{WA_LIMITS.buttonText}
                </Typography.Text>
              }
              aria-label={`Button ${i + 1} text`}
            />
          </Form.Item>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onChange(buttons.filter((_, j) => j !== i))}
            aria-label={`Remove button ${i + 1}`}
          />
          {b.type === "URL" && (
            <Form.Item
              style={{ flex: "1 1 100%", marginBottom: 0, paddingLeft: 120, paddingRight: 40 }}
              validateStatus={issue(`buttons.${i}.url`) ? "error" : undefined}
              help={issue(`buttons.${i}.url`)}
            >
              <Input
                value={b.url}
                onChange={(e) => set(i, { url: e.target.value })}
                placeholder="https://example.com/page"
                aria-label={`Button ${i + 1} URL`}
              />
            </Form.Item>
          )}
          {b.type === "PHONE_NUMBER" && (
            <Form.Item
              style={{ flex: "1 1 100%", marginBottom: 0, paddingLeft: 120, paddingRight: 40 }}
              validateStatus={issue(`buttons.${i}.phone_number`) ? "error" : undefined}
              help={issue(`buttons.${i}.phone_number`)}
            >
              <Input
                value={b.phone_number}
                onChange={(e) => set(i, { phone_number: e.target.value })}
                placeholder="+919876543210"
                aria-label={`Button ${i + 1} phone`}
              />
            </Form.Item>
          )}
        </Flex>
      ))}
      <Flex align="center" gap={12}>
        <Dropdown
          trigger={["click"]}
          disabled={full}
          menu={{
            items: (Object.keys(LABEL) as WaButtonType[]).map((type) => ({
              key: type,
              icon: LABEL[type].icon,
              label: LABEL[type].text,
            })),
            onClick: ({ key }) => onChange([...buttons, fresh(key as WaButtonType)]),
          }}
        >
          <Button icon={<PlusOutlined />}>Add button</Button>
        </Dropdown>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {buttons.length}/{WA_LIMITS.buttons} · up to 2 website and 1 phone button; keep quick replies together
        </Typography.Text>
      </Flex>
    </>
  );
}
