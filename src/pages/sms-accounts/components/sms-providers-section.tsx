import { useMemo } from "react";
import { ChannelSection } from "../../carrier-channels/components/channel-section";
import type { SmsProvidersModel } from "../use-sms-providers";
import { SmsProviderCard } from "./sms-provider-card";
import { SmsProviderDrawer } from "./sms-provider-drawer";
import { SmsProviderEditDrawer } from "./sms-provider-edit-drawer";

/**
 * The SMS providers an account sends through (SMPP or HTTP), beside the sandbox: each claims some of the account's
 * sender ids; every other header keeps going out through the sandbox.
 */
export function SmsProvidersSection({
  page,
  accountHeaders,
}: {
  page: SmsProvidersModel;
  accountHeaders: readonly string[];
}) {
  const free = useMemo(() => {
    const claimed = new Set(page.channels.flatMap((c) => c.sms?.senderIds ?? []));
    return [...new Set(accountHeaders)].filter((h) => !claimed.has(h)).sort();
  }, [page.channels, accountHeaders]);
  return (
    <ChannelSection
      page={page}
      title="SMS providers"
      subtitle="Sender ids connected to a provider go out through it; the others through the sandbox."
      connectLabel="Connect an SMS provider"
      onConnect={() => page.openConnect("smpp")}
      empty="No SMS provider connected: every SMS goes out through the sandbox. Connect your provider's SMPP account or HTTP API to send real messages."
      card={(channel) => <SmsProviderCard channel={channel} page={page} />}
    >
      <SmsProviderDrawer page={page} headers={free} />
      <SmsProviderEditDrawer page={page} freeHeaders={free} />
    </ChannelSection>
  );
}
