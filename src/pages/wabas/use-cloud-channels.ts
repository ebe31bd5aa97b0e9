import { useState } from "react";
import type { CarrierChannelRecord } from "../../../contract";
import { WHATSAPP_KIT } from "../carrier-channels/kits";
import { useCarrierChannels } from "../carrier-channels/use-carrier-channels";
import type { FormValues } from "../common/schema-form";

export type CloudDrawer = { kind: "connect" } | { kind: "edit"; channel: CarrierChannelRecord } | null;

/** What the connect drawer shows once a number is connected: the webhook to paste at Meta. */
export type JustConnected = CarrierChannelRecord | null;

/**
 * The account's WhatsApp Cloud API connections: the carrier-channel kit with one drawer that connects (by hand or by
 * Embedded Signup) or edits. Secrets go to the server and never come back: the records only say whether each is set.
 */
export function useCloudChannels() {
  const {
    forgetConnected,
    connect,
    save,
    editing: _editing,
    openEdit: _openEdit,
    closeEdit: _closeEdit,
    savingEdit: _savingEdit,
    ...channels
  } = useCarrierChannels(WHATSAPP_KIT);
  const [drawer, setDrawer] = useState<CloudDrawer>(null);
  return {
    ...channels,
    drawer,
    openConnect: () => {
      forgetConnected();
      setDrawer({ kind: "connect" });
    },
    openEdit: (channel: CarrierChannelRecord) => setDrawer({ kind: "edit", channel }),
    closeDrawer: () => {
      setDrawer(null);
      forgetConnected();
    },
    connect: (values: FormValues) => connect("carrierChannels.connectWhatsApp", values),
    save: (channel: CarrierChannelRecord, values: FormValues) => save(channel, values, () => setDrawer(null)),
  };
}

export type CloudChannelsModel = ReturnType<typeof useCloudChannels>;
