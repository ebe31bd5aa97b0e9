import { Alert, Descriptions, Form, Input, Modal, Typography } from "antd";
import type { BalanceRequestRecord, Role } from "../../../../contract";
import { SCHEMAS } from "../../../../schemas";
import { useBalance } from "../../../shell/balance/use-balance";
import { formatDateTime, formatINR } from "../../../shell/format";
import { paysFromOwnBalance } from "../../users/components/balance-amount";

const REASON = SCHEMAS["balance-request-reject"].properties.reason;

interface DialogProps {
  request: BalanceRequestRecord | null;
  busy: boolean;
  onCancel: () => void;
}

/** Confirms the amount and shows what it costs the approver, so nobody approves more than they hold. */
export function ApproveDialog({
  request,
  busy,
  onCancel,
  onConfirm,
  role,
}: DialogProps & { role: Role; onConfirm: () => void }) {
  const own = useBalance();
  const paying = paysFromOwnBalance(role);
  const short = paying && request !== null && own.balance !== null && own.balance < request.amount;
  return (
    <Modal
      open={request !== null}
      title="Approve balance request"
      okText={request ? `Approve ${formatINR(request.amount)}` : "Approve"}
      okButtonProps={{ disabled: short }}
      confirmLoading={busy}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      {request && (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="Account">{request.username}</Descriptions.Item>
            <Descriptions.Item label="Requested">
              {/* One span: the description cell is a flex box, which would drop the space between two. */}
              <span>
                <Typography.Text strong>{formatINR(request.amount)}</Typography.Text>{" "}
                <Typography.Text type="secondary">{`on ${formatDateTime(request.createdAt)}`}</Typography.Text>
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="Your balance">
              {own.balance === null ? "…" : formatINR(own.balance)}
            </Descriptions.Item>
            {paying && own.balance !== null && !short && (
              <Descriptions.Item label="After approval">{formatINR(own.balance - request.amount)}</Descriptions.Item>
            )}
          </Descriptions>
          {paying ? (
            short ? (
              <Alert
                type="error"
                showIcon
                message={`Your balance of ${formatINR(own.balance)} does not cover this request.`}
                description="Top up your own balance first, or reject the request with a reason."
              />
            ) : (
              <Typography.Text type="secondary">
                The amount is transferred from your balance to {request.username}.
              </Typography.Text>
            )
          ) : (
            <Typography.Text type="secondary">
              As an admin you issue the amount as new credit; no balance is taken from you.
            </Typography.Text>
          )}
        </>
      )}
    </Modal>
  );
}

/** Asks for the reason the requester will read; nothing is sent without one. */
export function RejectDialog({
  request,
  busy,
  onCancel,
  onConfirm,
}: DialogProps & { onConfirm: (reason: string) => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const reason: string = Form.useWatch("reason", form) ?? "";
  const empty = reason.trim() === "";
  return (
    <Modal
      open={request !== null}
      title="Reject balance request"
      okText="Reject request"
      okButtonProps={{ danger: true, disabled: empty }}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      {request && (
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => onConfirm(v.reason.trim())}
          requiredMark={false}
          preserve={false}
        >
          <Typography.Paragraph>
            {request.username} asked for <Typography.Text strong>{formatINR(request.amount)}</Typography.Text> on{" "}
            {formatDateTime(request.createdAt)}.
          </Typography.Paragraph>
          <Form.Item
            name="reason"
            label="Reason (shown to the requester)"
            rules={[
              {
                validator: (_, v?: string) =>
                  (v ?? "").trim() ? Promise.resolve() : Promise.reject(new Error("Reason is required")),
              },
            ]}
          >
            <Input.TextArea
              rows={3}
              maxLength={REASON.maxLength}
              showCount
              autoFocus
              placeholder="e.g. Please clear the open invoice first"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
