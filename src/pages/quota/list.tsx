import { PageHeader } from "../common/page-header";
import { QuotaView } from "./components/quota-view";

/** Quota Reports (admin) and Quota Management (reseller): money in, out and spent across the accounts in reach. */
export function QuotaList() {
  return (
    <>
      <PageHeader description="Every balance movement of your account and the accounts you manage: top-ups, deductions, campaign holds and spend, with the balance requests and their outcome." />
      <QuotaView />
    </>
  );
}
