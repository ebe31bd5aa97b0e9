import { Card, Empty, Flex, Typography } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AccountPicker } from "../common/account-picker";
import { PageHeader } from "../common/page-header";
import { LogView } from "./components/log-view";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * campaigns/message-log for admins and resellers: one customer's log at a time (a reseller's picker lists only its
 * customers, and the server checks it again). `?accountId=` preselects one.
 */
export function MessageLogAccounts() {
  const [params] = useSearchParams();
  const fromUrl = params.get("accountId") ?? "";
  const [accountId, setAccountId] = useState<string | undefined>(UUID.test(fromUrl) ? fromUrl : undefined);
  const picker = (
    <Flex gap={12} align="center">
      <Typography.Text>Account</Typography.Text>
      <AccountPicker
        ariaLabel="Account whose messages to show"
        placeholder="Choose an account"
        value={accountId}
        onChange={setAccountId}
      />
    </Flex>
  );
  if (!accountId)
    return (
      <>
        <PageHeader description="The messages one of your customers sent, with each status, its time and the carrier's code, and the cost." />
        <Card>
          {picker}
          <Empty style={{ marginTop: 24 }} description="Choose an account to see its messages" />
        </Card>
      </>
    );
  return (
    <LogView
      key={accountId}
      initial={{}}
      accountId={accountId}
      before={<Card style={{ marginBottom: 16 }}>{picker}</Card>}
    />
  );
}
