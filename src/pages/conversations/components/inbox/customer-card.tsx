import { EditOutlined } from "@ant-design/icons";
import { Alert, Button, Descriptions, Empty, Flex, Skeleton, Tag, Typography } from "antd";
import { useState } from "react";
import type { CallReply } from "../../../../../contract";
import {
  CONSENT_CHANNEL_LABELS,
  CONSENT_METHOD_LABELS,
  CONSENT_PURPOSE_LABELS,
  CONSENT_STATUS_LABELS,
} from "../../../../../contract/domain/consent";
import { useCall } from "../../../../api";
import { formatCount, formatDate, formatDateTime } from "../../../../shell/format";
import { CardContactEditor } from "./card-contact-editor";

type Card = CallReply<"chats.card">["data"];
type Attribute = Card["attributes"][number];
type ConsentLine = Card["consent"]["states"][number];

/** An attribute's value in words: dates and counts in the Indian formats, yes/no for a flag. */
export function attributeText(a: Pick<Attribute, "type" | "value">): string {
  if (a.type === "boolean" || typeof a.value === "boolean") return a.value ? "Yes" : "No";
  if (a.type === "number" && typeof a.value === "number") return formatCount(a.value);
  if (a.type === "date" && typeof a.value === "string") return formatDate(a.value);
  return String(a.value);
}

/** One consent state in words: what it covers ("SMS, all messages"), and how, when and by whom, from the ledger. */
export function consentLine(s: ConsentLine): { what: string; detail: string } {
  return {
    what: `${CONSENT_CHANNEL_LABELS[s.channel]}, ${CONSENT_PURPOSE_LABELS[s.purpose].toLowerCase()}`,
    detail: `${CONSENT_METHOD_LABELS[s.method]} · ${formatDateTime(s.createdAt)}${s.actor ? ` · ${s.actor}` : ""}`,
  };
}

/**
 * The customer's card: the saved contact behind the number (name, language, attributes; the email only for those
 * who may edit contacts, who edit it here) and its consent per channel, newest state of each from the ledger.
 */
export function CustomerCard(props: { conversationId: string }) {
  const { query } = useCall("chats.card", { params: { id: props.conversationId } }, { errorNotification: false });
  const [editing, setEditing] = useState(false);
  const card = query.data?.data.data;
  if (query.isError)
    return <Alert type="error" showIcon message="The customer's card could not be read" style={{ marginBottom: 12 }} />;
  if (!card) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <section aria-label="Customer">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>Contact</Typography.Text>
        {card.editable && card.contactId && (
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            Edit contact
          </Button>
        )}
      </Flex>
      {(!card.contactId || (!card.name && !card.language && !card.email && card.attributes.length === 0)) && (
        <Typography.Text type="secondary" style={{ display: "block", marginBottom: 8 }}>
          {card.contactId
            ? "Saved with its number only: no name or details yet."
            : "No contact is saved for this number."}
        </Typography.Text>
      )}
      <Descriptions size="small" column={1} colon={false}>
        {card.name && <Descriptions.Item label="Name">{card.name}</Descriptions.Item>}
        {card.language && <Descriptions.Item label="Language">{card.language}</Descriptions.Item>}
        {card.email && <Descriptions.Item label="Email">{card.email}</Descriptions.Item>}
        {card.attributes.map((a) => (
          <Descriptions.Item key={a.key} label={a.label}>
            {attributeText(a)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Typography.Text strong style={{ display: "block", margin: "12px 0 8px" }}>
        Consent
      </Typography.Text>
      {card.consent.onSuppressionList && (
        <Tag color="red" style={{ marginBottom: 8 }}>
          On the suppression list
        </Tag>
      )}
      {card.consent.states.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No consent recorded for this number" />
      ) : (
        <ul aria-label="Consent per channel" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {card.consent.states.map((s) => {
            const line = consentLine(s);
            return (
              <li key={s.id} style={{ marginBottom: 6 }}>
                <Tag color={s.status === "opted_in" ? "green" : "red"}>{CONSENT_STATUS_LABELS[s.status]}</Tag>
                <Typography.Text>{line.what}</Typography.Text>
                <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
                  {line.detail}
                </Typography.Text>
              </li>
            );
          })}
        </ul>
      )}
      {editing && card.contactId && (
        <CardContactEditor
          contactId={card.contactId}
          onClose={() => setEditing(false)}
          onSaved={async () => {
            await query.refetch();
          }}
        />
      )}
    </section>
  );
}
