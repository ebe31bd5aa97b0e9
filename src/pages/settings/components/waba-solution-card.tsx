import { Alert, Button, Card, Flex, Select, Skeleton, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { toMessage, useCall, useCallMutation } from "../../../api";

/**
 * The WhatsApp provider solution new WABA onboardings go through. An admin chooses it; a reseller sees which one
 * its customers get.
 */
export function WabaSolutionCard({ canChange }: { canChange: boolean }) {
  const { query } = useCall("waba.solutionSelection", {}, { errorNotification: false });
  const { mutateAsync, isPending } = useCallMutation("waba.updateSolutionProvider");
  const data = query.data?.data.data;
  const [choice, setChoice] = useState<string | undefined>();
  useEffect(() => setChoice(data?.selected?.solution_id), [data?.selected?.solution_id]);

  const save = async () => {
    await mutateAsync({
      body: { solution_id: choice },
      successNotification: (res) => ({ type: "success", message: res?.data.message ?? "Saved" }),
      errorNotification: (err) => ({ type: "error", message: err?.message || "The provider could not be changed" }),
    });
    await query.refetch();
  };

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  else if (query.isError)
    body = (
      <Alert
        type="error"
        showIcon
        message={toMessage(query.error)}
        action={
          <Button size="small" onClick={() => query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else if (!data || data.solutions.length === 0)
    body = <Alert type="warning" showIcon message="No WhatsApp provider solution is configured on this server." />;
  else if (!canChange)
    body = (
      <Typography.Text>
        Current provider: <Tag color="green">{data.selected?.name ?? "None selected"}</Tag>
      </Typography.Text>
    );
  else
    body = (
      <Flex gap={8} wrap>
        <Select
          aria-label="WhatsApp provider solution"
          value={choice}
          onChange={setChoice}
          style={{ minWidth: 0, flex: "1 1 260px" }}
          options={data.solutions.map((s) => ({
            value: s.solution_id,
            label: s.name,
            title: `${s.name}: ${s.provider} carrier`,
          }))}
        />
        <Button
          type="primary"
          onClick={save}
          loading={isPending}
          disabled={!choice || choice === data.selected?.solution_id}
        >
          Save provider
        </Button>
      </Flex>
    );

  return (
    <Card title="WhatsApp provider" style={{ height: "100%" }}>
      <Typography.Paragraph type="secondary">
        The WhatsApp Business solution that connects new WhatsApp Business Accounts for every organization.
      </Typography.Paragraph>
      {body}
    </Card>
  );
}
