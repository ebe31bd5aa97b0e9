import { AppstoreOutlined, CreditCardOutlined, MessageOutlined, WhatsAppOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Tag, Typography } from "antd";
import type { LibraryChannel, LibraryTemplate } from "../../../../contract/domain/template-library";

// Tags print their label in white on these, so each is dark enough for 4.5:1 (the brands' own greens, #0f9d58 and
// #25d366, give 3.5:1 and 2:1): Google's darker green and WhatsApp's teal.
export const CHANNEL_META: Record<LibraryChannel, { label: string; color: string; icon: React.ReactNode }> = {
  rcs: { label: "RCS", color: "#1a73e8", icon: <CreditCardOutlined /> },
  sms: { label: "SMS", color: "#0b8043", icon: <MessageOutlined /> },
  whatsapp: { label: "WhatsApp", color: "#075e54", icon: <WhatsAppOutlined /> },
};

const RCS_TYPE = { text: "Text", standalone: "Rich card", carousel: "Carousel" } as const;

/** The text the card shows as a glimpse of the message. */
function excerpt(t: LibraryTemplate): string {
  if (t.body) return t.body;
  const rcs = t.rcs;
  if (!rcs) return "";
  if (rcs.type === "text") return rcs.textMessageContent;
  if (rcs.type === "standalone")
    return [rcs.standAlone.cardTitle, rcs.standAlone.cardDescription].filter(Boolean).join(" — ");
  return rcs.carouselList.map((c) => c.cardTitle).join(" · ");
}

/** One library template in the gallery: channel, industry, a glimpse of the message, and "Use template". */
export function LibraryCard({ template, onUse }: { template: LibraryTemplate; onUse: () => void }) {
  const channel = CHANNEL_META[template.channel];
  return (
    <Card
      hoverable
      style={{ height: "100%", display: "flex", flexDirection: "column", borderTop: `3px solid ${channel.color}` }}
      styles={{ body: { flex: 1, display: "flex", flexDirection: "column", gap: 10 } }}
      data-testid={`library-${template.id}`}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Tag color={channel.color} icon={channel.icon} style={{ marginInlineEnd: 0 }}>
          {channel.label}
        </Tag>
        <Flex gap={4}>
          {template.rcs && (
            <Tag bordered={false} icon={template.rcs.type === "carousel" ? <AppstoreOutlined /> : undefined}>
              {RCS_TYPE[template.rcs.type]}
              {template.rcs.type === "carousel" ? ` · ${template.rcs.carouselList.length}` : ""}
            </Tag>
          )}
          <Tag bordered={false} style={{ textTransform: "capitalize" }}>
            {template.industry}
          </Tag>
        </Flex>
      </Flex>
      <div>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {template.name}
        </Typography.Title>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {template.description}
        </Typography.Text>
      </div>
      <div style={{ padding: "10px 12px", borderRadius: 12, background: "rgba(127,127,127,0.08)", flex: 1 }}>
        <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ margin: 0, fontSize: 13 }}>
          {excerpt(template)}
        </Typography.Paragraph>
      </div>
      <Button type="primary" ghost block onClick={onUse} aria-label={`Use template: ${template.name}`}>
        Use template
      </Button>
    </Card>
  );
}
