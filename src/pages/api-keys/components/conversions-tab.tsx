import { Alert, Button, Card, Descriptions, Flex, InputNumber, Modal, Popconfirm, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { MSG } from "../../../../contract";
import { CONVERSION_WINDOW_DAYS_MAX, CONVERSION_WINDOW_DAYS_MIN } from "../../../../contract/domain/conversions";
import { useCall, useCallMutation } from "../../../api";
import { formatDateTime } from "../../../shell/format";
import { LoadFailed } from "../../common/load-failed";
import { savedToast } from "./toasts";

/** How a shop fills the postback in: its own order fields in braces, as shop platforms and partners write them. */
export const postbackTemplate = (url: string) =>
  `${url}?kind=order&externalId={order_id}&value={order_total}&code={click_code}`;

/**
 * The account's conversion settings: the attribution window (days a conversion reported by number looks back for
 * its message) and the postback URL (made here and shown once; replaced or revoked with a confirmation).
 */
export function ConversionsTab() {
  const { query } = useCall("conversionSettings.get", {}, { errorNotification: false });
  const save = useCallMutation("conversionSettings.update");
  const make = useCallMutation("conversionSettings.newPostback");
  const revoke = useCallMutation("conversionSettings.revokePostback");
  const settings = query.data?.data.data;
  const [days, setDays] = useState<number | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => setDays(settings?.windowDays ?? null), [settings?.windowDays]);

  if (query.error) return <LoadFailed retry={() => query.refetch()} />;
  const postback = settings?.postback ?? null;
  const newUrl = async () => {
    const reply = await make.mutateAsync(savedToast("Done", MSG.somethingWrong));
    setShown(reply.url);
    void query.refetch();
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 880 }}>
      <Card title="Attribution window" loading={query.isLoading}>
        <Typography.Paragraph type="secondary">
          A conversion you report by the customer&apos;s number counts for the latest campaign message to that number
          that was delivered, or whose link the customer opened, within this many days before it happened. A click code
          always wins.
        </Typography.Paragraph>
        <Space>
          <InputNumber
            aria-label="Attribution window in days"
            min={CONVERSION_WINDOW_DAYS_MIN}
            max={CONVERSION_WINDOW_DAYS_MAX}
            precision={0}
            value={days}
            onChange={(v) => setDays(v)}
            addonAfter="days"
            style={{ width: 160 }}
          />
          <Button
            type="primary"
            loading={save.isPending}
            disabled={days === null || days === settings?.windowDays}
            onClick={async () => {
              await save.mutateAsync({ body: { windowDays: days ?? 0 }, ...savedToast("Done", MSG.somethingWrong) });
              void query.refetch();
            }}
          >
            Save
          </Button>
        </Space>
      </Card>

      <Card title="Postback URL" loading={query.isLoading}>
        <Typography.Paragraph type="secondary">
          For a shop or partner that cannot send an API key: it calls this URL when an order is placed, with the
          order&apos;s fields in the query (the same fields as{" "}
          <Typography.Text code>POST /api/public/v1/conversions</Typography.Text>). The URL is the key: it is shown
          once, and anyone who has it can report conversions for this account.
        </Typography.Paragraph>
        {postback ? (
          <>
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  key: "ends",
                  label: "URL ends in",
                  children: <Typography.Text code>…{postback.hint}</Typography.Text>,
                },
                { key: "made", label: "Created", children: formatDateTime(postback.createdAt) },
                {
                  key: "used",
                  label: "Last called",
                  children: postback.lastUsedAt ? formatDateTime(postback.lastUsedAt) : "Never",
                },
              ]}
            />
            <Space style={{ marginTop: 16 }}>
              <Popconfirm
                title="Replace the postback URL?"
                description="The current URL stops working at once; update your shop with the new one."
                okText="Replace"
                onConfirm={newUrl}
              >
                <Button loading={make.isPending}>Replace URL</Button>
              </Popconfirm>
              <Popconfirm
                title="Revoke the postback URL?"
                description="Calls to it will be refused (404) until you create a new one."
                okText="Revoke"
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  await revoke.mutateAsync(savedToast("Done", MSG.somethingWrong));
                  void query.refetch();
                }}
              >
                <Button danger loading={revoke.isPending}>
                  Revoke
                </Button>
              </Popconfirm>
            </Space>
          </>
        ) : (
          <Flex vertical align="start" gap={12}>
            <Typography.Text>No postback URL yet.</Typography.Text>
            <Button type="primary" loading={make.isPending} onClick={newUrl}>
              Create postback URL
            </Button>
          </Flex>
        )}
      </Card>

      <Modal
        open={shown !== null}
        title="Your postback URL"
        onCancel={() => setShown(null)}
        maskClosable={false}
        destroyOnHidden
        width={720}
        footer={
          <Button type="primary" onClick={() => setShown(null)}>
            I have copied it
          </Button>
        }
      >
        <Alert
          type="warning"
          showIcon
          message="Copy the URL now: it is shown only this once."
          description="We keep only a fingerprint of it. If you lose it, replace it."
          style={{ marginBottom: 16 }}
        />
        <Typography.Paragraph code copyable={{ text: shown ?? "" }} style={{ wordBreak: "break-all" }}>
          {shown}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          In your shop, fill in your own order fields, for example:
        </Typography.Paragraph>
        <Typography.Paragraph
          code
          copyable={{ text: postbackTemplate(shown ?? "") }}
          style={{ wordBreak: "break-all", fontSize: 12 }}
        >
          {postbackTemplate(shown ?? "")}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          kind is order, signup, lead or custom; value is rupees (1499.50); code is the click code of the tracked link
          the customer opened (pass it on in your landing URL), or send number (+919876543210) instead.
        </Typography.Paragraph>
      </Modal>
    </Flex>
  );
}
