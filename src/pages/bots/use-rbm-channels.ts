import { useState } from "react";
import { RCS_KIT } from "../carrier-channels/kits";
import { useCarrierChannels } from "../carrier-channels/use-carrier-channels";
import type { FormValues } from "../common/schema-form";

/**
 * The account's Google RCS Business Messaging connections (one agent per bot): the carrier-channel kit with one
 * connect drawer. The service-account key and client token go to the server and never come back.
 */
export function useRbmChannels() {
  const {
    forgetConnected,
    connect,
    embeddedSignup: _embeddedSignup,
    refresh: _refresh,
    ...channels
  } = useCarrierChannels(RCS_KIT);
  const [open, setOpen] = useState(false);
  return {
    ...channels,
    open,
    openConnect: () => {
      forgetConnected();
      setOpen(true);
    },
    closeDrawer: () => {
      setOpen(false);
      forgetConnected();
    },
    connect: (values: FormValues) => connect("carrierChannels.connectRcs", values),
  };
}

export type RbmChannelsModel = ReturnType<typeof useRbmChannels>;
