import { MSG, type CallReply } from "../../../../../contract";
import { useCall, useCallMutation } from "../../../../api";
import { toast } from "../../../../components/toast";

export type InboxLabel = CallReply<"chats.labels">["data"][number];

/**
 * The account's labels (for the picker and the filter) and the one call that puts labels on and takes them off
 * conversations, from the thread or the list's selection; the list refreshes on the conversations' pushes.
 */
export function useLabels() {
  const { query } = useCall("chats.labels", {}, { errorNotification: false });
  const relabelCall = useCallMutation("chats.relabel");
  const relabel = async (ids: string[], add: string[], remove: string[]) => {
    if (ids.length === 0 || (add.length === 0 && remove.length === 0)) return null;
    try {
      const reply = await relabelCall.mutateAsync({ body: { ids, add, remove }, errorNotification: false });
      void query.refetch();
      return reply.data;
    } catch (e) {
      toast.error(e instanceof Error ? e.message : MSG.somethingWrong);
      return null;
    }
  };
  return { labels: query.data?.data.data ?? [], relabel, busy: relabelCall.isPending };
}
