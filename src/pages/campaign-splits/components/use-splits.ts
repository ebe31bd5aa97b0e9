import type { HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG } from "../../../../contract";
import type { CallBody } from "../../../../contract/calls";
import { useCall, useCallMutation } from "../../../api";
import { toast } from "../../../components/toast";

export type SplitBody = CallBody<"campaignSplits.create">;

/** A server refusal's field errors, keyed as the body names them ("variants.1.templateId"). */
export type FieldErrors = Record<string, string>;

export const PAGE_SIZE = 10;

/** Field errors of a refused create, one message per field (the drawer shows them under their inputs). */
export function fieldErrorsOf(err: unknown): FieldErrors {
  const errors = (err as HttpError | undefined)?.errors;
  const out: FieldErrors = {};
  if (!errors || typeof errors !== "object") return out;
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) out[field] = messages.join(", ");
    else if (typeof messages === "string") out[field] = messages;
  }
  return out;
}

/**
 * The caller's A/B tests a page at a time (the server pages them), the open test (refetched while it is testing, so
 * sent counts fill in as the variants send) and the create call.
 */
export function useSplits(openId: string | null) {
  const [page, setPage] = useState(1);
  const list = useCall(
    "campaignSplits.list",
    { query: { page, limit: PAGE_SIZE } },
    { errorNotification: false, queryOptions: { refetchInterval: 10_000 } },
  );
  const detail = useCall(
    "campaignSplits.get",
    { params: { id: openId ?? "" } },
    {
      errorNotification: false,
      queryOptions: {
        enabled: Boolean(openId),
        // A test in progress changes as its variants send; a finished one still gains clicks and conversions (the
        // winner's campaign was only started when the test completed), more slowly.
        refetchInterval: (q) => (q.state.data?.data.data.status === "completed" ? 30_000 : 5_000),
      },
    },
  );
  const create = useCallMutation("campaignSplits.create");
  const decide = useCallMutation("campaignSplits.decide");
  const reply = list.query.data?.data;
  return {
    rows: reply?.data ?? [],
    total: reply?.pagination.total ?? 0,
    page,
    setPage,
    loading: list.query.isLoading,
    isError: list.query.isError,
    refetch: () => list.query.refetch(),
    detail: openId ? (detail.query.data?.data.data ?? null) : null,
    detailLoading: Boolean(openId) && detail.query.isLoading,
    /**
     * Creates the test; a refusal rejects with the HttpError (its field errors for the drawer) after a toast. A form
     * (an audience file) reports how much has gone up.
     */
    save: async (body: SplitBody | FormData, onUploadProgress?: (fraction: number) => void) => {
      const done = await create.mutateAsync({
        body,
        onUploadProgress,
        successNotification: false,
        errorNotification: (err?: HttpError) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
      });
      toast.success(done.message);
      setPage(1);
      await list.query.refetch();
      return done.data.id;
    },
    saving: create.isPending,
    /** Decide now: the winner chosen and sent to the rest at once; the test and the list read again either way. */
    decide: async (id: string) => {
      try {
        const done = await decide.mutateAsync({
          params: { id },
          successNotification: false,
          errorNotification: (err?: HttpError) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
        });
        toast.success(done.message);
      } finally {
        await Promise.all([detail.query.refetch(), list.query.refetch()]);
      }
    },
    deciding: decide.isPending,
  };
}
