import { App, Descriptions, Form, Input, InputNumber, Modal } from "antd";
import { useEffect } from "react";
import { CURRENCY_SYMBOL } from "../../../../contract";
import { SCHEMAS } from "../../../../schemas";
import type { UserRecord } from "../../../api";
import { useBalance } from "../../../shell/balance/use-balance";
import { formatINR } from "../../../shell/format";
import { useSession } from "../../../state/session";
import { amountProblem, paysFromOwnBalance } from "./balance-amount";

const AMOUNT = SCHEMAS["balance-change"].properties.amount;
const NOTE = SCHEMAS["balance-change"].properties.note;

interface Values {
  amount: number | null;
  note?: string;
}

export interface BalanceChangeModalProps {
  kind: "add" | "deduct";
  user: UserRecord | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (amount: number, note: string) => void;
}

/** Amount and note, then a confirmation naming the amount and the account, so money never moves by a slip. */
export function BalanceChangeModal({ kind, user, busy, onCancel, onSubmit }: BalanceChangeModalProps) {
  const [form] = Form.useForm<Values>();
  const { modal } = App.useApp();
  const adding = kind === "add";
  const callerRole = useSession().user?.type ?? "user";
  const own = useBalance();
  const paying = adding && paysFromOwnBalance(callerRole);

  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  const confirm = ({ amount, note }: Values) => {
    if (!user || amount === null) return;
    modal.confirm({
      title: adding ? "Confirm balance top-up" : "Confirm balance deduction",
      content: `${adding ? "Add" : "Deduct"} ${formatINR(amount)} ${adding ? "to" : "from"} ${user.username}? The balance goes from ${formatINR(
        user.balance,
      )} to ${formatINR(user.balance + (adding ? amount : -amount))}.`,
      okText: adding ? "Add balance" : "Deduct balance",
      okButtonProps: { danger: !adding },
      onOk: () => onSubmit(amount, (note ?? "").trim()),
    });
  };

  return (
    <Modal
      open={user !== null}
      title={adding ? "Add balance" : "Deduct balance"}
      okText="Continue"
      onOk={() => form.submit()}
      confirmLoading={busy}
      onCancel={onCancel}
      destroyOnHidden
    >
      {user && (
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Account">{user.username}</Descriptions.Item>
          <Descriptions.Item label="Current balance">{formatINR(user.balance)}</Descriptions.Item>
          {paying && (
            <Descriptions.Item label="Your balance">
              {own.balance === null ? "…" : `${formatINR(own.balance)} (a top-up is paid from it)`}
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      <Form<Values> form={form} layout="vertical" onFinish={confirm} requiredMark="optional">
        <Form.Item
          name="amount"
          label={AMOUNT.title}
          rules={[
            { required: true, message: "Enter an amount" },
            {
              validator: (_, v: number | null) => {
                if (v === null || v === undefined || !user) return Promise.resolve();
                const problem = amountProblem({
                  kind,
                  amount: v,
                  targetBalance: user.balance,
                  callerRole,
                  callerBalance: own.balance,
                });
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <InputNumber<number>
            prefix={CURRENCY_SYMBOL}
            min={0}
            precision={2}
            step={100}
            style={{ width: "100%" }}
            autoFocus
          />
        </Form.Item>
        <Form.Item name="note" label={NOTE.title} rules={[{ max: NOTE.maxLength }]}>
          <Input.TextArea
            rows={2}
            maxLength={NOTE.maxLength}
            showCount
            placeholder="Shown in the ledger, e.g. invoice number"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
