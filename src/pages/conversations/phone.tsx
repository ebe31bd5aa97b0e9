import { MessageOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Empty, Flex, Form, Input, Select, Space, Tag, Typography } from "antd";
import { useMemo, useState } from "react";
import type { HttpError } from "@refinedev/core";
import { areaPath } from "../../../resources/derive";
import { checkPhone } from "../../lib/phone-input";
import { useSession } from "../../state/session";
import { PageHeader } from "../common/page-header";
import { PhoneFrame } from "./components/phone/phone-frame";
import { usePhone, type PhoneTarget } from "./components/phone/use-phone";
import { ButtonLink } from "../../components/button-link";

const CHANNEL_LABEL = { whatsapp: "WhatsApp", sms: "SMS", rcs: "RCS" } as const;
const DEFAULT_CUSTOMER = "+919812300001";

const notSandbox = (e: HttpError | null | undefined) => e?.statusCode === 501;

/**
 * The simulated customer phone (sandbox carrier): a tester picks one of the account's business numbers or bots and
 * writes as a customer; the message reaches the inbox like a real one, and the business's answers show here with
 * their delivery ticks. With a real carrier the server answers 501 and this page says so.
 */
export function ConversationsPhone() {
  const role = useSession().user?.type;
  const [number, setNumber] = useState<string>(DEFAULT_CUSTOMER);
  const [addressKey, setAddressKey] = useState<string | null>(null);
  const checked = checkPhone(number);
  const [target, setTarget] = useState<PhoneTarget | null>(null);
  const data = usePhone(target);
  const options = useMemo(
    () =>
      data.addresses.map((a) => ({
        value: `${a.channel}|${a.address}`,
        label: (
          <Space size={6}>
            <Tag color={a.channel === "whatsapp" ? "green" : a.channel === "sms" ? "blue" : "purple"}>
              {CHANNEL_LABEL[a.channel]}
            </Tag>
            {a.label}
          </Space>
        ),
        search: `${a.label} ${a.address}`,
      })),
    [data.addresses],
  );
  const chosen = data.addresses.find((a) => `${a.channel}|${a.address}` === (addressKey ?? options[0]?.value));

  const open = () => {
    if (!chosen || !checked.ok) return;
    setTarget({ channel: chosen.channel, address: chosen.address, number: checked.e164 });
  };

  const inboxPath = role ? areaPath(role, "chats") : "/";
  const refusal = notSandbox(data.addressesError) ? (
    <Alert
      type="info"
      showIcon
      message="The simulated phone works only with the sandbox carrier"
      description={data.addressesError?.message}
    />
  ) : data.addressesError ? (
    <Alert
      type="error"
      showIcon
      message="Could not load your business numbers"
      description={data.addressesError.message}
    />
  ) : null;

  return (
    <>
      <PageHeader
        description="Write as one of your customers. Messages arrive in Conversations like real ones, and your team's replies show here with their delivery ticks."
        extra={
          <ButtonLink to={inboxPath} icon={<MessageOutlined />}>
            Open Conversations
          </ButtonLink>
        }
      />
      {refusal ?? (
        <Flex gap={24} wrap align="flex-start">
          <Card title="Who is writing" style={{ width: 360, maxWidth: "100%" }}>
            {!data.addressesLoading && options.length === 0 ? (
              <Empty description="No business numbers yet. Connect a WhatsApp number, an SMS account or an RCS bot under Communication Channels first." />
            ) : (
              <Form layout="vertical" onFinish={open}>
                <Form.Item label="To (your business number or bot)">
                  <Select
                    aria-label="Business number"
                    loading={data.addressesLoading}
                    options={options}
                    value={chosen ? `${chosen.channel}|${chosen.address}` : undefined}
                    onChange={(value: string) => setAddressKey(value)}
                    showSearch
                    optionFilterProp="search"
                  />
                </Form.Item>
                <Form.Item
                  label="From (the customer's number)"
                  validateStatus={number && !checked.ok ? "error" : undefined}
                  help={number && !checked.ok ? checked.message : "With the country code, e.g. +91 98123 00001"}
                >
                  <Input
                    aria-label="Customer number"
                    value={number}
                    onChange={(e) => setNumber(e.target.value)}
                    inputMode="tel"
                  />
                </Form.Item>
                <Button type="primary" htmlType="submit" disabled={!chosen || !checked.ok} block>
                  {target ? "Switch to this thread" : "Open the thread"}
                </Button>
                <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
                  On WhatsApp a customer's message opens the 24-hour window in which your team may answer freely. Write
                  STOP to opt out of campaigns and START to opt back in.
                </Typography.Paragraph>
              </Form>
            )}
          </Card>
          <Flex vertical gap={8}>
            {data.threadError && (
              <Alert type="error" showIcon message="Could not load the thread" description={data.threadError.message} />
            )}
            <PhoneFrame
              title={
                target
                  ? (data.addresses.find((a) => a.address === target.address)?.label ?? target.address)
                  : "No thread open"
              }
              subtitle={
                target ? `${CHANNEL_LABEL[target.channel]} · you are ${target.number}` : "Choose who writes to whom"
              }
              messages={data.messages}
              disabled={!target}
              sending={data.sending}
              onSend={data.send}
            />
          </Flex>
        </Flex>
      )}
    </>
  );
}
