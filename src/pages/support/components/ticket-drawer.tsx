import { Alert, Button, Drawer, Empty, Flex, Form, Input, Popconfirm, Skeleton, Space, Typography, theme } from "antd";
import { useState } from "react";
import { MSG } from "../../../../contract";
import { SUPPORT_BODY_MAX, SUPPORT_KIND_LABELS, ticketLabel } from "../../../../contract/domain/support";
import { formatDateTime } from "../../../shell/format";
import { SupportStatusTag } from "./status-tag";
import { useSupportThread } from "./use-support";

/** Who the other side is, in the words of the person reading. */
const whereTo = (to: "admin" | "operator", mine: boolean, from: string) =>
  mine ? (to === "admin" ? "To your administrator" : "To the operator's support desk (by mail)") : `From ${from}`;

/** One ticket's thread (oldest first), a reply box, and Close or Reopen behind a confirmation. */
export function TicketDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: string | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const thread = useSupportThread(id, onChanged);
  const { token } = theme.useToken();
  const [text, setText] = useState("");
  const t = thread.ticket;
  const closed = t?.status === "closed";

  const send = async () => {
    const body = text.trim();
    if (!body) return;
    await thread.reply(body).then(
      () => setText(""),
      () => undefined,
    );
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={640}
      destroyOnHidden
      title={t ? `${ticketLabel(t.number)} · ${t.subject}` : "Ticket"}
      extra={
        t && (
          <Popconfirm
            title={closed ? "Reopen this ticket?" : "Close this ticket?"}
            description={closed ? "Both sides can write in it again." : "Nobody can reply until it is reopened."}
            okText={closed ? "Reopen" : "Close ticket"}
            onConfirm={() => thread.setClosed(!closed).catch(() => undefined)}
          >
            <Button loading={thread.busy}>{closed ? "Reopen" : "Close ticket"}</Button>
          </Popconfirm>
        )
      }
    >
      {thread.isError && <Alert type="error" showIcon message={thread.error || MSG.somethingWrong} />}
      {thread.loading && <Skeleton active />}
      {t && (
        <Flex vertical gap={16}>
          <Space wrap size={[8, 4]}>
            <SupportStatusTag status={t.status} />
            <Typography.Text type="secondary">
              {`${SUPPORT_KIND_LABELS[t.kind]} · ${whereTo(t.to, t.mine, t.from.company || t.from.name)} · filed ${formatDateTime(t.createdAt)}`}
            </Typography.Text>
          </Space>
          <ol aria-label="Messages" style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 12 }}>
            {t.thread.map((m) => (
              <li
                key={m._id}
                style={{
                  justifySelf: m.mine ? "end" : "start",
                  maxWidth: "85%",
                  padding: "8px 12px",
                  borderRadius: token.borderRadiusLG,
                  background: m.mine ? token.colorPrimaryBg : token.colorFillTertiary,
                }}
              >
                <Typography.Text strong>{m.mine ? "You" : m.author}</Typography.Text>{" "}
                <Typography.Text type="secondary">{formatDateTime(m.at)}</Typography.Text>
                <Typography.Paragraph style={{ margin: "4px 0 0", whiteSpace: "pre-wrap" }}>
                  {m.body}
                </Typography.Paragraph>
              </li>
            ))}
          </ol>
          {t.to === "operator" && t.mine && (
            <Typography.Text type="secondary">
              The operator answers by mail, to your account's email address.
            </Typography.Text>
          )}
          {closed ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This ticket is closed. Reopen it to reply." />
          ) : (
            <Form layout="vertical" onFinish={() => void send()}>
              <Form.Item label="Reply" htmlFor="support-reply" style={{ marginBottom: 28 }}>
                <Input.TextArea
                  id="support-reply"
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  maxLength={SUPPORT_BODY_MAX}
                  showCount
                  autoSize={{ minRows: 3, maxRows: 8 }}
                />
              </Form.Item>
              <Flex justify="end">
                <Button type="primary" htmlType="submit" loading={thread.busy} disabled={!text.trim()}>
                  Send reply
                </Button>
              </Flex>
            </Form>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
