import type { ChatChannel } from "../../../../../contract/domain/chats";
import { useCall, useCallMutation } from "../../../../api";

/** How often the open phone re-reads its thread: ticks move within a second, like on a real phone. */
export const PHONE_REFRESH_MS = 1000;

export interface PhoneTarget {
  channel: ChatChannel;
  address: string;
  number: string;
}

/** The simulated phone's data: the caller's business addresses, the thread with one of them, and sending. */
export function usePhone(target: PhoneTarget | null) {
  const addresses = useCall("sandbox.phone.addresses", {}, { errorNotification: false });
  const thread = useCall(
    "sandbox.phone.messages",
    { query: target ? { channel: target.channel, address: target.address, number: target.number } : {} },
    { errorNotification: false, queryOptions: { enabled: Boolean(target), refetchInterval: PHONE_REFRESH_MS } },
  );
  const sendCall = useCallMutation("sandbox.phone.send");

  const send = async (text: string, payload?: string) => {
    if (!target) return;
    await sendCall.mutateAsync({
      body: { ...target, text, ...(payload ? { payload } : {}) },
      successNotification: false,
      errorNotification: false,
    });
    void thread.query.refetch();
  };

  return {
    addresses: addresses.query.data?.data.data ?? [],
    addressesLoading: addresses.query.isLoading,
    addressesError: addresses.query.error,
    messages: thread.query.data?.data.data ?? [],
    threadError: thread.query.error,
    send,
    sending: sendCall.isPending,
  };
}
