import { Card, Typography } from "antd";
import { useState } from "react";
import { AccountPicker } from "../../common/account-picker";
import { RateCardPanel } from "./rate-card-panel";

/**
 * The admin's per-account and per-reseller cards: pick an account, see what it pays and from which card, set rates
 * from a day, and read the history. A reseller's own rates are its cost; its default card is for its customers.
 */
export function AdminRateCards({ onSaved }: { onSaved: () => void }) {
  const [accountId, setAccountId] = useState<string | undefined>();
  return (
    <Card title="Rate cards of accounts and resellers" style={{ marginTop: 16 }}>
      <div style={{ marginBottom: 16 }}>
        <AccountPicker value={accountId} onChange={setAccountId} placeholder="Choose an account" ariaLabel="Account" />
      </div>
      {accountId ? (
        <RateCardPanel key={accountId} accountId={accountId} costLabel="Reseller's cost" onSaved={onSaved} />
      ) : (
        <Typography.Text type="secondary">
          Choose an account or a reseller: its own rates come first, then its organization's and its reseller's, then
          the rates above.
        </Typography.Text>
      )}
    </Card>
  );
}
