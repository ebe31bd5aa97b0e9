import { CampaignStepper } from "./components/create/campaign-stepper";
import { useWhatsAppSource } from "./components/create/channel-sources";

export function CampaignsCreateWhatsapp() {
  return (
    <CampaignStepper
      channel="whatsapp"
      useSource={useWhatsAppSource}
      description="Send an approved WhatsApp template, with SMS failover for those WhatsApp cannot reach."
    />
  );
}
