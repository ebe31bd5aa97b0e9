import { Alert, Button, Card, Form, Input, Skeleton, Typography } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useCall } from "../../api";
import { useSession } from "../../state/session";
import { PageHeader } from "../common/page-header";
import { HistoryList } from "./components/number-history/history-list";
import { checkPhone } from "../../lib/phone-input";

/** A number's messages across the caller's campaigns. The number searched lives in the URL (`?number=`), in E.164. */
export function CampaignsIndividualNumbers() {
  const role = useSession().user?.type ?? "user";
  const [params, setParams] = useSearchParams();
  const number = params.get("number") ?? "";
  const [typed, setTyped] = useState(number);
  const [problem, setProblem] = useState<string | null>(null);

  const { query } = useCall(
    "campaigns.numberHistory",
    { query: { number } },
    { queryOptions: { enabled: Boolean(number) }, errorNotification: false },
  );

  const search = () => {
    const checked = checkPhone(typed);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(null);
    setTyped(checked.display);
    setParams({ number: checked.e164 });
  };

  let body = null;
  if (number && query.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (number && query.isError)
    body = (
      <Alert
        type="error"
        showIcon
        message={query.error?.message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else if (number && query.data) body = <HistoryList number={number} records={query.data.data.data} role={role} />;

  return (
    <>
      <PageHeader description="Every campaign message to one phone number: channel, campaign, template, delivery states with times, replies and cost." />
      <Card style={{ marginBottom: 16 }}>
        <Form layout="inline" onFinish={search}>
          <Form.Item
            label="Phone number"
            htmlFor="history-number"
            validateStatus={problem ? "error" : undefined}
            help={problem ?? undefined}
            style={{ flex: "1 1 320px" }}
          >
            <Input
              id="history-number"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="+91 98765 43210"
              inputMode="tel"
              maxLength={24}
              allowClear
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              Search
            </Button>
          </Form.Item>
        </Form>
        <Typography.Text type="secondary" style={{ display: "block", marginTop: 8 }}>
          Numbers without a country code are read as Indian (+91).
        </Typography.Text>
      </Card>
      {body}
    </>
  );
}
