import { Alert, Button, Flex, Form, Input, Result } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { MSG, areaPath, type CallReply } from "../../../contract";
import {
  SUPPORT_BODY_MAX,
  SUPPORT_DELIVERY_TEXT,
  SUPPORT_PAGE,
  SUPPORT_SUBJECT_MAX,
  ticketLabel,
  type SupportKind,
} from "../../../contract/domain/support";
import { useCallMutation } from "../../api/use-call";
import { useSession } from "../../state/session";

interface Values {
  subject: string;
  body: string;
}

const notBlank = (label: string) => ({ required: true, whitespace: true, message: `${label} is required` });

/**
 * The Support and Feedback dialog's body: a subject and a message filed as a ticket (issue 37). Once filed it shows
 * the ticket's number, where it went, and the way to the tickets page.
 */
export function SupportTicketForm({ kind, onClose }: { kind: SupportKind; onClose: () => void }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [filed, setFiled] = useState<CallReply<"support.file"> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const call = useCallMutation("support.file");

  const submit = async ({ subject, body }: Values) => {
    setError(null);
    try {
      const reply = await call.mutateAsync({
        body: { kind, subject: subject.trim(), body: body.trim() },
        successNotification: false,
        errorNotification: false,
      });
      setFiled(reply);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : MSG.somethingWrong);
    }
  };

  const viewTickets = () => {
    if (!user || !filed) return;
    onClose();
    navigate(`${areaPath(user.type, SUPPORT_PAGE)}?ticket=${filed.data._id}`);
  };

  if (filed)
    return (
      <Result
        status={filed.delivery === "stored" ? "warning" : "success"}
        title={`Ticket ${ticketLabel(filed.data.number)} filed`}
        subTitle={SUPPORT_DELIVERY_TEXT[filed.delivery]}
        style={{ padding: "16px 0 0" }}
        extra={[
          <Button key="view" type="primary" onClick={viewTickets} autoFocus>
            View my tickets
          </Button>,
          <Button key="close" onClick={onClose}>
            Close
          </Button>,
        ]}
      />
    );

  return (
    <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="subject" label="Subject" rules={[notBlank("Subject")]}>
        <Input maxLength={SUPPORT_SUBJECT_MAX} showCount autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item name="body" label="Message" rules={[notBlank("Message")]}>
        <Input.TextArea maxLength={SUPPORT_BODY_MAX} showCount autoSize={{ minRows: 4, maxRows: 10 }} />
      </Form.Item>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={call.isPending}>
          {kind === "feedback" ? "Send feedback" : "File ticket"}
        </Button>
      </Flex>
    </Form>
  );
}
