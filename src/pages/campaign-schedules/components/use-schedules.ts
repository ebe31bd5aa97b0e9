import type { HttpError } from "@refinedev/core";
import { MSG } from "../../../../contract";
import type { CallBody } from "../../../../contract/calls";
import { useCall, useCallMutation } from "../../../api";
import { toast } from "../../../components/toast";

const failed = (err?: HttpError) => ({ type: "error" as const, message: err?.message || MSG.somethingWrong });

export type ScheduleBody = CallBody<"campaignSchedules.create">;

/** The caller's schedules and the calls that change them (each change refetches the list and the open schedule). */
export function useSchedules(openId: string | null) {
  const list = useCall("campaignSchedules.list", {}, { errorNotification: false });
  const detail = useCall(
    "campaignSchedules.get",
    { params: { id: openId ?? "" } },
    { errorNotification: false, queryOptions: { enabled: Boolean(openId) } },
  );
  const create = useCallMutation("campaignSchedules.create");
  const update = useCallMutation("campaignSchedules.update");
  const pause = useCallMutation("campaignSchedules.pause");
  const resume = useCallMutation("campaignSchedules.resume");
  const remove = useCallMutation("campaignSchedules.delete");
  const refetch = async () => {
    await list.query.refetch();
    if (openId) await detail.query.refetch();
  };
  const quiet = { successNotification: false as const, errorNotification: failed };
  const done = async (reply: { message: string }) => {
    toast.success(reply.message);
    await refetch();
  };
  return {
    rows: list.query.data?.data.data ?? [],
    loading: list.query.isLoading,
    isError: list.query.isError,
    refetch,
    detail: openId ? (detail.query.data?.data.data ?? null) : null,
    detailLoading: Boolean(openId) && detail.query.isLoading,
    save: async (id: string | null, body: ScheduleBody) =>
      done(
        id
          ? await update.mutateAsync({ params: { id }, body, ...quiet })
          : await create.mutateAsync({ body, ...quiet }),
      ),
    saving: create.isPending || update.isPending,
    pause: async (id: string) => done(await pause.mutateAsync({ params: { id }, ...quiet })),
    resume: async (id: string) => done(await resume.mutateAsync({ params: { id }, ...quiet })),
    del: async (id: string) => done(await remove.mutateAsync({ params: { id }, ...quiet })),
  };
}
