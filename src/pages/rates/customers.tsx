import { Card, Flex, Segmented, Typography } from "antd";
import { useState } from "react";
import { useSession } from "../../state/session";
import { AccountPicker } from "../common/account-picker";
import { PageHeader } from "../common/page-header";
import { MarginTable } from "./components/margin-table";
import { RateCardPanel } from "./components/rate-card-panel";

type Target = "customer" | "default";

/**
 * settings/rates (reseller): its customers' rates, never below its own cost (the server refuses), either one
 * customer's card or its default for every customer without one; and the margin it earned per customer.
 */
export function RatesCustomers() {
  const { user } = useSession();
  const [target, setTarget] = useState<Target>("customer");
  const [customer, setCustomer] = useState<string | undefined>();
  const accountId = target === "default" ? user?._id : customer;
  return (
    <>
      <PageHeader description="What your customers pay per message, at or above your own cost (set by the platform), from the day you choose. A customer's own rates come first, then your default for customers, then the platform's rates. Campaigns already holding money keep the rates they started with." />
      <Flex vertical gap={16}>
        <Card title="Customer rates">
          <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
            <Segmented<Target>
              aria-label="Whose rates"
              value={target}
              onChange={setTarget}
              options={[
                { value: "customer", label: "One customer" },
                { value: "default", label: "Default for all customers" },
              ]}
            />
            {target === "customer" && (
              <AccountPicker
                value={customer}
                onChange={setCustomer}
                placeholder="Choose a customer"
                ariaLabel="Customer"
              />
            )}
          </Flex>
          {accountId ? (
            <RateCardPanel
              key={`${target}:${accountId}`}
              accountId={accountId}
              fixedScope={target === "default" ? "customers" : "account"}
              costLabel="Your cost"
            />
          ) : (
            <Typography.Text type="secondary">Choose a customer to see and set its rates.</Typography.Text>
          )}
        </Card>
        <MarginTable />
      </Flex>
    </>
  );
}
