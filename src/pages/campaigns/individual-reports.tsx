import { useSearchParams } from "react-router";
import { PageHeader } from "../common/page-header";
import { CampaignPicker } from "./components/report/campaign-picker";
import { CampaignReport } from "./components/report/campaign-report";

/** `?campaignId=` reports on one campaign, live; without it, a picker sets it (so a report can be linked to). */
export function CampaignsIndividualReports() {
  const [params, setParams] = useSearchParams();
  const id = params.get("campaignId")?.trim() || undefined;
  const choose = (next: string | null) => setParams(next ? { campaignId: next } : {});
  return (
    <>
      <PageHeader
        description={
          id
            ? undefined
            : "One campaign's full report: live progress, delivery funnel, errors, timeline, cost, responses and downloads."
        }
      />
      {id ? <CampaignReport key={id} id={id} onBack={() => choose(null)} /> : <CampaignPicker onPick={choose} />}
    </>
  );
}
