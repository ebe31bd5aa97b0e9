import { CampaignStepper } from "./components/create/campaign-stepper";
import { useSmsSource } from "./components/create/channel-sources";

export function CampaignsCreateSms() {
  return (
    <CampaignStepper
      channel="sms"
      useSource={useSmsSource}
      description="Send a DLT-registered SMS template through one of your SMS accounts."
    />
  );
}
