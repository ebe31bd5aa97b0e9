import { useState } from "react";
import { SMS_KIT } from "../carrier-channels/kits";
import { useCarrierChannels } from "../carrier-channels/use-carrier-channels";
import type { FormValues } from "../common/schema-form";

export type SmsProviderKind = "smpp" | "http";

const CONNECT_CALL = { smpp: "carrierChannels.connectSmpp", http: "carrierChannels.connectSmsHttp" } as const;

/**
 * The account's SMS provider connections (SMPP and HTTP): the carrier-channel kit with a connect drawer per kind.
 * Secrets go to the server and never come back: the records only say whether each is set.
 */
export function useSmsProviders() {
  const {
    forgetConnected,
    connect,
    embeddedSignup: _embeddedSignup,
    refresh: _refresh,
    ...channels
  } = useCarrierChannels(SMS_KIT);
  const [drawer, setDrawer] = useState<SmsProviderKind | null>(null);
  return {
    ...channels,
    drawer,
    openConnect: (kind: SmsProviderKind = "smpp") => {
      forgetConnected();
      setDrawer(kind);
    },
    setKind: (kind: SmsProviderKind) => setDrawer(kind),
    closeDrawer: () => {
      setDrawer(null);
      forgetConnected();
    },
    connect: (kind: SmsProviderKind, values: FormValues) => connect(CONNECT_CALL[kind], values),
  };
}

export type SmsProvidersModel = ReturnType<typeof useSmsProviders>;
