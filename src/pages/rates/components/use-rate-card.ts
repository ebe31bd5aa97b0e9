import type { HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG } from "../../../../contract";
import type { RateKey } from "../../../../contract/domain/rate-keys";
import type { RateCardScope } from "../../../../contract/domain/rate-cards";
import { useCall, useCallMutation } from "../../../api";
import { rateCardRefusal } from "./rate-errors";

const AUDIT_PAGE = 10;

export interface CardChange {
  scope: RateCardScope;
  /** YYYY-MM-DD (India), or empty for now. */
  day: string;
  rates: Partial<Record<RateKey, number>>;
}

/** One account's card, its audit page by page, and setting rates on it (rateCards.get, .audit, .set). */
export function useRateCard(accountId: string | undefined) {
  const enabled = Boolean(accountId);
  const params = { accountId: accountId ?? "" };
  const card = useCall("rateCards.get", { params }, { queryOptions: { enabled }, errorNotification: false });
  const [page, setPage] = useState(1);
  const audit = useCall(
    "rateCards.audit",
    { params, query: { page, limit: AUDIT_PAGE } },
    { queryOptions: { enabled }, errorNotification: false },
  );
  const setCall = useCallMutation("rateCards.set");
  // Why the last save was refused, kept on the card (not a toast that closes by itself) until the next save.
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = async (change: CardChange): Promise<boolean> => {
    setRefusal(null);
    try {
      await setCall.mutateAsync({
        params,
        body: {
          scope: change.scope,
          rates: change.rates,
          // The start of the chosen day in India; a day already begun means now (the server's rule).
          ...(change.day ? { effectiveFrom: `${change.day}T00:00:00+05:30` } : {}),
        },
        successNotification: (data) => ({
          type: "success",
          message: (data?.data as { message?: string } | undefined)?.message ?? "Rates saved",
        }),
        errorNotification: false,
      });
      await Promise.all([card.query.refetch(), audit.query.refetch()]);
      return true;
    } catch (err) {
      // The form keeps what was typed, and the card says why.
      // A Refine mutation rejects with the data provider's HttpError (message and field errors).
      setRefusal(rateCardRefusal(err as HttpError, MSG.somethingWrong));
      return false;
    }
  };

  const auditData = audit.query.data?.data;
  return {
    card: card.query.data?.data.data,
    loading: enabled && card.query.isPending,
    error: card.query.isError ? card.query.error?.message || MSG.somethingWrong : null,
    refetch: () => void card.query.refetch(),
    audit: {
      rows: auditData?.data ?? [],
      total: auditData?.count ?? 0,
      page,
      pageSize: AUDIT_PAGE,
      setPage,
      loading: enabled && audit.query.isFetching,
    },
    save,
    refusal,
    saving: setCall.isPending,
  };
}

export type RateCardState = ReturnType<typeof useRateCard>;
