import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import type { CallReply } from "../../../../../contract";
import type { ChatChannel } from "../../../../../contract/domain/chats";

type Addresses = CallReply<"sandbox.phone.addresses">;
type Thread = CallReply<"sandbox.phone.messages">;

/** How often the open phone re-reads its thread: ticks move within a second, like on a real phone. */
export const PHONE_REFRESH_MS = 1000;

export interface PhoneTarget {
  channel: ChatChannel;
  address: string;
  number: string;
}

/** The simulated phone's data: the caller's business addresses, the thread with one of them, and sending. */
export function usePhone(target: PhoneTarget | null) {
  const addresses = useCustom<Addresses, HttpError>({
    url: "",
    method: "get",
    meta: { callId: "sandbox.phone.addresses" },
    errorNotification: false,
  });
  const thread = useCustom<Thread, HttpError>({
    url: "",
    method: "get",
    config: { query: target ? { channel: target.channel, address: target.address, number: target.number } : {} },
    meta: { callId: "sandbox.phone.messages" },
    errorNotification: false,
    queryOptions: { enabled: Boolean(target), refetchInterval: PHONE_REFRESH_MS },
  });
  const { mutateAsync, mutation } = useCustomMutation<{ success: true; message: string }, HttpError>();

  const send = async (text: string) => {
    if (!target) return;
    await mutateAsync({
      url: "",
      method: "post",
      values: { ...target, text },
      meta: { callId: "sandbox.phone.send" },
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
    sending: mutation.isPending,
  };
}
