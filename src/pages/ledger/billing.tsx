import { SendOutlined, WalletOutlined } from "@ant-design/icons";
import { useCreate, useInvalidate, type HttpError } from "@refinedev/core";
import { Button, Card, Col, Flex, InputNumber, Row, Statistic, Typography } from "antd";
import { useState } from "react";
import { CURRENCY_SYMBOL, LOW_BALANCE_THRESHOLD, MSG, type BalanceRequestRecord } from "../../../contract";
import { SCHEMAS } from "../../../schemas";
import { useBalance } from "../../shell/balance/use-balance";
import { formatINR } from "../../shell/format";
import { MyRequestsCard } from "../balance-requests/components/my-requests-card";
import { LedgerTable } from "../common/ledger-table";
import { PageHeader } from "../common/page-header";

const MAX_REQUEST = SCHEMAS["balance-request"].properties.requestedBalance.maximum;

/** Subscription & Billing: the balance, a top-up request to the parent account, and the billing log. */
export function LedgerBilling() {
  const { balance, loading, refresh } = useBalance();
  const invalidate = useInvalidate();
  const [amount, setAmount] = useState<number | null>(null);
  const { mutate, mutation } = useCreate<BalanceRequestRecord, HttpError, { requestedBalance: number | null }>();

  // SPEC 5: an empty or non-positive amount is refused by the resource's checkCreate, without a call.
  const request = () =>
    mutate(
      {
        resource: "balance-requests",
        values: { requestedBalance: amount },
        invalidates: ["list"],
        successNotification: (_data, values) => ({
          type: "success",
          message: "Balance request sent",
          description: `${formatINR(Number(values?.requestedBalance))} requested from your account manager.`,
        }),
        errorNotification: (err) => ({ type: "error", message: err?.message || MSG.requestBalance }),
      },
      {
        onSuccess: () => {
          setAmount(null);
          // The requester's own lists and the header balance read what the request changed.
          void Promise.all([
            invalidate({ resource: "my-balance-requests", invalidates: ["list"] }),
            invalidate({ resource: "ledger", invalidates: ["list"] }),
            refresh(),
          ]);
        },
      },
    );

  const low = balance !== null && balance < LOW_BALANCE_THRESHOLD;
  return (
    <>
      <PageHeader description="Your balance, top-up requests and every balance movement on your account." />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={10}>
          <Card style={{ height: "100%" }}>
            <Statistic
              title="Current balance"
              value={formatINR(balance)}
              loading={loading}
              prefix={<WalletOutlined />}
              valueStyle={{
                color: low ? "var(--ant-color-warning, #d97706)" : undefined,
                fontVariantNumeric: "tabular-nums",
              }}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {low
                ? `Below ${formatINR(LOW_BALANCE_THRESHOLD)}: request a top-up to keep campaigns sending.`
                : "Messages are charged to this balance."}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={14}>
          <Card title="Request balance" style={{ height: "100%" }}>
            <Typography.Paragraph type="secondary">
              Your account manager is notified and tops up your balance.
            </Typography.Paragraph>
            <Flex gap={8} wrap>
              <InputNumber<number>
                value={amount}
                onChange={setAmount}
                prefix={CURRENCY_SYMBOL}
                min={0}
                max={MAX_REQUEST}
                precision={2}
                step={500}
                placeholder="Amount"
                style={{ width: 220 }}
                aria-label="Amount to request"
                onPressEnter={request}
              />
              <Button type="primary" icon={<SendOutlined />} loading={mutation.isPending} onClick={request}>
                Request balance
              </Button>
            </Flex>
          </Card>
        </Col>
      </Row>
      <MyRequestsCard />
      <Card title="Billing log" styles={{ body: { padding: 0 } }}>
        <LedgerTable emptyText="No balance movements on your account yet." />
      </Card>
    </>
  );
}
