import { Card, Flex, Segmented, Typography } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useAbility } from "../../providers";
import { BalanceRequestsTable } from "../balance-requests/components/requests-table";
import { AccountPicker } from "../common/account-picker";
import { LedgerTable } from "../common/ledger-table";
import { PageHeader } from "../common/page-header";

type Scope = "own" | "account";

/** Balance ledger per account: the caller's own, or one of the accounts it manages. */
export function LedgerList() {
  const ability = useAbility();
  const canPick = ability.can("call", "users.list");
  const [scope, setScope] = useState<Scope>("own");
  const [accountId, setAccountId] = useState<string | undefined>(undefined);
  const [, setParams] = useSearchParams();
  // Another ledger starts at its first page: the page in the URL belonged to the one shown before.
  const firstPage = () => setParams({}, { replace: true });
  const showingAccount = scope === "account";

  return (
    <>
      <PageHeader
        description="Every balance movement with the balance after it: top-ups, deductions and transfers between accounts."
      />
      <Card styles={{ body: { padding: 0 } }}>
        <Flex gap={12} wrap align="center" style={{ padding: 16 }}>
          {canPick ? (
            <>
              <Segmented<Scope>
                value={scope}
                onChange={(value) => {
                  setScope(value);
                  firstPage();
                }}
                options={[
                  { label: "My account", value: "own" },
                  { label: "A managed account", value: "account" },
                ]}
              />
              {showingAccount && (
                <AccountPicker
                  value={accountId}
                  onChange={(id) => {
                    setAccountId(id);
                    firstPage();
                  }}
                  placeholder="Choose an account"
                  ariaLabel="Account"
                />
              )}
            </>
          ) : (
            <Typography.Text type="secondary">Showing your own account.</Typography.Text>
          )}
        </Flex>
        {showingAccount && !accountId ? (
          <LedgerPlaceholder />
        ) : (
          <LedgerTable
            key={showingAccount ? accountId : "own"}
            userId={showingAccount ? accountId : undefined}
            emptyText={showingAccount ? "No balance movements for this account yet." : "No balance movements yet."}
          />
        )}
      </Card>
      {ability.can("call", "balance.requests") && (
        <Card title="Balance requests" style={{ marginTop: 16 }} styles={{ body: { paddingTop: 8 } }}>
          <BalanceRequestsTable pageSize={10} />
        </Card>
      )}
    </>
  );
}

function LedgerPlaceholder() {
  return (
    <Typography.Paragraph type="secondary" style={{ padding: "32px 16px", textAlign: "center", margin: 0 }}>
      Choose an account to see its ledger.
    </Typography.Paragraph>
  );
}
