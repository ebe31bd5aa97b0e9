import { CampaignStepper } from "./components/create/campaign-stepper";
import { useRcsSource } from "./components/create/channel-sources";

export function CampaignsCreateRcs() {
  return (
    <CampaignStepper
      channel="rcs"
      useSource={useRcsSource}
      description="Send an RCS template from one of your bots to an uploaded list or pasted numbers, with SMS failover for those RCS cannot reach."
    />
  );
}
